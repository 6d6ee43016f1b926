// The recursive part of AlphaBeta (alphabeta.h).
#ifndef LUD64_SEARCH_ALPHABETA_IMPL_H_
#define LUD64_SEARCH_ALPHABETA_IMPL_H_

#include "search/alphabeta.h"

namespace lud64 {

template <SearchableGame G>
void AlphaBeta<G>::OrderDecisions(const Position& p, DecisionList& list, Decision table_move,
                                  int ply, std::array<int, DecisionList::kCapacity>& keys) const {
  const int me = Index(p.state.to_move);
  for (int i = 0; i < list.size(); ++i) {
    const Decision d = list[i];
    int key = history_[me][d.from][d.to];
    if (d == table_move) {
      key = 1 << 30;
    } else if (IsTactical(game_, p, d)) {
      key = (1 << 29) + key;
    } else if (d == killers_[ply][0]) {
      key = 1 << 28;
    } else if (d == killers_[ply][1]) {
      key = (1 << 28) - 1;
    }
    keys[i] = key;
  }
}

template <SearchableGame G>
Score AlphaBeta<G>::Negamax(const Position& p, int depth, Score alpha, Score beta, int ply) {
  pv_length_[ply] = 0;
  if (p.state.over()) return TerminalScore(p, ply);
  const bool check_repetitions = options_.repetitions && options_.leaves == Leaves::kEvaluate;
  // One hash of the position serves the repetition rule and the table key.
  const uint64_t hash = check_repetitions || table_ ? game_.hash(p) : 0;
  if (check_repetitions && Repeats(hash, ply) && ply > 0) return 0;
  if (depth <= 0 || ply >= kMaxPly - 1) {
    return options_.quiescence && options_.leaves == Leaves::kEvaluate
               ? Quiescence(p, alpha, beta, ply, options_.quiescence_depth)
               : LeafValue(p, ply);
  }
  ++nodes_;
  if (ShouldStop()) return 0;

  // Proven results cannot be beaten by more than the shortest win from here.
  alpha = std::max(alpha, LossIn(ply));
  beta = std::min(beta, WinIn(ply + 1));
  if (alpha >= beta) return alpha;

  const Score original_alpha = alpha;
  const uint64_t key = table_ ? Key(hash, p, depth) : 0;
  Decision table_move = Decision::Pass();
  if (table_) {
    if (const TableEntry* entry = table_->Probe(key)) {
      table_move = entry->best;
      const Score stored = FromStored(entry->score, ply);
      // Heuristic search cuts only on entries of exactly this depth: a deeper
      // one would make the result depend on the order of the search (and
      // differ from no table). With bracketing leaves, deeper entries are
      // tighter bounds that are just as sound.
      const bool depth_ok =
          options_.leaves == Leaves::kEvaluate ? entry->depth == depth : entry->depth >= depth;
      if (ply > 0 && depth_ok &&
          (entry->bound == Bound::kExact || (entry->bound == Bound::kLower && stored >= beta) ||
           (entry->bound == Bound::kUpper && stored <= alpha))) {
        return stored;
      }
    }
  }

  DecisionList list;
  LegalDecisions(game_, p, list);
  std::array<int, DecisionList::kCapacity> keys;
  OrderDecisions(p, list, table_move, ply, keys);

  Score best = -kInfinity;
  Decision best_decision = list[0];
  for (int i = 0; i < list.size(); ++i) {
    // Selection sort: the best-keyed remaining decision next.
    int pick = i;
    for (int j = i + 1; j < list.size(); ++j)
      if (keys[j] > keys[pick]) pick = j;
    std::swap(keys[i], keys[pick]);
    list.swap(i, pick);
    const Decision d = list[i];
    const bool tactical = IsTactical(game_, p, d);
    const Score gain = options_.leaves == Leaves::kEvaluate && tactical ? kEarlyGain * depth : 0;
    Position child = p;
    Apply(game_, child, d);
    Score score;
    if (i == 0) {
      score = GainedScore(p, child, depth - 1, alpha, beta, ply, gain);
    } else {
      score = GainedScore(p, child, depth - 1, alpha, alpha + 1, ply, gain);
      if (score > alpha && score < beta)
        score = GainedScore(p, child, depth - 1, alpha, beta, ply, gain);
    }
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      best_decision = d;
      if (score > alpha) {
        alpha = score;
        UpdatePv(ply, d);
        if (alpha >= beta) {
          if (!tactical) {
            if (!(killers_[ply][0] == d)) {
              killers_[ply][1] = killers_[ply][0];
              killers_[ply][0] = d;
            }
            int32_t& h = history_[Index(p.state.to_move)][d.from][d.to];
            h = std::min(h + depth * depth, 1 << 26);
          }
          break;
        }
      }
    }
  }
  if (table_) {
    const Bound bound = best >= beta            ? Bound::kLower
                        : best > original_alpha ? Bound::kExact
                                                : Bound::kUpper;
    table_->Store(key, depth, ToStored(best, ply), bound, best_decision);
  }
  return best;
}

template <SearchableGame G>
Score AlphaBeta<G>::Quiescence(const Position& p, Score alpha, Score beta, int ply, int qdepth) {
  pv_length_[ply] = 0;
  if (p.state.over()) return TerminalScore(p, ply);
  ++nodes_;
  if (ShouldStop()) return 0;
  DecisionList list;
  LegalDecisions(game_, p, list);
  // A same-turn decision (a removal) cannot be skipped by standing pat.
  const bool must_decide = game_.mid_turn(p);
  Score best = -kInfinity;
  if (!must_decide) {
    best = Discounted(game_.evaluate(p), ply);
    if (best >= beta || qdepth <= 0 || ply >= kMaxPly - 2) return best;
    alpha = std::max(alpha, best);
  }
  for (const Decision d : list) {
    if (!must_decide && !IsTactical(game_, p, d)) continue;
    Position child = p;
    Apply(game_, child, d);
    const Score score = child.state.to_move == p.state.to_move
                            ? Quiescence(child, alpha, beta, ply + 1, qdepth - 1)
                            : -Quiescence(child, -beta, -alpha, ply + 1, qdepth - 1);
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        UpdatePv(ply, d);
        if (alpha >= beta) break;
      }
    }
  }
  return best;
}

}  // namespace lud64

#endif  // LUD64_SEARCH_ALPHABETA_IMPL_H_
