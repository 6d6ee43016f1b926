#include "play/opening_book.h"

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/score.h"
#include "play/argument_range.h"
#include "play/game_record.h"
#include "play/openings.h"

namespace lud64 {

std::vector<BookLine> BookLines(absl::string_view text) {
  std::vector<BookLine> lines;
  int number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++number;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line[0] == '#') continue;
    lines.push_back({number, std::string(line)});
  }
  return lines;
}

absl::StatusOr<OpeningBook> ReadOpeningBook(const std::string& path) {
  std::error_code error;
  std::ifstream in(path, std::ios::binary);
  if (!in || std::filesystem::is_directory(path, error)) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": cannot read this file"));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": read failed"));
  }
  OpeningBook book{.path = path, .lines = BookLines(text.str())};
  if (book.lines.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": holds no opening (only blank or # lines)"));
  }
  return book;
}

absl::StatusOr<RandomBookRequest> BookRequestOf(
    const BookArguments& arguments, absl::FunctionRef<std::string(absl::string_view)> name) {
  const auto check = [&](const char* argument, int64_t value, int64_t low, int64_t high,
                         absl::string_view unit = "") {
    return CheckArgumentRange(name(argument), value, low, high, unit);
  };
  for (const absl::Status& status : {
           check("count", arguments.count, 1, kMaxBookOpenings),
           check("plies", arguments.plies, 1, kMaxBookPlies),
           check("balanced", arguments.balanced, 0, kMaxBookBalanced),
       }) {
    if (!status.ok()) return status;
  }
  RandomBookRequest request{.count = static_cast<int>(arguments.count),
                            .plies = static_cast<int>(arguments.plies),
                            .balanced = static_cast<int>(arguments.balanced),
                            .seed = arguments.seed};
  if (!arguments.score_depth) {
    for (const auto& [argument, given] :
         {std::pair{"max_score", arguments.max_score.has_value()},
          std::pair{"min_score", arguments.min_score.has_value()}}) {
      if (given) {
        return absl::InvalidArgumentError(
            absl::StrCat(name(argument), " applies only with ", name("score_depth")));
      }
    }
    return request;
  }
  if (!arguments.max_score) {
    return absl::InvalidArgumentError(
        absl::StrCat(name("score_depth"), " needs ", name("max_score"), "=CP"));
  }
  const int64_t depth = *arguments.score_depth, max = *arguments.max_score;
  const int64_t min = arguments.min_score.value_or(0);
  for (const absl::Status& status : {
           check("score_depth", depth, 1, kMaxBookScoreDepth),
           check("max_score", max, 0, kMaxHeuristic),
           check("min_score", min, 0, max, absl::StrCat(" (", name("max_score"), ")")),
       }) {
    if (!status.ok()) return status;
  }
  request.score = {.depth = static_cast<int>(depth),
                   .min = static_cast<Score>(min),
                   .max = static_cast<Score>(max)};
  return request;
}

absl::Status MakeRandomBook(const AnyGame& game, const RandomBookRequest& request,
                            std::vector<std::string>& lines,
                            const std::function<void(const BookProgress&)>& on_draw) {
  std::optional<OpeningScorer> scorer;
  if (request.score.depth > 0) {
    absl::StatusOr<OpeningScorer> made = OpeningScorer::Make(game, request.score.depth);
    if (!made.ok()) return made.status();
    scorer.emplace(std::move(*made));
  }
  const size_t before = lines.size();
  int scored = 0;
  absl::Status scoring;  // a search's error (none expected: the lines are legal)
  absl::Status status = std::visit(
      [&](const auto& g) {
        return DistinctRandomOpenings(
            g, request.count, request.plies, request.balanced, request.seed,
            [&](const std::vector<Decision>& opening) {
              std::string line = LineText(g, opening);
              if (scorer) {
                if (!scoring.ok()) return false;
                absl::StatusOr<Score> score = scorer->ScoreAfter(line, request.stop);
                // A stopped search keeps nothing; the next draw sees the stop.
                if (!score.ok()) {
                  if (!absl::IsCancelled(score.status())) scoring = score.status();
                  return false;
                }
                ++scored;
                if (!request.score.Holds(*score)) return false;
              }
              lines.push_back(std::move(line));
              return true;
            },
            [&](uint64_t draws) {
              if (on_draw) {
                on_draw({.found = static_cast<int>(lines.size() - before),
                         .draws = draws,
                         .scored = scored});
              }
            },
            request.stop);
      },
      game);
  if (!scoring.ok()) return scoring;
  if (scorer && absl::IsInvalidArgument(status)) {
    return absl::InvalidArgumentError(
        absl::StrCat(status.message(), ", or widen the score window (--min-score, --max-score)"));
  }
  return status;
}

}  // namespace lud64
