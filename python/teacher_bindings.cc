// The compiled half of lud64/teacher.py: every legal action's exact value
// from the endgame tables (play/table_ranking.h), and one search through an
// engine session (play/engine_session.h) reporting what it knows per root
// action: MCTS's visit counts, alpha-beta's multi-PV lines.
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/score.h"
#include "play/engine_options.h"
#include "play/engine_session.h"
#include "play/table_ranking.h"
#include "python/bindings.h"

namespace lud64::python {
namespace {

struct TableRankingHandle {
  GamePtr game;
  std::unique_ptr<TableRanking> ranking;
};

}  // namespace

template <>
inline constexpr bool kBoundClass<TableRankingHandle> = true;

namespace {

std::unique_ptr<TableRankingHandle> OpenRanking(const GamePtr& game, const std::string& tb) {
  RequireGame(game, "game");
  absl::StatusOr<std::unique_ptr<TableRanking>> ranking = OpenTableRanking(game->game, tb);
  if (!ranking.ok()) ThrowStatus(ranking.status());
  return std::make_unique<TableRankingHandle>(TableRankingHandle{game, *std::move(ranking)});
}

// [(action id, sign, turns)], best first.
std::vector<std::tuple<int, int, int>> RankActions(const TableRankingHandle& tables,
                                                   const PositionHandle& p) {
  if (p.game->name != tables.game->name) {
    throw py::value_error(absl::StrCat("position: a position of ", p.game->name,
                                       ", the tables are ", tables.game->name, "'s"));
  }
  absl::StatusOr<std::vector<RankedAction>> ranked = tables.ranking->Rank(p.position);
  if (!ranked.ok()) ThrowStatus(ranked.status());
  std::vector<std::tuple<int, int, int>> out;
  for (const RankedAction& r : *ranked) {
    out.emplace_back(p.game->actions.id(r.decision), r.sign, r.turns);
  }
  return out;
}

py::object ScoreObject(Score score) { return py::str(ScoreText(score)); }

// One search of `kind` ('mcts' or 'alphabeta') from `p`; a dict of the best
// action id, and per root action the visits and win rates (MCTS) or the
// lines' scores (alpha-beta with multipv).
py::dict SearchPosition(const PositionHandle& p, const std::string& kind,
                        Int<uint64_t, "iterations"> iterations, Int<int, "depth"> depth,
                        Float<"time"> time, Int<int, "multipv"> multipv,
                        Int<int, "threads"> threads, Int<uint64_t, "seed"> seed,
                        Int<int, "hash"> hash) {
  if (kind != "mcts" && kind != "alphabeta") {
    throw py::value_error(absl::StrCat("engine='", kind, "': must be mcts or alphabeta"));
  }
  if (std::visit([](const auto& at) { return at.state.over(); }, p.position)) {
    throw py::value_error("state: the game is over, no action to search");
  }
  CheckRange("time", time.value, 0.0, kMaxSeconds, " seconds");
  CheckRange("depth", depth.value, 0, kMaxDepth);
  CheckRange("multipv", multipv.value, 1, 256);
  CheckRange("threads", threads.value, 1, kMaxThreads);
  CheckRange("hash", hash.value, 1, kMaxTableMib, " MiB");
  EngineOptions options;
  options.kind = kind == "mcts" ? EngineKind::kMcts : EngineKind::kAlphaBeta;
  options.threads = threads.value;
  options.seed = seed.value;
  options.hash_mib = hash.value;
  EngineLimits limits;
  limits.depth = depth.value;
  limits.nodes = kind == "mcts" ? iterations.value : 0;
  limits.seconds = time.value;
  limits.multipv = multipv.value;
  if (!limits.limited()) limits.seconds = 1;
  const absl::StatusOr<EngineAnswer> answer = RunInterruptible([&](StopFlag stop) {
    absl::StatusOr<std::unique_ptr<EngineSession>> session =
        MakeEngineSession(p.game->game, options);
    if (!session.ok()) return absl::StatusOr<EngineAnswer>(session.status());
    (*session)->NewGame(p.position, seed.value);
    return (*session)->Search(limits, stop);
  });
  if (!answer.ok()) ThrowStatus(answer.status());
  const ActionSpace& actions = p.game->actions;
  py::dict result;
  result["best"] = actions.id(answer->best);
  const EngineInfo& info = answer->info;
  result["seconds"] = info.seconds;
  if (kind == "mcts") {
    py::dict visits, win_rates;
    for (const RootDecision& r : info.root) {
      visits[py::int_(actions.id(r.decision))] = r.visits;
      win_rates[py::int_(actions.id(r.decision))] = r.win_rate;
    }
    result["visits"] = visits;
    result["win_rates"] = win_rates;
    result["win_rate"] = info.best.win_rate;
    result["iterations"] = info.iterations;
  } else {
    py::list lines;
    const std::vector<EngineInfo> all =
        answer->lines.empty() ? std::vector<EngineInfo>{info} : answer->lines;
    for (const EngineInfo& line : all) {
      py::list pv;
      for (Decision d : line.pv) pv.append(actions.id(d));
      py::dict entry;
      entry["action"] = line.pv.empty() ? actions.id(answer->best) : actions.id(line.pv.front());
      entry["score"] = ScoreObject(line.score);
      entry["depth"] = line.depth;
      entry["pv"] = pv;
      lines.append(entry);
    }
    result["lines"] = lines;
    result["nodes"] = info.nodes;
    result["depth"] = info.depth;
  }
  return result;
}

}  // namespace

void RegisterTeacher(py::module_& m) {
  py::class_<TableRankingHandle>(m, "_TableRanking", "Endgame tables opened for ranking.")
      .def(py::init(&OpenRanking), py::arg("game"), py::arg("tb"))
      .def("rank", &RankActions, py::arg("position"),
           "[(action id, sign, turns)] best first: +1 a win, 0 a draw, -1 a loss for the player "
           "to move.");
  m.def("_search", &SearchPosition, py::arg("position"), py::arg("engine"), py::arg("iterations"),
        py::arg("depth"), py::arg("time"), py::arg("multipv"), py::arg("threads"), py::arg("seed"),
        py::arg("hash"));
}

}  // namespace lud64::python
