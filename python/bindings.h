// What the files of the Python module share: a game with its action space and
// plane layout, a position tied to its game, the visit of both, errors as
// ValueError, and long work that Ctrl-C stops.
#ifndef LUD64_PYTHON_BINDINGS_H_
#define LUD64_PYTHON_BINDINGS_H_

#include <pybind11/pybind11.h>

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <variant>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "boards/game_list.h"
#include "engine/action_space.h"
#include "engine/decision.h"
#include "engine/planes.h"
#include "engine/stop.h"

namespace lud64::python {

namespace py = pybind11;

// A game and what learning code needs of it, built once per lud64.Game.
struct GameHandle {
  AnyGame game;
  std::string name;  // canonical, with options
  ActionSpace actions;
  PlaneLayout planes;
};
using GamePtr = std::shared_ptr<GameHandle>;  // never changed once made

// The game named `spec`; a ValueError with the engine's message otherwise.
GamePtr MakeGameHandle(absl::string_view spec);

// A lud64.Position: immutable; `last` is the decision that led to it (from
// play), highlighted in its picture and not part of its value.
struct PositionHandle {
  GamePtr game;
  AnyPosition position;
  std::optional<Decision> last;
};

// The position of `game` written `text` ('start' or the notation); a
// ValueError naming what is wrong otherwise.
PositionHandle ParsePositionHandle(const GamePtr& game, absl::string_view text);
// A decision's text, e.g. 'E4-E3'.
std::string DecisionText(const GameHandle& game, Decision d);
// The decision an action id or a decision's text names, legal or not; a
// ValueError for an id out of range or text that names none.
Decision ReadDecision(const GameHandle& game, const py::object& decision);

// The integer `value` stands for: an int or an object with __index__ (numpy
// integers), never a bool (True is not action 1); nullopt for anything else.
// Values beyond 64 bits are clamped, which puts them outside every range.
std::optional<int64_t> AsInteger(py::handle value);
// The type name of `value` for error messages: 'float', 'NoneType', 'float64'.
std::string TypeName(py::handle value);
// `game` itself; a TypeError naming `argument` when it is None (pybind11 turns
// None into a null holder, which would crash later).
const GamePtr& RequireGame(const GamePtr& game, absl::string_view argument);

// Calls f(game, position) with the game's own types.
template <class F>
decltype(auto) Visit(const GameHandle& game, const AnyPosition& position, F&& f) {
  return std::visit(
      [&](const auto& g) -> decltype(auto) {
        using G = std::decay_t<decltype(g)>;
        return f(g, std::get<typename G::Position>(position));
      },
      game.game);
}
template <class F>
decltype(auto) Visit(const PositionHandle& p, F&& f) {
  return Visit(*p.game, p.position, std::forward<F>(f));
}

// Throws ValueError carrying the status's message (a Cancelled status:
// KeyboardInterrupt).
[[noreturn]] void ThrowStatus(const absl::Status& status);

// Runs `work(stop)` on its own thread with the GIL released while the calling
// thread watches for Ctrl-C: Python's signal handlers run there, and a
// KeyboardInterrupt sets `stop` (engine/stop.h), waits for the work to stop,
// and is raised.
template <class Work>
auto RunInterruptible(Work&& work) -> std::invoke_result_t<Work&, StopFlag> {
  using Result = std::invoke_result_t<Work&, StopFlag>;
  std::atomic<bool> stop{false};
  std::optional<Result> result;
  std::exception_ptr failure;
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  std::thread worker([&] {
    try {
      result.emplace(work(&stop));
    } catch (...) {
      failure = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mutex);
    done = true;
    finished.notify_all();
  });
  bool interrupted = false;
  {
    py::gil_scoped_release release;
    std::unique_lock<std::mutex> lock(mutex);
    while (!finished.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; })) {
      if (interrupted) continue;
      lock.unlock();
      {
        py::gil_scoped_acquire acquire;
        if (PyErr_CheckSignals() != 0) interrupted = true;  // the exception stays set
      }
      if (interrupted) stop.store(true);
      lock.lock();
    }
  }
  worker.join();
  if (interrupted) throw py::error_already_set();
  if (failure) std::rethrow_exception(failure);
  return *std::move(result);
}

// lud64.games and lud64.Game; lud64.Position.
void RegisterGames(py::module_& m);
void RegisterPositions(py::module_& m);
void RegisterBatchEnv(py::module_& m);
void RegisterAnalysis(py::module_& m);

}  // namespace lud64::python

#endif  // LUD64_PYTHON_BINDINGS_H_
