#include "tools/lud64/search_commands.h"

#include <iostream>
#include <string>
#include <utility>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/flags.h"
#include "tools/lud64/match.h"
#include "tools/lud64/mcts_command.h"

namespace lud64 {
namespace {

int RunMctsBestMoveCommand() {
  if (absl::Status status = RejectFlags({"depth", "nodes", "hash"}, "--engine=alphabeta");
      !status.ok()) {
    return Fail(status);
  }
  MctsBestMoveRequest request;
  request.position = absl::GetFlag(FLAGS_position);
  request.limits = {absl::GetFlag(FLAGS_iterations), absl::GetFlag(FLAGS_time)};
  request.clock = absl::GetFlag(FLAGS_clock);
  request.increment = absl::GetFlag(FLAGS_inc);
  request.options.threads = absl::GetFlag(FLAGS_threads);
  request.options.seed = absl::GetFlag(FLAGS_seed);
  request.options.exploration = absl::GetFlag(FLAGS_exploration);
  const int memory_mib = absl::GetFlag(FLAGS_memory);
  request.options.memory_bytes = static_cast<size_t>(memory_mib) << 20;
  if (absl::Status status = FirstError({
          CheckRange("threads", request.options.threads, 1, 256),
          CheckRange("exploration", request.options.exploration, 0.0, 100.0),
          CheckRange("memory", memory_mib, 1, 65536, " MiB"),
      });
      !status.ok()) {
    return Fail(status);
  }
  // Without any limit, think for one second.
  if (request.limits.iterations == 0 && request.limits.seconds == 0 && request.clock == 0)
    request.limits.seconds = 1;
  return RunOnGame([&](const AnyGame& game) { return game.BestMoveMcts(request, std::cout); });
}

}  // namespace

int RunBestMoveCommand() {
  const std::string engine = absl::GetFlag(FLAGS_engine);
  if (engine != "alphabeta" && engine != "mcts") {
    return Fail(absl::InvalidArgumentError(
        absl::StrCat("--engine=", engine, ": must be alphabeta or mcts")));
  }
  BestMoveRequest request;
  request.position = absl::GetFlag(FLAGS_position);
  const int depth = absl::GetFlag(FLAGS_depth);
  request.nodes = absl::GetFlag(FLAGS_nodes);
  request.seconds = absl::GetFlag(FLAGS_time);
  request.clock = absl::GetFlag(FLAGS_clock);
  request.increment = absl::GetFlag(FLAGS_inc);
  request.hash_mib = absl::GetFlag(FLAGS_hash);
  if (absl::Status status = FirstError({
          depth == 0 ? absl::OkStatus() : CheckRange("depth", depth, 1, 100),
          CheckRange("time", request.seconds, 0.0, 100000.0, " seconds"),
          CheckRange("clock", request.clock, 0.0, 100000.0, " seconds"),
          CheckRange("inc", request.increment, 0.0, 100000.0, " seconds"),
      });
      !status.ok()) {
    return Fail(status);
  }
  if (engine == "mcts") return RunMctsBestMoveCommand();
  if (absl::Status status =
          RejectFlags({"iterations", "threads", "seed", "exploration", "memory"}, "--engine=mcts");
      !status.ok()) {
    return Fail(status);
  }
  if (absl::Status status = CheckRange("hash", request.hash_mib, 1, 65536, " MiB"); !status.ok()) {
    return Fail(status);
  }
  if (depth > 0) request.depth = depth;
  // Without any limit, think for one second.
  if (depth == 0 && request.nodes == 0 && request.seconds == 0 && request.clock == 0)
    request.seconds = 1;
  return RunOnGame([&](const AnyGame& game) { return game.BestMove(request, std::cout); });
}

int RunSolveCommand() {
  SolveRequest request;
  request.position = absl::GetFlag(FLAGS_position);
  const int depth = absl::GetFlag(FLAGS_depth);
  request.nodes = absl::GetFlag(FLAGS_nodes);
  request.seconds = absl::GetFlag(FLAGS_time);
  request.json = absl::GetFlag(FLAGS_json);
  request.hash_mib = absl::GetFlag(FLAGS_hash);
  if (absl::Status status = FirstError({
          depth == 0 ? absl::OkStatus() : CheckRange("depth", depth, 1, 100),
          CheckRange("time", request.seconds, 0.0, 100000.0, " seconds"),
          CheckRange("hash", request.hash_mib, 1, 65536, " MiB"),
      });
      !status.ok()) {
    return Fail(status);
  }
  if (depth > 0) request.depth = depth;
  return RunOnGame([&](const AnyGame& game) { return game.Solve(request, std::cout, std::cerr); });
}

int RunMatchCommand() {
  MatchRequest request;
  const std::string first = absl::GetFlag(FLAGS_p1), second = absl::GetFlag(FLAGS_p2);
  if (first.empty() || second.empty()) {
    return Fail(absl::InvalidArgumentError("match needs --p1=ENGINE and --p2=ENGINE"));
  }
  for (const auto& [text, spec] : {std::pair{&first, &request.first}, {&second, &request.second}}) {
    absl::StatusOr<EngineSpec> parsed = ParseEngineSpec(*text);
    if (!parsed.ok()) return Fail(parsed.status());
    *spec = *std::move(parsed);
  }
  request.games = absl::GetFlag(FLAGS_games);
  request.openings = absl::GetFlag(FLAGS_openings);
  request.balanced = absl::GetFlag(FLAGS_balanced);
  request.threads = absl::GetFlag(FLAGS_threads);
  request.seed = absl::GetFlag(FLAGS_seed);
  request.record = absl::GetFlag(FLAGS_record);
  request.json = absl::GetFlag(FLAGS_json);
  if (request.games < 1 || request.games > 1'000'000) {
    return Fail(absl::InvalidArgumentError(
        request.games == 0 ? "match needs --games=N (1 to 1000000)"
                           : absl::StrCat("--games=", request.games, ": must be 1 to 1000000")));
  }
  if (absl::Status status = FirstError({
          CheckRange("openings", request.openings, 0, 1000),
          CheckRange("balanced", request.balanced, 0, 20),
          CheckRange("threads", request.threads, 1, 256),
      });
      !status.ok()) {
    return Fail(status);
  }
  return RunOnGame([&](const AnyGame& game) { return game.Match(request, std::cout, std::cerr); });
}

}  // namespace lud64
