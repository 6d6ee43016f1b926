// The compiled half of lud64/judge.py: matches played by play/match.h (the
// command's colour-swapped pairs, openings, forfeits, statistics and SPRT)
// and accuracy measured by play/accuracy.h (the command's critical
// positions), where an agent is an engine spec (play/engine_spec.h, played by
// an engine session) or a Python callable (a CallerPlayer,
// play/caller_player.h); and an engine spec as a callable agent.
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "play/accuracy.h"
#include "play/engine_options.h"
#include "play/engine_session.h"
#include "play/match.h"
#include "python/bindings.h"
#include "python/spiel_state.h"

namespace lud64::python {
namespace {

// What ends a match early from a Python agent: the first exception it raised
// (re-raised once the match is over), and the match's stop flag.
struct AgentFailure {
  std::mutex mutex;
  std::exception_ptr error;
  std::atomic<bool> stop{false};

  void Set(std::exception_ptr e) {
    std::lock_guard lock(mutex);
    if (!error) error = std::move(e);
    stop.store(true);
  }
};

// A Python callable (a lud64.SpielState to an action id) as a match player.
// It runs on the match's threads, which hold no GIL: each call takes it.
class PythonPlayer final : public CallerPlayer {
 public:
  // `policy` is borrowed from lud64.match's arguments, alive through the match.
  PythonPlayer(GamePtr game, PyObject* policy, AgentFailure& failure)
      : game_(std::move(game)), failure_(failure) {
    py::gil_scoped_acquire gil;
    policy_ = py::reinterpret_borrow<py::object>(policy);
  }
  ~PythonPlayer() override {
    try {  // dropping the reference takes the GIL; a destructor must not throw
      py::gil_scoped_acquire gil;
      policy_ = py::object();
    } catch (...) {
    }
  }
  void NewGame(const AnyPosition& start) override { state_.emplace(game_, start); }
  void Played(Decision decision) override { state_->ApplyLegal(game_->actions.id(decision)); }
  absl::StatusOr<Decision> Choose(const AnyPosition&) override {
    if (failure_.stop.load()) return absl::CancelledError("the match stopped");
    py::gil_scoped_acquire gil;
    try {
      const py::object answer = policy_(py::cast(SpielStateHandle(*state_)));
      const std::optional<int64_t> id = AsInteger(answer);
      if (!id) {
        throw py::type_error(absl::StrCat("agent ", std::string(py::repr(policy_)), ": returned ",
                                          TypeName(answer), ", not an action id (int)"));
      }
      if (*id < 0 || *id >= game_->actions.size()) {
        return absl::InvalidArgumentError(absl::StrCat("action ", *id, " is out of range (0 to ",
                                                       game_->actions.size() - 1, ")"));
      }
      return game_->actions.decision(static_cast<int>(*id));
    } catch (...) {
      failure_.Set(std::current_exception());
      return absl::CancelledError("the agent raised");
    }
  }

 private:
  GamePtr game_;
  AgentFailure& failure_;
  py::object policy_;
  std::optional<SpielStateHandle> state_;
};

// The spec of argument `name`: an engine spec's text, or a callable.
EngineSpec AgentSpec(const GamePtr& game, py::handle agent, const char* name,
                     AgentFailure& failure) {
  if (py::isinstance<py::str>(agent)) {
    absl::StatusOr<EngineSpec> spec = ParseEngineSpec(agent.cast<std::string>());
    if (!spec.ok()) throw py::value_error(absl::StrCat(name, ": ", spec.status().message()));
    return *std::move(spec);
  }
  if (!PyCallable_Check(agent.ptr())) {
    throw py::type_error(
        absl::StrCat(name, ": expected a callable or an engine spec (str), got ", TypeName(agent)));
  }
  EngineSpec spec;
  spec.text = py::getattr(agent, "__qualname__", py::repr(agent)).cast<std::string>();
  spec.caller = [game, policy = agent.ptr(), &failure] {
    return std::make_unique<PythonPlayer>(game, policy, failure);
  };
  return spec;
}

// A number of the report: None where it is infinite (a score of 0 or 1).
py::object Finite(double value) {
  return std::isfinite(value) ? py::object(py::float_(value)) : py::object(py::none());
}

const char* ResultName(Outcome outcome) {
  return outcome == Outcome::kP1Wins   ? "P1"
         : outcome == Outcome::kP2Wins ? "P2"
         : outcome == Outcome::kDraw   ? "draw"
                                       : "ongoing";
}

// The fields of `lud64 match --json`, and the games.
py::dict MatchReport(const GamePtr& game, const MatchRequest& request, const MatchRun& run,
                     std::vector<GameRecord>& records) {
  const MatchTally& t = run.tally;
  const EloEstimate elo = EstimateElo(t);
  const PentanomialEstimate pairs = EstimatePentanomial(t.pentanomial);
  py::dict r;
  r["game"] = game->name;
  r["p1"] = request.first.text;
  r["p2"] = request.second.text;
  r["games"] = t.games();
  r["wins"] = t.wins;
  r["losses"] = t.losses;
  r["draws"] = t.draws;
  r["score"] = t.score();
  r["elo"] = Finite(elo.elo);
  r["elo_low"] = Finite(elo.low);
  r["elo_high"] = Finite(elo.high);
  r["openings"] = request.openings;
  r["balanced"] = request.balanced;
  r["openings_file"] =
      request.book ? py::object(py::str(request.book->path)) : py::object(py::none());
  r["seconds"] = run.seconds;
  r["stopped"] = run.stopped;
  r["forfeits_p1"] = t.forfeits_first;
  r["forfeits_p2"] = t.forfeits_second;
  r["pairs"] = pairs.pairs;
  r["pentanomial"] = std::vector<int>(t.pentanomial.begin(), t.pentanomial.end());
  r["pair_score"] = pairs.score;
  r["pair_elo"] = Finite(pairs.elo.elo);
  r["pair_elo_low"] = Finite(pairs.elo.low);
  r["pair_elo_high"] = Finite(pairs.elo.high);
  r["nelo"] = Finite(pairs.nelo);
  r["nelo_error"] = Finite(pairs.nelo_error);
  r["los"] = Finite(pairs.los);
  if (request.sprt) {
    const Sprt& s = *request.sprt;
    py::dict sprt;
    sprt["elo0"] = s.elo0;
    sprt["elo1"] = s.elo1;
    sprt["alpha"] = s.alpha;
    sprt["beta"] = s.beta;
    sprt["model"] = SprtModelName(s.model);
    sprt["llr"] = run.llr;
    sprt["lower"] = s.lower();
    sprt["upper"] = s.upper();
    sprt["result"] = SprtResultName(run.sprt_result);
    r["sprt"] = sprt;
  }
  std::sort(records.begin(), records.end(),
            [](const GameRecord& a, const GameRecord& b) { return a.index < b.index; });
  py::list games;
  for (const GameRecord& record : records) {
    py::dict g;
    g["first_as"] = record.first_colour == Player::kP1 ? "P1" : "P2";
    g["result"] = ResultName(record.outcome);
    g["line"] = RecordLine(game->game, record);
    g["forfeit"] = record.forfeit;
    games.append(g);
  }
  r["records"] = games;
  return r;
}

// A table value as lud64's (sign, turns): 1 a win, 0 a draw, -1 a loss.
py::tuple SignAndTurns(const tablebase::TbValue& value) {
  return py::make_tuple(tablebase::ResultSign(value), value.turns);
}

py::dict Accuracy(const GamePtr& game, const py::object& policy, const std::string& tables,
                  Int<int, "positions"> positions, Int<uint64_t, "seed"> seed) {
  RequireGame(game, "game");
  AgentFailure failure;
  AccuracyRequest request;
  request.engines = {AgentSpec(game, policy, "policy", failure)};
  request.tables = tables;
  CheckRange("positions", positions.value, 1, 1'000'000);
  request.positions = positions.value;
  request.seed = seed.value;
  const absl::StatusOr<AccuracyReport> report = RunInterruptible(
      [&](StopFlag stop) {
        AccuracyRequest stopped = request;
        stopped.stop = stop;
        return MeasureAccuracy(game->game, stopped, [](const std::string&) {});
      },
      &failure.stop);
  if (failure.error) std::rethrow_exception(failure.error);
  if (!report.ok()) ThrowStatus(report.status());
  const AccuracyCount total = report->engines.front().Total();
  py::list records;
  for (const CriticalRecord& record : report->positions) {
    const int action = game->actions.id(ReadDecision(*game, py::str(record.decisions.front())));
    records.append(py::make_tuple(record.position, action, SignAndTurns(record.outcomes.front()),
                                  SignAndTurns(record.value)));
  }
  py::dict r;
  r["decisions"] = total.decisions;
  r["lost"] = total.lost;
  r["slower"] = total.slower;
  r["accuracy"] = total.decisions == 0 ? 1.0 : 1.0 - double(total.lost) / total.decisions;
  r["positions"] = records;
  r["stopped"] = report->stopped;
  return r;
}

py::dict Match(const GamePtr& game, const py::object& first, const py::object& second,
               Int<int, "games"> games, Int<int, "openings"> openings,
               Int<int, "balanced"> balanced, const std::optional<std::string>& openings_file,
               Int<uint64_t, "seed"> seed, Int<int, "threads"> threads,
               const std::optional<std::pair<double, double>>& sprt, Float<"alpha"> alpha,
               Float<"beta"> beta, const std::string& sprt_model) {
  RequireGame(game, "game");
  AgentFailure failure;
  MatchRequest request;
  request.first = AgentSpec(game, first, "first", failure);
  request.second = AgentSpec(game, second, "second", failure);
  CheckRange("games", games.value, 1, 1'000'000);
  CheckRange("openings", openings.value, 0, 1000);
  CheckRange("balanced", balanced.value, 0, 20);
  CheckRange("threads", threads.value, 1, kMaxThreads);
  request.games = games.value;
  request.openings = openings.value;
  request.balanced = balanced.value;
  request.threads = threads.value;
  request.seed = seed.value;
  if (sprt) {
    absl::StatusOr<Sprt> parsed = ParseSprt(absl::StrCat(sprt->first, ",", sprt->second),
                                            alpha.value, beta.value, sprt_model);
    if (!parsed.ok()) throw py::value_error(absl::StrCat("sprt: ", parsed.status().message()));
    if (request.games % 2 != 0) {
      throw py::value_error(absl::StrCat("games=", request.games,
                                         ": an SPRT counts pairs of games, so games must be even"));
    }
    request.sprt = *parsed;
  }
  if (openings_file) {
    if (request.balanced != 0) {
      throw py::value_error("openings_file replaces random openings: give no balanced with it");
    }
    absl::StatusOr<OpeningBook> book = ReadOpeningBook(*openings_file);
    if (!book.ok()) throw py::value_error(absl::StrCat("openings_file: ", book.status().message()));
    request.book = *std::move(book);
    request.openings = 0;
  }
  std::vector<GameRecord> records;
  MatchObserver observer;
  observer.on_game = [&](const GameRecord& record, const MatchTally&) {
    records.push_back(record);
  };
  const absl::StatusOr<MatchRun> run = RunInterruptible(
      [&](StopFlag stop) {
        MatchRequest stopped = request;
        stopped.stop = stop;
        return PlayMatch(game->game, stopped, observer);
      },
      &failure.stop);
  if (failure.error) std::rethrow_exception(failure.error);
  if (!run.ok()) ThrowStatus(run.status());
  return MatchReport(game, request, *run, records);
}

// An engine spec as an agent: its decision in a position, searched by a
// session of the spec's options within its limits, from a new game there.
class SpecAgent {
 public:
  SpecAgent(const GamePtr& game, const std::string& text) : game_(RequireGame(game, "game")) {
    absl::StatusOr<EngineSpec> spec = ParseEngineSpec(text);
    if (!spec.ok()) throw py::value_error(absl::StrCat("agent: ", spec.status().message()));
    spec_ = *std::move(spec);
    if (spec_.kind() == EngineKind::kUgi) {
      throw py::value_error(
          absl::StrCat("agent: engine '", text, "': an external engine plays in lud64.match only"));
    }
    absl::StatusOr<std::unique_ptr<EngineSession>> session =
        MakeEngineSession(game_->game, spec_.options);
    if (!session.ok()) {
      throw py::value_error(
          absl::StrCat("agent: engine '", text, "': ", session.status().message()));
    }
    if (absl::Status status = (*session)->CanSearch(); !status.ok()) {
      throw py::value_error(absl::StrCat("agent: engine '", text, "' cannot play ", game_->name,
                                         ": ", status.message()));
    }
    session_ = *std::move(session);
  }
  int Choose(const PositionHandle& p) {
    if (p.game->name != game_->name) {
      throw py::value_error(
          absl::StrCat("state: a position of ", p.game->name, ", the agent plays ", game_->name));
    }
    if (PositionIsOver(p.position)) throw py::value_error("state: the game is over");
    const absl::StatusOr<EngineAnswer> answer = RunInterruptible([&](StopFlag stop) {
      session_->NewGame(p.position, spec_.options.seed);
      return session_->Search(spec_.limits, stop);
    });
    if (!answer.ok()) ThrowStatus(answer.status());
    return game_->actions.id(answer->best);
  }
  const std::string& text() const { return spec_.text; }

 private:
  GamePtr game_;
  EngineSpec spec_;
  std::unique_ptr<EngineSession> session_;
};

}  // namespace

template <>
inline constexpr bool kBoundClass<SpecAgent> = true;

void RegisterJudge(py::module_& m) {
  m.def("_match", &Match, py::arg("game"), py::arg("first"), py::arg("second"), py::arg("games"),
        py::arg("openings"), py::arg("balanced"), py::arg("openings_file"), py::arg("seed"),
        py::arg("threads"), py::arg("sprt"), py::arg("alpha"), py::arg("beta"),
        py::arg("sprt_model"), "lud64.match's work (lud64/judge.py).");
  m.def("_accuracy", &Accuracy, py::arg("game"), py::arg("policy"), py::arg("tables"),
        py::arg("positions"), py::arg("seed"), "lud64.accuracy's work (lud64/judge.py).");
  m.def(
      "_default_openings",
      [](const GamePtr& game) {
        RequireGame(game, "game");
        return DefaultOpenings(game->game);
      },
      py::arg("game"), "The random opening decisions of lud64.match and `lud64 match` by default.");
  py::class_<SpecAgent>(m, "SpecAgent", R"(An engine spec as an agent (a callable).

SpecAgent(game, 'alphabeta:depth=3')(state) is the engine's action id in a
lud64.SpielState or lud64.Position: the spec's options and limits, as
`lud64 match` reads them, each decision searched from a new game.)")
      .def(py::init<const GamePtr&, const std::string&>(), py::arg("game"), py::arg("spec"))
      .def("__call__", &SpecAgent::Choose, py::arg("state"), "The engine's action id.")
      .def(
          "__call__",
          [](SpecAgent& agent, const SpielStateHandle& state) {
            return agent.Choose(PositionHandle{state.game, state.position, std::nullopt});
          },
          py::arg("state"), "The engine's action id.")
      .def("__repr__", [](const SpecAgent& agent) {
        return absl::StrCat("lud64.SpecAgent('", agent.text(), "')");
      });
}

}  // namespace lud64::python
