// Perft: the number of nodes at exactly depth d of the tree of legal decisions
// (engine/RULES.md, "Perft"); a finished game has no children.
#ifndef LUD64_SEARCH_PERFT_H_
#define LUD64_SEARCH_PERFT_H_

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/game.h"
#include "engine/stop.h"
#include "search/playout.h"

namespace lud64 {

template <Game G>
uint64_t Perft(const G& game, const typename G::Position& position, int depth,
               StopFlag stop = nullptr) {
  if (depth == 0) return 1;
  // The last ply in bulk: the number of decisions, from the popcounts of the
  // game's decision sets when it has them (a forced pass counts one).
  if constexpr (HasDecisionSets<G>) {
    if (depth == 1) {
      if (position.state.over()) return 0;
      DecisionSets sets;
      game.decision_sets(position, sets);
      return std::max(sets.count(), 1);
    }
  }
  DecisionList list;
  LegalDecisions(game, position, list);
  if (depth == 1) return list.size();
  // Deep subtrees poll the stop flag; the caller sees it and reports.
  if (depth >= 5 && Stopping(stop)) return 0;
  uint64_t nodes = 0;
  for (Decision decision : list) {
    typename G::Position child = position;
    Apply(game, child, decision);
    nodes += Perft(game, child, depth - 1, stop);
  }
  return nodes;
}

// Perft below each first decision, in generation order. Stops early (with
// `complete` false) when `stop` is set; `on_root_done` is called after
// each first decision, for progress reports.
struct PerftDivide {
  std::vector<std::pair<Decision, uint64_t>> children;
  uint64_t total = 0;
  bool complete = true;
};

template <Game G, class Callback>
PerftDivide PerftByDecision(const G& game, const typename G::Position& position, int depth,
                            Callback on_root_done, StopFlag stop = nullptr) {
  PerftDivide result;
  DecisionList list;
  LegalDecisions(game, position, list);
  for (int i = 0; i < list.size(); ++i) {
    if (Stopping(stop)) {
      result.complete = false;
      break;
    }
    typename G::Position child = position;
    Apply(game, child, list[i]);
    const uint64_t nodes = Perft(game, child, depth - 1, stop);
    result.children.emplace_back(list[i], nodes);
    result.total += nodes;
    on_root_done(i + 1, list.size());
  }
  if (Stopping(stop)) result.complete = false;
  return result;
}

}  // namespace lud64

#endif  // LUD64_SEARCH_PERFT_H_
