// `lud64 match`: plays two engines against each other, colours alternating
// and each pair of games from the same random opening; prints the tally for
// the first engine with its Elo estimate, and records the games in the
// `replay` format (one line of decisions per game). Ctrl-C stops the match
// and reports the games finished.
#ifndef LUD64_TOOLS_LUD64_MATCH_COMMAND_H_
#define LUD64_TOOLS_LUD64_MATCH_COMMAND_H_

#include <chrono>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "tools/lud64/bestmove_command.h"
#include "tools/lud64/match_play.h"

namespace lud64 {

// Writes finished games to the record file in the order of their index, as
// they finish: a game waits only for the unfinished games before it.
class RecordWriter {
 public:
  explicit RecordWriter(std::ostream& out) : out_(out) {}
  void Add(int index, std::string line) {
    waiting_.emplace(index, std::move(line));
    Write(/*all=*/false);
  }
  // Writes what still waits, skipping the games never finished.
  void Finish() { Write(/*all=*/true); }

 private:
  // Writes the waiting games in order: all, or those that follow the last
  // one written without a gap.
  void Write(bool all) {
    for (auto it = waiting_.begin(); it != waiting_.end() && (all || it->first == next_);
         it = waiting_.erase(it)) {
      out_ << it->second << "\n";
      next_ = it->first + 1;
    }
  }
  std::ostream& out_;
  std::map<int, std::string> waiting_;
  int next_ = 0;  // the first game not yet written
};

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
  RecordWriter writer(record);
  // Drawing balanced openings can take long: a line when it starts, then
  // about every second.
  std::mutex progress_mutex;
  const auto start = std::chrono::steady_clock::now();
  std::optional<std::chrono::steady_clock::time_point> last_report;
  absl::StatusOr<MatchRun> run = PlayMatch(
      game, request,
      [&](int index, const GameRecord& played, const MatchTally& tally) {
        const char* result = played.outcome == Outcome::kDraw                ? "draw"
                             : played.outcome == WinFor(played.first_colour) ? "win"
                                                                             : "loss";
        if (record.is_open()) writer.Add(index, LineText(game, played.decisions));
        std::lock_guard lock(progress_mutex);
        progress << absl::StreamFormat(
                        "game %d/%d: %s as %s: %s in %d plies%s; +%d =%d -%d, score %.3f\n",
                        index + 1, request.games, request.first.text,
                        played.first_colour == Player::kP1 ? "P1" : "P2", result,
                        played.decisions.size(),
                        played.forfeit.empty() ? "" : absl::StrCat(" (", played.forfeit, ")"),
                        tally.wins, tally.draws, tally.losses, tally.score())
                 << std::flush;
      },
      [&](int pair, int attempt) {
        std::lock_guard lock(progress_mutex);
        const auto now = std::chrono::steady_clock::now();
        if (request.balanced == 0 || (last_report && now - *last_report < std::chrono::seconds(1)))
          return;
        last_report = now;
        progress << absl::StreamFormat(
                        "match: drawing the opening of games %d-%d, attempt %d; %.1fs\n",
                        2 * pair + 1, std::min(2 * pair + 2, request.games), attempt + 1,
                        std::chrono::duration<double>(now - start).count())
                 << std::flush;
      });
  if (!run.ok()) return run.status();
  absl::Status record_status;
  if (record.is_open()) {
    writer.Finish();
    record.close();
    if (!record) {
      record_status =
          absl::DataLossError(absl::StrCat("--record=", request.record, ": write failed"));
    }
  }
  // The results are printed even when the record could not be written.
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
  if (!record_status.ok()) return record_status;
  if (run->stopped) {
    return absl::CancelledError("match interrupted; the tally counts the games finished");
  }
  return absl::OkStatus();
}

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_MATCH_COMMAND_H_
