// lud64.perft, playouts, bestmove, solve and probe: the engines of the lud64
// command, run without the GIL and stopped by Ctrl-C. Results that the
// command prints as JSON come back as the same dictionaries.
#include <pybind11/stl.h>

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/notation.h"
#include "play/any_position.h"
#include "play/best_move.h"
#include "play/engine_options.h"
#include "play/engine_session.h"
#include "play/engine_spec.h"
#include "play/help_text.h"
#include "play/perft.h"
#include "play/playouts_run.h"
#include "play/solve_analysis.h"
#include "play/table_operations.h"
#include "python/bindings.h"

namespace lud64::python {
namespace {

py::object ParseJson(const std::string& text) {
  return py::module_::import("json").attr("loads")(text);
}

void Check(bool ok, absl::string_view message) {
  if (!ok) throw py::value_error(std::string(message));
}

std::vector<uint64_t> PerftCounts(const PositionHandle& p, Int<int, "depth"> depth_argument) {
  const int depth = depth_argument.value;
  CheckRange("depth", depth, 1, 40);
  return RunInterruptible([&](StopFlag stop) {
    return CountPerftByDepth(p.game->game, p.position, depth, stop).counts;
  });
}

// Runs one of the lud64 command's operations, which write JSON to a stream,
// on the game of `p` (or `game` from its start), and reads the JSON back;
// `operation(game, position, out, progress, stop)`.
template <class Operation>
py::object JsonOf(const GameHandle& game, const AnyPosition& position, Operation operation) {
  const std::pair<absl::Status, std::string> result = RunInterruptible([&](StopFlag stop) {
    std::ostringstream out, progress;
    absl::Status status = Visit(game, position, [&](const auto& g, const auto& at) {
      return operation(g, at, out, progress, stop);
    });
    return std::make_pair(status, out.str());
  });
  if (!result.first.ok()) ThrowStatus(result.first);
  return ParseJson(result.second);
}

// The commands read positions as text, which shows every unfinished position
// exactly but not every finished one.
void CheckOngoing(const PositionHandle& p) {
  Visit(p, [](const auto& game, const auto& position) {
    if (position.state.over()) {
      throw py::value_error(absl::StrCat("position '", FormatPosition(game, position),
                                         "': the game is already over"));
    }
  });
}

py::object Playouts(const GamePtr& game, Int<uint64_t, "count"> count_argument,
                    Float<"time"> time_argument, Int<int, "threads"> threads_argument,
                    Int<uint64_t, "seed"> seed_argument,
                    const std::optional<PositionHandle>& from) {
  const uint64_t count = count_argument.value, seed = seed_argument.value;
  const int threads = threads_argument.value;
  const double time = time_argument.value;
  RequireGame(game, "game");
  Check((count == 0) != (time == 0), "give exactly one of count=N and time=SECONDS");
  if (count > 0) {
    CheckRange<uint64_t>("count", count, 1, 1'000'000'000'000);
  } else {
    CheckRange("time", time, 0.001, kMaxSeconds, " seconds");
  }
  CheckRange("threads", threads, 1, kMaxThreads);
  const PositionHandle start = from ? *from : PositionHandle{game, {}, {}};
  Check(!from || from->game->name == game->name, "position: a position of another game");
  if (from) CheckOngoing(*from);
  AnyPosition position = start.position;
  if (!from) position = StartOf(game->game);
  return JsonOf(
      *game, position,
      [&](const auto& g, const auto& at, std::ostream& out, std::ostream& progress, StopFlag stop) {
        const PlayoutsRequest request{
            FormatPosition(g, at), count, time, threads, seed, true, stop};
        return RunPlayoutsCommand(g, request, out, progress);
      });
}

py::object Solve(const PositionHandle& p, Int<int, "depth"> depth_argument,
                 Int<uint64_t, "nodes"> nodes_argument, Float<"time"> time_argument,
                 Int<int, "hash"> hash_argument, const std::optional<std::string>& tb) {
  const int depth = depth_argument.value, hash = hash_argument.value;
  const uint64_t nodes = nodes_argument.value;
  const double time = time_argument.value;
  CheckOngoing(p);
  CheckRange("depth", depth, 1, kMaxDepth);
  CheckRange("time", time, 0.0, kMaxSeconds, " seconds");
  CheckRange("hash", hash, 1, kMaxTableMib, " MiB");
  return JsonOf(
      *p.game, p.position,
      [&](const auto& g, const auto& at, std::ostream& out, std::ostream& progress, StopFlag stop) {
        AnalysisRequest request;
        request.stop = stop;
        request.position = FormatPosition(g, at);
        request.engine.kind = EngineKind::kSolver;
        request.engine.hash_mib = hash;
        request.engine.tables = tb;
        request.limits = {.depth = depth, .nodes = nodes, .seconds = time};
        return RunSolve(AnyGame(g), request, /*json=*/true, out, progress);
      });
}

py::object Probe(const PositionHandle& p, const std::string& tb) {
  const absl::StatusOr<std::string> json = RunInterruptible(
      [&](StopFlag) { return ProbeTables(p.game->game, p.position, tb, /*json=*/true); });
  if (!json.ok()) ThrowStatus(json.status());
  return ParseJson(*json);
}

struct BestMoveOptions {
  std::string engine;
  double time = 0;
  int depth = 0;
  uint64_t nodes = 0, iterations = 0;
  int threads = 1;
  uint64_t seed = 1;
  int hash = kDefaultHashMib, memory = kDefaultTreeMib;
  double exploration = kDefaultExploration;
  double press = kDefaultPress;
  std::optional<std::string> tb;
  MctsLeaves leaves = MctsLeaves::kEvaluation;
  Evaluation evaluation = kDefaultEvaluation;
  std::string network_file;  // "": the built-in network
  StopFlag stop = nullptr;   // the KeyboardInterrupt's (RunInterruptible)
};

// JSON text of the decisions of a line, as a list of strings.
std::string JsonLine(const EngineSession& engine, const std::vector<Decision>& line) {
  std::vector<std::string> texts;
  for (Decision d : line) texts.push_back(absl::StrCat("\"", engine.DecisionText(d), "\""));
  return absl::StrCat("[", absl::StrJoin(texts, ","), "]");
}

// The decision and the JSON text of what the engine session's search knows.
absl::StatusOr<std::pair<std::string, std::string>> SessionBestMove(
    const AnyGame& game, const std::string& position, const BestMoveOptions& options) {
  AnalysisRequest request;
  request.position = position;
  EngineOptions& engine = request.engine;
  const bool mcts = options.engine == "mcts";
  engine.kind = mcts ? EngineKind::kMcts : EngineKind::kAlphaBeta;
  engine.hash_mib = options.hash;
  engine.memory_mib = options.memory;
  engine.threads = options.threads;
  engine.seed = options.seed;
  engine.exploration = options.exploration;
  engine.press = options.press;
  engine.leaves = options.leaves;
  engine.evaluation = options.evaluation;
  engine.evalfile = options.network_file;
  engine.tables = options.tb;
  request.limits = {.depth = options.depth,
                    .nodes = mcts ? options.iterations : options.nodes,
                    .seconds = options.time};
  absl::StatusOr<std::unique_ptr<EngineSession>> session = StartSession(game, request);
  if (!session.ok()) return session.status();
  const EngineSession& session_view = **session;
  absl::StatusOr<EngineAnswer> answer = (*session)->Search(request.limits, options.stop);
  if (!answer.ok()) return answer.status();
  const EngineInfo& r = answer->info;
  const std::string best = session_view.DecisionText(answer->best);
  if (r.table) {
    return std::make_pair(
        best, absl::StrFormat(R"({"engine": "alphabeta", "tablebase": true, "value": "%s", )"
                              R"("turns": %d, "pv": %s})",
                              VerdictName(*r.table), r.table->turns,
                              JsonLine(session_view, r.table->line)));
  }
  if (!mcts) {
    return std::make_pair(
        best, absl::StrFormat(R"({"engine": "alphabeta", "depth": %d, "score": "%s", "nodes": %d, )"
                              R"("seconds": %.6f, "pv": %s})",
                              r.depth, ScoreText(r.score), r.nodes, r.seconds,
                              JsonLine(session_view, r.pv)));
  }
  const char* proven = r.best.proven == Outcome::kOngoing ? "null"
                       : r.best.proven == Outcome::kDraw  ? "\"draw\""
                       : r.best.proven == WinFor(r.mover) ? "\"win\""
                                                          : "\"loss\"";
  return std::make_pair(
      best,
      absl::StrFormat(R"({"engine": "mcts", "iterations": %d, "seconds": %.6f, "nodes": %d, )"
                      R"("visits": %d, "win_rate": %.6f, "proven": %s, "memory_full": %s, )"
                      R"("pv": %s})",
                      r.iterations, r.seconds, r.nodes, r.best.visits, r.best.win_rate, proven,
                      r.memory_full ? "true" : "false", JsonLine(session_view, r.pv)));
}

py::tuple BestMove(const PositionHandle& p, BestMoveOptions options) {
  Check(options.engine == "alphabeta" || options.engine == "mcts",
        absl::StrCat("engine='", options.engine, "': must be alphabeta or mcts"));
  CheckRange("time", options.time, 0.0, kMaxSeconds, " seconds");
  CheckRange("depth", options.depth, 0, kMaxDepth);  // 0: no depth limit
  CheckRange("threads", options.threads, 1, kMaxThreads);
  CheckRange("hash", options.hash, 1, kMaxTableMib, " MiB");
  CheckRange("memory", options.memory, 1, kMaxTableMib, " MiB");
  CheckRange("exploration", options.exploration, 0.0, kMaxExploration);
  CheckRange("press", options.press, 0.0, 1.0);
  // A limit of the other engine would be ignored, and a search without its
  // own limit never ends: refuse it, as `lud64 bestmove` does.
  const BestMoveOptions defaults;
  const bool mcts = options.engine == "mcts";
  const std::pair<const char*, bool> others[] = {
      {"depth", !mcts || options.depth == defaults.depth},
      {"nodes", !mcts || options.nodes == defaults.nodes},
      {"hash", !mcts || options.hash == defaults.hash},
      {"iterations", mcts || options.iterations == defaults.iterations},
      {"seed", mcts || options.seed == defaults.seed},
      {"memory", mcts || options.memory == defaults.memory},
      {"exploration", mcts || options.exploration == defaults.exploration},
      {"press", mcts || options.press == defaults.press},
      {"leaves", mcts || options.leaves == defaults.leaves},
  };
  for (const auto& [name, fits] : others) {
    Check(fits,
          absl::StrCat(name, ": applies only with engine='", mcts ? "alphabeta" : "mcts", "'"));
  }
  // Without any limit, think for one second, as `lud64 bestmove` does.
  if (options.time == 0 && options.depth == 0 && options.nodes == 0 && options.iterations == 0) {
    options.time = 1;
  }
  const auto result = RunInterruptible([&](StopFlag stop) {
    options.stop = stop;
    return Visit(p,
                 [&](const auto& game,
                     const auto& root) -> absl::StatusOr<std::pair<std::string, std::string>> {
                   if (root.state.over()) {
                     return absl::InvalidArgumentError(
                         absl::StrCat("position '", FormatPosition(game, root),
                                      "': the game is over, no decision to make"));
                   }
                   return SessionBestMove(AnyGame(game), FormatPosition(game, root), options);
                 });
  });
  if (!result.ok()) ThrowStatus(result.status());
  return py::make_tuple(result->first, ParseJson(result->second));
}

}  // namespace

void RegisterAnalysis(py::module_& m) {
  m.def("perft", &PerftCounts, py::arg("position"), py::arg("depth"),
        "[perft(1), ..., perft(depth)]: the nodes at each depth of the decision tree from\n"
        "`position` (engine/RULES.md, 'Perft'), as `lud64 perft` counts them.");
  m.def("playouts", &Playouts, py::arg("game"), py::kw_only(), py::arg("count") = 0,
        py::arg("time") = 0.0, py::arg("threads") = 1, py::arg("seed") = 1,
        py::arg("position") = std::nullopt,
        "Uniform random playouts from the start (or `position`): give count=N or time=SECONDS.\n"
        "Returns the dictionary `lud64 playouts --json` prints (playouts, decisions,\n"
        "p1_wins, p2_wins, draws, mean_plies, ...). The same seed and count give the same\n"
        "totals with any number of threads.");
  const std::string bestmove_doc = absl::StrCat(
      "(decision, info): the best decision found within the limits (one second without any).\n"
      "engine='alphabeta' (depth, nodes, time, hash MiB, threads: lazy SMP, nodes counting\n"
      "every thread's): info has depth, score ('cp 35', 'win in 5'), nodes, seconds, pv.\n"
      "engine='mcts' (iterations, time, threads, seed,\n"
      "memory MiB, exploration, press: the pressing term's weight, 0 to 1,\n"
      "leaves='evaluation' or 'playout'): info has iterations,\n"
      "visits, win_rate, proven, nodes, pv.\n",
      WrappedText(absl::StrCat("eval (either engine): ", kEvaluationHelp,
                               ". evalfile=PATH: ", kEvaluationFileHelp, "."),
                  88, ""),
      "tb=DIR ('' for the default directory) uses endgame tables, as `lud64 bestmove --tb`.\n"
      "An option of the other engine (depth with engine='mcts', ...) raises ValueError.");
  m.def(
      "bestmove",
      [](const PositionHandle& p, Float<"time"> time, Int<int, "depth"> depth,
         Int<uint64_t, "nodes"> nodes, const std::string& engine,
         Int<uint64_t, "iterations"> iterations, Int<int, "threads"> threads,
         Int<uint64_t, "seed"> seed, Int<int, "hash"> hash, Int<int, "memory"> memory,
         Float<"exploration"> exploration, Float<"press"> press,
         const std::optional<std::string>& tb, const std::string& leaves,
         const std::string& evaluation, const std::string& evalfile) {
        const std::optional<MctsLeaves> parsed = ValueNamed(kMctsLeavesNames, leaves);
        Check(parsed.has_value(),
              absl::StrCat("leaves='", leaves, "': must be ", NameChoices(kMctsLeavesNames)));
        const std::optional<Evaluation> parsed_evaluation =
            ValueNamed(kEvaluationNames, evaluation);
        Check(parsed_evaluation.has_value(),
              absl::StrCat("eval='", evaluation, "': must be ", NameChoices(kEvaluationNames)));
        Check(evalfile.empty() || *parsed_evaluation != Evaluation::kClassic,
              "evalfile: applies only with eval='learned' or 'whole'");
        return BestMove(p, {engine, time.value, depth.value, nodes.value, iterations.value,
                            threads.value, seed.value, hash.value, memory.value, exploration.value,
                            press.value, tb, *parsed, *parsed_evaluation, evalfile});
      },
      py::arg("position"), py::kw_only(), py::arg("time") = 0.0, py::arg("depth") = 0,
      py::arg("nodes") = 0, py::arg("engine") = "alphabeta", py::arg("iterations") = 0,
      py::arg("threads") = 1, py::arg("seed") = 1, py::arg("hash") = kDefaultHashMib,
      py::arg("memory") = kDefaultTreeMib, py::arg("exploration") = kDefaultExploration,
      py::arg("press") = kDefaultPress, py::arg("tb") = std::nullopt,
      py::arg("leaves") = "evaluation",
      py::arg("eval") = NameOf(kEvaluationNames, kDefaultEvaluation), py::arg("evalfile") = "",
      bestmove_doc.c_str());
  m.def("solve", &Solve, py::arg("position"), py::kw_only(), py::arg("depth") = 100,
        py::arg("nodes") = 0, py::arg("time") = 0.0, py::arg("hash") = kDefaultHashMib,
        py::arg("tb") = std::nullopt,
        "The proven value of `position` for the player to move, or the bounds reached within\n"
        "the limits: the dictionary `lud64 solve --json` prints (value, plies, best, pv,\n"
        "nodes, seconds, proven, bounds, to_move). tb=DIR uses endgame tables.");
  m.def("probe", &Probe, py::arg("position"), py::kw_only(), py::arg("tb") = "",
        "The endgame tables' answer for `position` (tables in `tb`, '' for the default\n"
        "directory), as `lud64 tb probe --json`: value and turns (under the turn limit),\n"
        "plies, best, decisions, line, unlimited, family. Games or positions without tables raise "
        "ValueError.");
}

}  // namespace lud64::python
