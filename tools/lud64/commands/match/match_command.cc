#include "tools/lud64/commands/match/match_command.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/input_text.h"
#include "tools/lud64/commands/match/match_report.h"

namespace lud64 {
namespace {

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

// A PGN tag's value: backslashes and quotes escaped, control characters
// written as escapes (a record line holds one game).
std::string TagValue(absl::string_view text) {
  std::string escaped;
  for (char c : text) {
    if (c == '\\' || c == '"') escaped += '\\';
    escaped += c;
  }
  return Escaped(escaped, std::numeric_limits<size_t>::max());
}

// The opening of a game's pair, as a key: its book line, or its random
// decisions.
std::string OpeningKey(const MatchRequest& request, const GameRecord& played) {
  if (request.book) {
    return request.book->lines[(played.index / 2) % request.book->lines.size()].text;
  }
  std::string key;
  for (int i = 0; i < request.openings && i < static_cast<int>(played.decisions.size()); ++i) {
    const Decision d = played.decisions[i];
    absl::StrAppend(&key, static_cast<int>(d.kind), ":", d.from, ":", d.to, " ");
  }
  return key;
}

// How many of the pairs `openings` (pair -> its opening key) start where an
// earlier one did.
int RepeatedOpenings(const std::map<int, std::string>& openings) {
  std::set<std::string> seen;
  int repeats = 0;
  for (const auto& [pair, key] : openings) repeats += seen.insert(key).second ? 0 : 1;
  return repeats;
}

}  // namespace

std::string RecordHeader(const std::string& game_name, const MatchRequest& request,
                         const GameRecord& played) {
  std::string opening;
  if (request.book) {
    const OpeningBook& book = *request.book;
    const BookLine& line = book.lines[(played.index / 2) % book.lines.size()];
    opening = absl::StrCat(book.path, ":", line.number);
  } else if (request.openings == 0) {
    opening = "the start";
  } else {
    opening = absl::StrCat(request.openings, " random decisions");
    if (request.balanced > 0) absl::StrAppend(&opening, ", none decided within ", request.balanced);
  }
  const bool first_is_p1 = played.first_colour == Player::kP1;
  const char* result = played.outcome == Outcome::kP1Wins   ? "1-0"
                       : played.outcome == Outcome::kP2Wins ? "0-1"
                       : played.outcome == Outcome::kDraw   ? "1/2-1/2"
                                                            : "*";
  std::string header = absl::StrFormat(
      "# [Round \"%d\"] [Game \"%s\"] [P1 \"%s\"] [P2 \"%s\"] [Opening \"%s\"] [Result \"%s\"]",
      played.index + 1, TagValue(game_name),
      TagValue(first_is_p1 ? request.first.text : request.second.text),
      TagValue(first_is_p1 ? request.second.text : request.first.text), TagValue(opening), result);
  if (!played.forfeit.empty()) {
    absl::StrAppend(&header, " [Termination \"", TagValue(played.forfeit), "\"]");
  }
  return header;
}

absl::Status RunMatch(const AnyGame& game, const MatchCommandRequest& command, std::ostream& out,
                      std::ostream& progress) {
  const MatchRequest& request = command.match;
  std::ofstream record;
  if (!command.record.empty()) {
    record.open(command.record);
    if (!record) {
      return absl::InvalidArgumentError(
          absl::StrCat("--record=", command.record, ": cannot write to this file"));
    }
  }
  RecordWriter writer(record);
  // Engines that repeat their games make pairs from one opening copies.
  const bool repeating = RepeatsItsGames(request.first) && RepeatsItsGames(request.second);
  if (repeating && !request.book && request.openings == 0) {
    progress << "lud64 match: warning: --openings=0 with engines that repeat their games (no time "
                "limit): every pair plays the same two games; give --openings=K or "
                "--openings-file\n";
  }
  std::map<int, std::string> pair_openings;  // of the games finished
  // on_game and on_pair come one at a time, on_drawing from several threads
  // at once (play/match.h); drawing balanced openings can take long: a line
  // when it starts, then about every second.
  const auto start = std::chrono::steady_clock::now();
  std::optional<std::chrono::steady_clock::time_point> last_report;
  std::mutex drawing_mutex;  // on_drawing is called from any thread
  MatchObserver observer;
  observer.on_game = [&](const GameRecord& played, const MatchTally& tally) {
    const char* result = played.outcome == Outcome::kDraw                ? "draw"
                         : played.outcome == WinFor(played.first_colour) ? "win"
                                                                         : "loss";
    if (repeating) pair_openings[played.index / 2] = OpeningKey(request, played);
    if (record.is_open()) {
      writer.Add(played.index, absl::StrCat(RecordHeader(GameName(game), request, played), "\n",
                                            RecordLine(game, played)));
    }
    progress << absl::StreamFormat(
                    "game %d/%d: %s as %s: %s in %d plies%s; +%d =%d -%d, score %.3f\n",
                    played.index + 1, request.games, request.first.text,
                    played.first_colour == Player::kP1 ? "P1" : "P2", result,
                    played.decisions.size(),
                    played.forfeit.empty() ? "" : absl::StrCat(" (", played.forfeit, ")"),
                    tally.wins, tally.draws, tally.losses, tally.score())
             << std::flush;
  };
  if (request.sprt) {
    observer.on_pair = [&](const MatchTally& tally, double llr) {
      progress << absl::StreamFormat("pair %d: %s, Ptnml(0-2) [%s]\n", tally.pairs(),
                                     SprtLine(*request.sprt, llr),
                                     absl::StrJoin(tally.pentanomial, ", "))
               << std::flush;
    };
  }
  observer.on_drawing = [&](int pair, int attempt) {
    std::lock_guard lock(drawing_mutex);
    const auto now = std::chrono::steady_clock::now();
    if (request.balanced == 0 || (last_report && now - *last_report < std::chrono::seconds(1)))
      return;
    last_report = now;
    progress << absl::StreamFormat("match: drawing the opening of games %d-%d, attempt %d; %.1fs\n",
                                   2 * pair + 1, std::min(2 * pair + 2, request.games), attempt + 1,
                                   std::chrono::duration<double>(now - start).count())
             << std::flush;
  };
  absl::StatusOr<MatchRun> run = PlayMatch(game, request, observer);
  if (!run.ok()) return run.status();
  absl::Status record_status;
  if (record.is_open()) {
    writer.Finish();
    record.close();
    if (!record) {
      record_status =
          absl::DataLossError(absl::StrCat("--record=", command.record, ": write failed"));
    }
  }
  if (const int repeats = RepeatedOpenings(pair_openings);
      repeating && (request.book || request.openings > 0) && repeats > 0) {
    progress << absl::StreamFormat(
        "lud64 match: warning: %d of %d pairs repeat an earlier pair's opening, with engines "
        "that repeat their games: their games are copies; use more --openings decisions or a "
        "longer --openings-file\n",
        repeats, pair_openings.size());
  }
  // The results are printed even when the record could not be written.
  PrintMatchSummary({.game = GameName(game),
                     .first = request.first.text,
                     .second = request.second.text,
                     .games_requested = request.games,
                     .openings = request.openings,
                     .balanced = request.balanced,
                     .book = request.book ? request.book->path : "",
                     .tally = run->tally,
                     .seconds = run->seconds,
                     .stopped = run->stopped,
                     .sprt = request.sprt,
                     .llr = run->llr,
                     .sprt_result = run->sprt_result},
                    command.json, out);
  if (!record_status.ok()) return record_status;
  if (run->stopped) {
    return absl::CancelledError("match interrupted; the tally counts the games finished");
  }
  return absl::OkStatus();
}

}  // namespace lud64
