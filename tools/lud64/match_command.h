// `lud64 match`: plays two engines against each other, colours alternating
// and each pair of games from the same random opening; prints the tally for
// the first engine with its Elo estimate, and records the games in the
// `replay` format (one line of decisions per game). Ctrl-C stops the match
// and reports the games finished.
#ifndef LUD64_TOOLS_LUD64_MATCH_COMMAND_H_
#define LUD64_TOOLS_LUD64_MATCH_COMMAND_H_

#include <fstream>
#include <ostream>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "tools/lud64/bestmove_command.h"
#include "tools/lud64/match_play.h"

namespace lud64 {

template <Game G>
absl::Status RunMatch(const G& game, const MatchRequest& request, std::ostream& out,
                      std::ostream& progress) {
  std::ofstream record;
  if (!request.record.empty()) {
    record.open(request.record);
    if (!record) {
      return absl::InvalidArgumentError(
          absl::StrCat("--record=", request.record, ": cannot write to this file"));
    }
  }
  absl::StatusOr<MatchRun> run =
      PlayMatch(game, request, [&](int index, const GameRecord& played, const MatchTally& tally) {
        const char* result = played.outcome == Outcome::kDraw                ? "draw"
                             : played.outcome == WinFor(played.first_colour) ? "win"
                                                                             : "loss";
        progress << absl::StreamFormat(
                        "game %d/%d: %s as %s: %s in %d plies%s; +%d =%d -%d, score %.3f\n",
                        index + 1, request.games, request.first.text,
                        played.first_colour == Player::kP1 ? "P1" : "P2", result,
                        played.decisions.size(),
                        played.forfeit.empty() ? "" : absl::StrCat(" (", played.forfeit, ")"),
                        tally.wins, tally.draws, tally.losses, tally.score())
                 << std::flush;
      });
  if (!run.ok()) return run.status();
  if (record.is_open()) {
    for (const GameRecord& played : run->games) {
      if (played.outcome != Outcome::kOngoing) record << LineText(game, played.decisions) << "\n";
    }
    record.close();
    if (!record) {
      return absl::DataLossError(absl::StrCat("--record=", request.record, ": write failed"));
    }
  }
  PrintMatchSummary({.game = game.name(),
                     .first = request.first.text,
                     .second = request.second.text,
                     .games_requested = request.games,
                     .openings = request.openings,
                     .balanced = request.balanced,
                     .tally = run->tally,
                     .seconds = run->seconds,
                     .stopped = run->stopped},
                    request.json, out);
  if (run->stopped) {
    return absl::CancelledError("match interrupted; the tally counts the games finished");
  }
  return absl::OkStatus();
}

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_MATCH_COMMAND_H_
