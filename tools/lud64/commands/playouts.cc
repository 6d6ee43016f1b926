// `lud64 playouts`: uniform random playouts.
#include <iostream>

#include "absl/flags/flag.h"
#include "play/engine_options.h"
#include "play/playouts_run.h"
#include "tools/common/interrupt.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/common_flags.h"

namespace lud64 {
namespace {

int RunPlayoutsCommand(const std::string&) {
  PlayoutsRequest request;
  request.position = absl::GetFlag(FLAGS_position);
  request.count = absl::GetFlag(FLAGS_count);
  request.seconds = absl::GetFlag(FLAGS_time);
  request.threads = absl::GetFlag(FLAGS_threads);
  request.seed = absl::GetFlag(FLAGS_seed);
  request.json = absl::GetFlag(FLAGS_json);
  request.stop = InterruptFlag();
  if ((request.count == 0) == (request.seconds == 0)) {
    return Fail(absl::InvalidArgumentError("give exactly one of --count=N and --time=SECONDS"));
  }
  if (absl::Status status = FirstError({
          request.count ? CheckRange<uint64_t>("count", request.count, 1, 1'000'000'000'000)
                        : CheckRange("time", request.seconds, 0.001, kMaxSeconds, " seconds"),
          CheckRange("threads", request.threads, 1, kMaxThreads),
      });
      !status.ok()) {
    return Fail(status);
  }
  return RunOnGame(
      [&](const auto& game) { return RunPlayoutsCommand(game, request, std::cout, std::cerr); });
}

}  // namespace

extern const Command kPlayoutsCommand;
const Command kPlayoutsCommand = {
    "playouts",
    "lud64 playouts [--game=G] [--position=P] (--count=N | --time=S) [--threads=T] [--seed=S] "
    "[--json]",
    "Uniform random playouts: speed, results with 95% intervals, lengths, how games ended.\n"
    "  The same seed and count give the same totals with any number of threads.\n"
    "  example: lud64 playouts --game=guettal --count=1000000 --threads=2",
    {"game", "position", "count", "time", "threads", "seed", "json"},
    RunPlayoutsCommand,
    {},
    {},
    {{"count", "playouts to play, 1 to 10^12 (this or --time)"},
     {"time", "seconds to play, decimals allowed, 0.001 to 86400 (this or --count)"}}};

}  // namespace lud64
