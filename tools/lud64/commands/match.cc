// `lud64 match`: two engines play each other.
#include "tools/lud64/match.h"

#include <algorithm>
#include <iostream>
#include <string>
#include <utility>

#include "absl/flags/flag.h"
#include "engine/input_text.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/common_flags.h"
#include "tools/lud64/match_command.h"
#include "tools/lud64/memory_check.h"

ABSL_FLAG(std::string, p1, "", "match: the engine the results are counted for, e.g. mcts:time=0.1");
ABSL_FLAG(std::string, p2, "", "match: its opponent, e.g. random or alphabeta:depth=4");
ABSL_FLAG(int, games, 0, "match: number of games (1 to 1000000)");
ABSL_FLAG(int, openings, 0,
          "match: random decisions from the start shared by each pair of games (0 to 1000)");
ABSL_FLAG(int, balanced, 0,
          "match: draw an opening again when the solver finds its result decided within this "
          "many plies (0: off; 1 to 20)");
ABSL_FLAG(std::string, record, "",
          "match: file to write the games to, one line of decisions each (the replay format)");

namespace lud64 {
namespace {

int RunMatchCommand(const std::string&) {
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
  // Each thread playing games has its own player of each engine.
  const int workers = std::min(request.threads, request.games);
  for (const EngineSpec* spec : {&request.first, &request.second}) {
    const size_t mebibytes = spec->kind == EngineKind::kAlphaBeta ? spec->hash_mib
                             : spec->kind == EngineKind::kMcts    ? spec->memory_mib
                                                                  : 0;
    if (mebibytes == 0) continue;
    const std::string what =
        workers > 1 ? absl::StrCat("its tables in ", workers, " threads") : "its table";
    if (absl::Status status =
            CheckMemoryFor(absl::StrCat("engine ", Quoted(spec->text)), mebibytes * workers, what);
        !status.ok()) {
      return Fail(status);
    }
  }
  return RunOnGame([&](const auto& game) { return RunMatch(game, request, std::cout, std::cerr); });
}

}  // namespace

extern const Command kMatchCommand;
const Command kMatchCommand = {
    "match",
    "lud64 match [--game=G] --p1=ENGINE[:opt=val,...] --p2=ENGINE[:opt=val,...] --games=N "
    "[--openings=K] [--balanced=P] [--threads=T] [--seed=S] [--record=FILE] [--json]",
    "Play two engines against each other, colours alternating, each pair of games from\n"
    "  the same K random decisions from the start; games run in parallel over --threads.\n"
    "  --balanced=P draws an opening again when its result is forced within P plies.\n"
    "  Prints wins, losses and draws for --p1, its score (a draw counts half) and the Elo\n"
    "  difference with a 95% interval. Engines:\n"
    "    random\n"
    "    alphabeta[:time=S,depth=D,nodes=N,hash=MiB,quiescence=0|1,tb=DIR]\n"
    "    mcts[:time=S,iterations=N,threads=T,exploration=C,memory=MiB,tb=DIR]\n"
    "    ugi:[time=S,depth=D,nodes=N,margin=S,]cmd=COMMAND  (an external UGI engine;\n"
    "      cmd last. lud64 judges its decisions: an illegal one, a crash, or no bestmove\n"
    "      within time + margin (default 2 s) loses that game by forfeit, reason shown)\n"
    "  tb=DIR: the engine uses the endgame tables in DIR (lud64 tb build).\n"
    "  A searching engine without a limit thinks 0.1 s a decision.\n"
    "  example: lud64 match --game=damdaman --p1=mcts:time=0.1 --p2=random --games=10",
    {"game", "p1", "p2", "games", "openings", "balanced", "threads", "seed", "record", "json"},
    RunMatchCommand};

}  // namespace lud64
