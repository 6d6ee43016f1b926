// `lud64 book`: writes an opening book for `lud64 match --openings-file`.
#include <chrono>
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

namespace lud64 {
namespace {

constexpr int kMaxOpenings = 1'000'000;

int RunBookCommand(const std::string&) {
  const uint64_t count = absl::GetFlag(FLAGS_count);
  const int plies = absl::GetFlag(FLAGS_plies), balanced = absl::GetFlag(FLAGS_balanced);
  const uint64_t seed = absl::GetFlag(FLAGS_seed);
  if (count == 0 || plies == 0) {
    return Fail(absl::InvalidArgumentError("book needs --count=N and --plies=K"));
  }
  if (absl::Status status = FirstError({
          CheckRange<uint64_t>("count", count, 1, kMaxOpenings),
          CheckRange("plies", plies, 1, 1000),
          CheckRange("balanced", balanced, 0, 20),
      });
      !status.ok()) {
    return Fail(status);
  }
  return RunOnGame([&](const auto& game) {
    const auto start = std::chrono::steady_clock::now();
    auto last_report = start;
    // Written at the end: a run that fails (fewer distinct openings than asked
    // for) writes no book, where `> file` would keep a short one; a run
    // stopped by Ctrl-C writes what it found.
    std::vector<std::string> openings;
    absl::Status status =
        MakeRandomBook(AnyGame(game),
                       {.count = static_cast<int>(count),
                        .plies = plies,
                        .balanced = balanced,
                        .seed = seed,
                        .stop = InterruptFlag()},
                       openings, [&](int found, uint64_t draws) {
                         const auto now = std::chrono::steady_clock::now();
                         if (now - last_report < std::chrono::seconds(1)) return;
                         last_report = now;
                         std::cerr << absl::StreamFormat(
                             "book: %d of %d openings, %d draws; %.1fs\n", found, count, draws,
                             std::chrono::duration<double>(now - start).count());
                       });
    if (!status.ok() && !absl::IsCancelled(status)) return status;
    std::cout << absl::StreamFormat("# lud64 book --game=%s --count=%d --plies=%d%s --seed=%d\n",
                                    game.name(), count, plies,
                                    balanced ? absl::StrCat(" --balanced=", balanced) : "", seed);
    for (const std::string& opening : openings) std::cout << opening << "\n";
    std::cout.flush();
    return status;
  });
}

}  // namespace

extern const Command kBookCommand;
const Command kBookCommand = {
    "book",
    "lud64 book [--game=G] --count=N --plies=K [--balanced=P] [--seed=S]",
    "Write an opening book for match --openings-file: N distinct openings of K random\n"
    "  decisions from the start, one a line, none that ends the game and, with\n"
    "  --balanced=P, none whose result the solver proves within P plies. The same seed\n"
    "  writes the same book.\n"
    "  example: lud64 book --game=davxar --count=100 --plies=8 --balanced=4 > davxar.book",
    {"game", "count", "plies", "balanced", "seed"},
    RunBookCommand,
    {},
    {},
    {{"count", "openings to write, 1 to 1000000 (required)"}}};

}  // namespace lud64
