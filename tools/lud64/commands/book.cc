// `lud64 book`: writes an opening book for `lud64 match --openings-file`.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "play/opening_book.h"
#include "tools/common/interrupt.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/common_flags.h"

ABSL_FLAG(int, plies, 0, "book: random decisions from the start in each opening (1 to 1000)");
ABSL_FLAG(int, score_depth, 0,
          "book: keep only openings whose alpha-beta score at this depth (one thread) lies "
          "within --min-score and --max-score of 0 (1 to 30; without it: all)");
ABSL_FLAG(int, max_score, 0,
          "book: with --score-depth, the largest score kept, either side, in centi-pieces "
          "(0 to 100000)");
ABSL_FLAG(int, min_score, 0,
          "book: with --score-depth, the smallest score kept, either side (0 to --max-score): "
          "a small edge, as in UHO books");

namespace lud64 {
namespace {

// A flag's value, or nullopt when it was not given.
std::optional<int64_t> GivenFlag(const absl::Flag<int>& flag, absl::string_view name) {
  if (!FlagGiven(name)) return std::nullopt;
  return absl::GetFlag(flag);
}

int RunBookCommand(const std::string&) {
  const uint64_t count = absl::GetFlag(FLAGS_count);
  const int plies = absl::GetFlag(FLAGS_plies);
  if (count == 0 || plies == 0) {
    return Fail(absl::InvalidArgumentError("book needs --count=N and --plies=K"));
  }
  // play/'s checks, which lud64.book shares; a count past int64 stays out of range.
  absl::StatusOr<RandomBookRequest> request =
      BookRequestOf({.count = static_cast<int64_t>(std::min<uint64_t>(count, INT64_MAX)),
                     .plies = plies,
                     .balanced = absl::GetFlag(FLAGS_balanced),
                     .score_depth = GivenFlag(FLAGS_score_depth, "score_depth"),
                     .max_score = GivenFlag(FLAGS_max_score, "max_score"),
                     .min_score = GivenFlag(FLAGS_min_score, "min_score"),
                     .seed = absl::GetFlag(FLAGS_seed)},
                    [](absl::string_view name) { return "--" + DashedFlag(std::string(name)); });
  if (!request.ok()) return Fail(request.status());
  request->stop = InterruptFlag();
  const ScoreWindow& score = request->score;
  return RunOnGame([&](const auto& game) {
    const auto start = std::chrono::steady_clock::now();
    auto last_report = start;
    // Written at the end: a run that fails (fewer distinct openings than asked
    // for) writes no book, where `> file` would keep a short one; a run
    // stopped by Ctrl-C writes what it found.
    std::vector<std::string> openings;
    absl::Status status =
        MakeRandomBook(AnyGame(game), *request, openings, [&](const BookProgress& progress) {
          const auto now = std::chrono::steady_clock::now();
          if (now - last_report < std::chrono::seconds(1)) return;
          last_report = now;
          std::cerr << absl::StreamFormat(
              "book: %d of %d openings, %d draws%s; %.1fs\n", progress.found, count, progress.draws,
              score.depth ? absl::StrCat(", ", progress.scored, " scored") : "",
              std::chrono::duration<double>(now - start).count());
        });
    if (!status.ok() && !absl::IsCancelled(status)) return status;
    std::cout << absl::StreamFormat(
        "# lud64 book --game=%s --count=%d --plies=%d%s%s --seed=%d\n", game.name(), count, plies,
        request->balanced ? absl::StrCat(" --balanced=", request->balanced) : "",
        score.depth ? absl::StrCat(" --score-depth=", score.depth, " --min-score=", score.min,
                                   " --max-score=", score.max)
                    : "",
        request->seed);
    for (const std::string& opening : openings) std::cout << opening << "\n";
    std::cout.flush();
    return status;
  });
}

}  // namespace

extern const Command kBookCommand;
const Command kBookCommand = {
    "book",
    "lud64 book [--game=G] --count=N --plies=K [--balanced=P] [--score-depth=D "
    "--max-score=CP [--min-score=CP]] [--seed=S]",
    "Write an opening book for match --openings-file: N distinct openings of K random\n"
    "  decisions from the start, one a line, none that ends the game and, with\n"
    "  --balanced=P, none whose result the solver proves within P plies. With\n"
    "  --score-depth=D, only openings whose alpha-beta score at depth D (one thread, the\n"
    "  default evaluation: what bestmove --depth=D --moves=LINE reports) lies between\n"
    "  --min-score and --max-score centi-pieces for either side: openings that favour\n"
    "  neither colour by more. The same seed writes the same book.\n"
    "  example: lud64 book --game=davxar --count=100 --plies=8 --balanced=4 > davxar.book\n"
    "  example: lud64 book --count=100 --plies=9 --score-depth=7 --max-score=50 > even.book",
    {"game", "count", "plies", "balanced", "score_depth", "max_score", "min_score", "seed"},
    RunBookCommand,
    {},
    {},
    {{"count", "openings to write, 1 to 1000000 (required)"}}};

}  // namespace lud64
