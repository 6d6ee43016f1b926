// `lud64 bestmove`: the best decision by alpha-beta or by MCTS.
#include <iostream>
#include <optional>
#include <string>

#include "absl/flags/flag.h"
#include "absl/strings/ascii.h"
#include "engine/input_text.h"
#include "play/best_move.h"
#include "play/engine_options.h"
#include "play/memory_check.h"
#include "tools/common/interrupt.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/common_flags.h"

ABSL_FLAG(int, multipv, 1,
          "alpha-beta: search the best this many lines (1 to 64), each scored exactly; an info "
          "line per line and depth, 'multipv I' naming the line");
ABSL_FLAG(uint64_t, iterations, 0, "mcts: stop after this many iterations (0: no limit)");
ABSL_FLAG(double, exploration, lud64::kDefaultExploration,
          "mcts: the UCB1 exploration constant (0 to 100)");
ABSL_FLAG(double, press, lud64::kDefaultPress,
          "mcts: the weight of the pressing term, 0 to 1 (0: off): far ahead, a leaf is also "
          "worth what it gains on the root, so that a won game is won sooner");
ABSL_FLAG(std::string, leaves, "evaluation",
          "mcts: what a new leaf is worth: the static evaluation, or a random playout's result");

ABSL_FLAG(std::string, eval, lud64::NameOf(lud64::kEvaluationNames, lud64::kDefaultEvaluation),
          lud64::kEvaluationHelp);
ABSL_FLAG(std::string, evalfile, "", lud64::kEvaluationFileHelp);

namespace lud64 {
namespace {

// --eval, or the error naming it.
absl::StatusOr<Evaluation> EvaluationFlag() {
  const std::string text = absl::GetFlag(FLAGS_eval);
  const std::optional<Evaluation> evaluation = ValueNamed(kEvaluationNames, text);
  if (evaluation == Evaluation::kClassic && FlagGiven("evalfile")) {
    return absl::InvalidArgumentError(
        "--evalfile applies only with --eval=learned or --eval=whole");
  }
  if (evaluation) return *evaluation;
  return absl::InvalidArgumentError(
      absl::StrCat("--eval=", Escaped(text), ": must be ", NameChoices(kEvaluationNames)));
}

int RunMctsBestMoveCommand(AnalysisRequest& request) {
  if (absl::Status status =
          RejectFlags({"depth", "nodes", "hash", "multipv"}, "--engine=alphabeta");
      !status.ok()) {
    return Fail(status);
  }
  EngineOptions& engine = request.engine;
  engine.kind = EngineKind::kMcts;
  request.limits.nodes = absl::GetFlag(FLAGS_iterations);
  engine.seed = absl::GetFlag(FLAGS_seed);
  engine.exploration = absl::GetFlag(FLAGS_exploration);
  engine.press = absl::GetFlag(FLAGS_press);
  const std::string leaves = absl::GetFlag(FLAGS_leaves);
  const std::optional<MctsLeaves> parsed = ValueNamed(kMctsLeavesNames, leaves);
  if (!parsed) {
    return Fail(absl::InvalidArgumentError(
        absl::StrCat("--leaves=", Escaped(leaves), ": must be ", NameChoices(kMctsLeavesNames))));
  }
  engine.leaves = *parsed;
  engine.memory_mib = absl::GetFlag(FLAGS_memory);
  if (absl::Status status = FirstError({
          CheckRange("exploration", engine.exploration, 0.0, kMaxExploration),
          CheckRange("press", engine.press, 0.0, 1.0),
          CheckRange("memory", engine.memory_mib, 1, kMaxTableMib, " MiB"),
      });
      !status.ok()) {
    return Fail(status);
  }
  if (absl::Status status = CheckMemoryFor(absl::StrCat("--memory=", engine.memory_mib),
                                           engine.memory_mib, "the search tree");
      !status.ok()) {
    return Fail(status);
  }
  return 0;
}

int RunAlphaBetaBestMoveCommand(AnalysisRequest& request) {
  if (absl::Status status = RejectFlags(
          {"iterations", "seed", "exploration", "press", "memory", "leaves"}, "--engine=mcts");
      !status.ok()) {
    return Fail(status);
  }
  request.engine.kind = EngineKind::kAlphaBeta;
  request.engine.hash_mib = absl::GetFlag(FLAGS_hash);
  if (absl::Status status = FirstError({
          CheckRange("hash", request.engine.hash_mib, 1, kMaxTableMib, " MiB"),
          CheckMemoryFor(absl::StrCat("--hash=", request.engine.hash_mib), request.engine.hash_mib,
                         "the transposition table"),
      });
      !status.ok()) {
    return Fail(status);
  }
  request.limits.depth = absl::GetFlag(FLAGS_depth);
  request.limits.nodes = absl::GetFlag(FLAGS_nodes);
  request.limits.multipv = absl::GetFlag(FLAGS_multipv);
  if (absl::Status status = CheckRange("multipv", request.limits.multipv, 1, kMaxMultipv);
      !status.ok()) {
    return Fail(status);
  }
  return 0;
}

int RunBestMoveCommand(const std::string&) {
  const std::string engine = absl::AsciiStrToLower(absl::GetFlag(FLAGS_engine));
  if (engine != "alphabeta" && engine != "mcts") {
    return Fail(absl::InvalidArgumentError(
        absl::StrCat("--engine=", Escaped(engine), ": must be alphabeta or mcts")));
  }
  AnalysisRequest request;
  request.position = absl::GetFlag(FLAGS_position);
  request.moves = absl::GetFlag(FLAGS_moves);
  request.stop = InterruptFlag();
  EngineLimits& limits = request.limits;
  const int depth = absl::GetFlag(FLAGS_depth);
  limits.seconds = absl::GetFlag(FLAGS_time);
  limits.clock = absl::GetFlag(FLAGS_clock);
  limits.increment = absl::GetFlag(FLAGS_inc);
  request.engine.threads = absl::GetFlag(FLAGS_threads);
  if (absl::Status status = FirstError({
          CheckRange("threads", request.engine.threads, 1, kMaxThreads),
          FlagGiven("depth") ? CheckRange("depth", depth, 1, kMaxDepth) : absl::OkStatus(),
          CheckRange("time", limits.seconds, 0.0, kMaxSeconds, " seconds"),
          CheckRange("clock", limits.clock, 0.0, kMaxSeconds, " seconds"),
          CheckRange("inc", limits.increment, 0.0, kMaxSeconds, " seconds"),
          FlagGiven("inc") && !FlagGiven("clock")
              ? absl::InvalidArgumentError("--inc applies only with --clock")
              : absl::OkStatus(),
      });
      !status.ok()) {
    return Fail(status);
  }
  if (const int code =
          engine == "mcts" ? RunMctsBestMoveCommand(request) : RunAlphaBetaBestMoveCommand(request);
      code != 0) {
    return code;
  }
  absl::StatusOr<Evaluation> evaluation = EvaluationFlag();
  if (!evaluation.ok()) return Fail(evaluation.status());
  request.engine.evaluation = *evaluation;
  request.engine.evalfile = absl::GetFlag(FLAGS_evalfile);
  if (FlagGiven("tb")) request.engine.tables = absl::GetFlag(FLAGS_tb);
  // Without any limit, think for one second.
  if (!limits.limited()) limits.seconds = 1;
  return RunOnGame([&](const auto& game) { return RunBestMove(game, request, std::cout); });
}

}  // namespace

extern const Command kBestMoveCommand;
const Command kBestMoveCommand = {
    "bestmove",
    "lud64 bestmove [--game=G] [--position=P] [--moves=\"D ...\"] [--depth=D] [--nodes=N] "
    "[--time=S] "
    "[--clock=S [--inc=S]] [--hash=MiB] [--multipv=K] [--threads=T] [--eval=E] [--evalfile=F] "
    "[--tb=DIR]\n"
    "  lud64 bestmove --engine=mcts [--game=G] [--position=P] [--moves=\"D ...\"] [--iterations=N] "
    "[--time=S] "
    "[--clock=S [--inc=S]] [--threads=T] [--seed=S] [--exploration=C] [--press=W]\n"
    "              [--memory=MiB] [--leaves=playout|evaluation] [--eval=E] [--evalfile=F] "
    "[--tb=DIR]",
    "Search for the best decision. Alpha-beta (the default): one info line per depth, then\n"
    "  bestmove. Scores are in centi-pieces (cp 100 = one piece ahead) for the player to\n"
    "  move, or 'win in N' / 'loss in N' plies.\n"
    "  --engine=mcts: Monte Carlo tree search with the static evaluation at its leaves\n"
    "  (--leaves=playout: uniform random playouts instead), proving wins and losses\n"
    "  where it can; an info line about every second (iterations, iterations/s, the best\n"
    "  decision, its visits and win rate for the player to move), then bestmove.\n"
    "  Without a limit either thinks for one second. --moves: decisions played from\n"
    "  --position, the game so far; alpha-beta scores a return to one of its positions 0.\n"
    "  --eval=E, --evalfile=F: either engine's static evaluation and its weight file\n"
    "  (below, at --eval and --evalfile).\n"
    "  --multipv=K: alpha-beta's best K lines, each scored exactly (the K-th with the first\n"
    "  decisions of the others left out), an info line per line and depth.\n"
    "  --threads=T: either engine searches on T threads. Alpha-beta by lazy SMP: the\n"
    "  threads share one table, the main one decides and its info lines count every\n"
    "  thread's nodes; one thread searches exactly as it always has, T > 1 varies\n"
    "  from run to run.\n"
    "  --tb=DIR: endgame tables. From a position they hold, alpha-beta plays their best\n"
    "  decision at once; in either search, positions they hold are exact (MCTS: proven).\n"
    "  example: lud64 bestmove --game=guettal --depth=6\n"
    "  example: lud64 bestmove --game=davxar --time=2 --threads=2\n"
    "  example: lud64 bestmove --engine=mcts --game=damdaman --time=5 --threads=2",
    {"game",        "position", "moves",   "depth",  "nodes",      "time",     "clock",
     "inc",         "hash",     "multipv", "engine", "iterations", "threads",  "seed",
     "exploration", "press",    "memory",  "leaves", "eval",       "evalfile", "tb"},
    RunBestMoveCommand,
    {},
    {},
    {{"moves",
      "decisions played from --position, separated by spaces: the game so far (alpha-beta's "
      "repetition rule reads it)"},
     {"depth", "alpha-beta: depth in plies, 1 to 100 (default: no limit)"},
     {"time", "seconds to think, decimals allowed, up to 86400 (default: '0', no limit)"},
     {"memory", "mcts: the tree's memory bound in MiB, 1 to 65536 (default: '256')"},
     {"engine",
      "alphabeta or mcts (Monte Carlo tree search), in any case (default: 'alphabeta')"}}};

}  // namespace lud64
