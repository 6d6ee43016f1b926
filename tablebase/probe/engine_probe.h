// Endgame tables for the searches: an EndgameProbe (search/endgame_probe.h)
// over tables opened once and shared by every copy of the probe.
#ifndef LUD64_TABLEBASE_PROBE_ENGINE_PROBE_H_
#define LUD64_TABLEBASE_PROBE_ENGINE_PROBE_H_

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "search/endgame_probe.h"
#include "tablebase/probe/game_tables.h"
#include "tablebase/probe/probe.h"

namespace lud64::tablebase {

// A table value as a search sees it (exact unless said).
inline TableValue SearchValue(const TbValue& value, bool exact = true) {
  return {ResultSign(value), value.turns, exact || value.result == TbResult::kDraw};
}

// A probe over tables already open, shared by every copy of the probe.
template <TablebaseGame Tb>
EndgameProbe<typename Tb::Position> ProbeOver(std::shared_ptr<const Tablebase<Tb>> base) {
  using Position = typename Tb::Position;
  int max_pieces = 0;
  for (const auto& [key, slice] : base->tables().all()) {
    max_pieces = std::max(max_pieces, base->tb().Pieces(key));
  }
  const auto value = [base](const Position& position) -> std::optional<TableValue> {
    const std::optional<TbValue> exact = base->Lookup(position);
    if (!exact) return std::nullopt;
    return SearchValue(UnderTurnLimit(*exact, position.state.turn));
  };
  // A result whose longest distance the turn limit could cut to a draw needs
  // its own distance.
  const auto result = [base, value](const Position& position) -> std::optional<TableValue> {
    const std::optional<TbValue> longest = base->LookupResult(position);
    if (!longest) return std::nullopt;
    if (position.state.turn + longest->turns > kTurnLimit) return value(position);
    return SearchValue(*longest, /*exact=*/false);
  };
  return {.value = value, .result = result, .max_pieces = max_pieces};
}

// The tables' full answer for a position (its value and an optimal line to
// the end); an error for a position they do not hold.
template <class Position>
using TableAnswer = std::function<absl::StatusOr<TbProbeResult>(const Position&)>;

// The tables a search uses, opened once: the root's full answer when they
// hold the root, the probe for the positions below it, and the full answer
// for any position they hold.
template <class Position>
struct SearchTables {
  std::optional<TbProbeResult> root;
  EndgameProbe<Position> probe;
  TableAnswer<Position> answer;
};

// The tables of `game` in `dir` ("" for the default directory), opened once
// and shared by the probes made over them.
template <Game G>
requires TablebaseFor<G>::kSupported
    absl::StatusOr<std::shared_ptr<const Tablebase<typename TablebaseFor<G>::Type>>>
    OpenShared(const G& game, const std::string& dir) {
  using Tb = typename TablebaseFor<G>::Type;
  absl::StatusOr<Tablebase<Tb>> opened = OpenTablebase(game, dir, FileCheck::kHeader);
  if (!opened.ok()) return opened.status();
  return std::make_shared<const Tablebase<Tb>>(*std::move(opened));
}

// Opens the tables of `game` in `dir` for a search from `root`.
template <Game G>
absl::StatusOr<SearchTables<typename G::Position>> OpenSearchTables(
    const G& game, const typename G::Position& root, const std::string& dir) {
  if constexpr (!TablebaseFor<G>::kSupported) {
    return NoTablebaseError(game.name());
  } else {
    auto base = OpenShared(game, dir);
    if (!base.ok()) return base.status();
    SearchTables<typename G::Position> tables;
    tables.probe = ProbeOver(*base);
    tables.answer = [base = *base](const typename G::Position& position) {
      return ProbeOpen(*base, position);
    };
    if (tables.probe(root)) {
      absl::StatusOr<TbProbeResult> answer = tables.answer(root);
      if (!answer.ok()) return answer.status();
      tables.root = *std::move(answer);
    }
    return tables;
  }
}

// A probe over the tables of `game` in `dir`, for searches from many roots.
template <Game G>
absl::StatusOr<EndgameProbe<typename G::Position>> MakeEndgameProbe(const G& game,
                                                                    const std::string& dir) {
  if constexpr (!TablebaseFor<G>::kSupported) {
    return NoTablebaseError(game.name());
  } else {
    auto base = OpenShared(game, dir);
    if (!base.ok()) return base.status();
    return ProbeOver(*std::move(base));
  }
}

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_PROBE_ENGINE_PROBE_H_
