// A game's tables opened (OpenTablebase), and a position's full answer from
// them (ProbeOpen: its value, every decision ranked, an optimal line), for
// any game with a tablebase adapter (TablebaseFor<G>); the error for a game
// without one. What the searches' probe (engine_probe.h) and the operations
// of `lud64 tb` (operations/tb_operations.h) share.
#ifndef LUD64_TABLEBASE_PROBE_GAME_TABLES_H_
#define LUD64_TABLEBASE_PROBE_GAME_TABLES_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/decision.h"
#include "engine/game.h"
#include "tablebase/format/tb_file.h"
#include "tablebase/probe/probe.h"
#include "tablebase/tb_game.h"

namespace lud64::tablebase {

// The error for games without tablebases.
absl::Status NoTablebaseError(absl::string_view game_name);

// The tables of a game that has them (TablebaseFor<G>::kSupported), in `dir`.
// Probing opens them with FileCheck::kHeader: a table's checksum reads the
// whole file, and `tb verify`, `tb info` and the build check it.
template <Game G>
absl::StatusOr<Tablebase<typename TablebaseFor<G>::Type>> OpenTablebase(
    const G& game, const std::string& dir, FileCheck check = FileCheck::kChecksum,
    SliceAccess access = SliceAccess::kProbe, int threads = 1) {
  using Tb = typename TablebaseFor<G>::Type;
  return Tablebase<Tb>::Open(Tb::ForGame(game), TablebaseDir(dir), check, access, threads);
}

struct TbProbeResult {
  std::string family;
  TbValue value;        // for the player to move, without the turn limit
  TbValue under_limit;  // the same at the position's turn counter
  std::optional<Decision> best;
  std::vector<RankedDecision> decisions;  // best first
  std::vector<Decision> line;             // an optimal line to the end (wins and losses)
};

// Probes with tables already open (engines keep them open).
template <TablebaseGame Tb>
absl::StatusOr<TbProbeResult> ProbeOpen(const Tablebase<Tb>& base,
                                        const typename Tb::Position& position) {
  TbProbeResult result;
  result.family = base.tb().family();
  absl::StatusOr<TbValue> value = base.Probe(position);
  if (!value.ok()) return value.status();
  result.value = *value;
  result.under_limit = UnderTurnLimit(*value, position.state.turn);
  absl::StatusOr<std::vector<RankedDecision>> ranked = base.Rank(position);
  if (!ranked.ok()) return ranked.status();
  result.decisions = *std::move(ranked);
  if (!result.decisions.empty()) result.best = result.decisions.front().decision;
  if (value->result == TbResult::kDraw) return result;
  // The line: both sides' optimal decisions until the end (bounded: a slowest
  // loss may be long, and the line is only shown).
  typename Tb::Position at = position;
  at.state.turn = 0;
  for (int ply = 0; ply < 1000 && !at.state.over(); ++ply) {
    absl::StatusOr<std::vector<RankedDecision>> options = base.Rank(at);
    if (!options.ok()) return options.status();
    result.line.push_back(options->front().decision);
    Apply(base.tb().game(), at, options->front().decision);
  }
  return result;
}

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_PROBE_GAME_TABLES_H_
