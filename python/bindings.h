// What the files of the Python module share: a game with its action space and
// plane layout, a position tied to its game, the visit of both, errors as
// ValueError, how arguments are read (numbers, objects made by __new__), and
// long work that Ctrl-C stops.
#ifndef LUD64_PYTHON_BINDINGS_H_
#define LUD64_PYTHON_BINDINGS_H_

#include <pybind11/pybind11.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <variant>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "boards/game_list.h"
#include "engine/action_space.h"
#include "engine/decision.h"
#include "engine/planes.h"
#include "engine/stop.h"
#include "play/argument_range.h"

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

// The int `value` stands for: an int or an object with __index__ (numpy
// integers), never a bool (True is not action 1); nullopt for anything else.
std::optional<py::int_> AsInt(py::handle value);
// AsInt's value, clamped to 64 bits, which puts it outside every range.
std::optional<int64_t> AsInteger(py::handle value);
// The number `value` stands for: an int, a float or an object with __float__
// (numpy scalars), never a bool, numpy.bool_ or a complex number (numpy's
// would lose its imaginary part); an int beyond a double is an infinity, which
// puts it outside every range; nullopt for anything else.
std::optional<double> AsFloat(py::handle value);
// The type name of `value` for error messages: 'float', 'NoneType', 'float64'.
std::string TypeName(py::handle value);
// `game` itself; a TypeError naming `argument` when it is None (pybind11 turns
// None into a null holder, which would crash later).
const GamePtr& RequireGame(const GamePtr& game, absl::string_view argument);

// An argument's name as a template argument: Int<int, "depth">, Float<"time">.
template <size_t N>
struct ArgumentName {
  // NOLINTNEXTLINE(google-explicit-constructor): converted from the literal
  constexpr ArgumentName(const char (&text)[N]) { std::copy_n(text, N, chars); }
  char chars[N] = {};
};

// The T an integer argument stands for; a TypeError naming it for anything
// else. Signed values are clamped to T, since each function checks its signed
// arguments' ranges and names them; an unsigned value outside T (a seed, a
// limit where 0 means none) is a ValueError.
template <class T>
T IntArgument(py::handle value, absl::string_view name) {
  const std::optional<py::int_> index = AsInt(value);
  if (!index) throw py::type_error(absl::StrCat(name, ": expected an int, got ", TypeName(value)));
  if constexpr (std::is_signed_v<T>) {
    return static_cast<T>(std::clamp<int64_t>(*AsInteger(*index), std::numeric_limits<T>::min(),
                                              std::numeric_limits<T>::max()));
  } else {
    static_assert(std::is_same_v<T, uint64_t>, "unsigned arguments are uint64_t");
    const uint64_t result = PyLong_AsUnsignedLongLong(index->ptr());
    if (PyErr_Occurred() != nullptr) {
      PyErr_Clear();
      throw py::value_error(absl::StrCat(name, "=", std::string(py::repr(*index)),
                                         ": must be 0 to ", std::numeric_limits<T>::max()));
    }
    return result;
  }
}

// The double a floating-point argument stands for (AsFloat); a TypeError
// naming it for anything else. NaN and the infinities pass: each function's
// range check refuses them with its message, as the command's flags do.
double FloatArgument(py::handle value, absl::string_view name);

// An integer argument, read as play() reads action ids (AsInt), so that
// seed=True is a TypeError naming `kName` rather than seed 1 (pybind11 takes
// bools as numbers); a floating-point one likewise (AsFloat: time=True is not
// one second). help() shows them as int and float (`time: float = 0.0`).
template <class T, ArgumentName kName>
struct Int {
  static constexpr auto kPythonType = py::detail::const_name("int");
  static Int Read(py::handle value) { return {IntArgument<T>(value, kName.chars)}; }
  T value;
};
template <ArgumentName kName>
struct Float {
  static constexpr auto kPythonType = py::detail::const_name("float");
  static Float Read(py::handle value) { return {FloatArgument(value, kName.chars)}; }
  double value;
};

// The caster of Int and Float (below): their Read, which raises rather than
// let pybind11 try another conversion.
template <class Argument>
class ArgumentCaster {
 public:
  PYBIND11_TYPE_CASTER(Argument, Argument::kPythonType);
  bool load(py::handle src, bool /*convert*/) {
    value = Argument::Read(src);
    return true;
  }
};

// Cls.__new__(Cls) makes an object without its C++ value, whose raw storage
// pybind11 2.10 (Debian 12) hands to methods: a crash. The casters of the
// classes (kBoundClass, below) call this first: a TypeError naming the class
// when `object` is an instance of `type` whose holder was never built. Holders are built
// with the value (__init__, __setstate__, a method returning one), since no
// method returns a reference to an object of these classes.
void RequireInitialized(py::handle object, const py::detail::type_info* type);

template <class Caster>
class InitializedCaster : public Caster {
 public:
  bool load(py::handle src, bool convert) {
    RequireInitialized(src, this->typeinfo);
    return Caster::load(src, convert);
  }
};

// The classes bound with py::class_ (batch_env_bindings.cc adds its own).
template <class T>
inline constexpr bool kBoundClass = false;
template <>
inline constexpr bool kBoundClass<GameHandle> = true;
template <>
inline constexpr bool kBoundClass<PositionHandle> = true;

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

// Throws ValueError carrying the status's message (a Cancelled status: what a
// signal handler raised, or else KeyboardInterrupt).
[[noreturn]] void ThrowStatus(const absl::Status& status);

// The limits of the batched environments (lud64.BatchEnv, lud64.pgx): games
// at once, and threads (0: as many as the batch and the cores call for).
inline constexpr int64_t kMaxBatchSize = int64_t{1} << 24;
inline constexpr int kMaxBatchThreads = 256;

// A ValueError `name=value: must be low to high[unit]` unless low <= value <=
// high (NaN fails): the one range check of the module, in the command's form
// without its `--` (play/argument_range.h); `unit` with its leading space.
template <class T>
void CheckRange(absl::string_view name, T value, std::type_identity_t<T> low,
                std::type_identity_t<T> high, absl::string_view unit = "") {
  if (absl::Status status = CheckArgumentRange<T>(name, value, low, high, unit); !status.ok()) {
    throw py::value_error(std::string(status.message()));
  }
}

// How often long work looks for Ctrl-C: seldom enough that taking the GIL
// back, which can wait out another Python thread's switch interval (5 ms),
// costs little.
constexpr std::chrono::milliseconds kSignalInterval{50};

// Runs Python's pending signal handlers, taking the GIL for it; true when one
// raised (KeyboardInterrupt for Ctrl-C), the exception then set.
bool SignalRaised();

// SignalRaised for loops that run without the GIL on the calling thread
// (BatchEnv): asked often, it looks at most every kSignalInterval.
class SignalCheck {
 public:
  bool operator()() {
    const auto now = std::chrono::steady_clock::now();
    if (now < next_) return false;
    next_ = now + kSignalInterval;
    return SignalRaised();
  }

 private:
  std::chrono::steady_clock::time_point next_;  // the first call looks
};

// Runs `work(stop)` on its own thread with the GIL released while the calling
// thread watches for Ctrl-C: Python's signal handlers run there, and a
// KeyboardInterrupt sets `stop` (engine/stop.h), waits for the work to stop,
// and is raised. `shared_stop`, when given, is that flag, which the work's
// own callbacks may also set (lud64.match, when a Python agent raises).
template <class Work>
auto RunInterruptible(Work&& work, std::atomic<bool>* shared_stop = nullptr)
    -> std::invoke_result_t<Work&, StopFlag> {
  using Result = std::invoke_result_t<Work&, StopFlag>;
  std::atomic<bool> own_stop{false};
  std::atomic<bool>& stop = shared_stop != nullptr ? *shared_stop : own_stop;
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
    while (!finished.wait_for(lock, kSignalInterval, [&] { return done; })) {
      if (interrupted) continue;
      lock.unlock();
      interrupted = SignalRaised();  // the exception stays set
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
// The package's additions (issue 53): lud64.SpielState (spiel_bindings.cc),
// and the rest that RegisterPackageExtras registers (package_bindings.cc).
void RegisterSpielState(py::module_& m);
void RegisterPackageExtras(py::module_& m);

}  // namespace lud64::python

namespace pybind11::detail {

template <class T>
class type_caster<T, std::enable_if_t<lud64::python::kBoundClass<T>>>
    : public lud64::python::InitializedCaster<type_caster_base<T>> {};
// Game arguments are mostly its holder (GamePtr).
template <>
class type_caster<lud64::python::GamePtr>
    : public lud64::python::InitializedCaster<
          copyable_holder_caster<lud64::python::GameHandle, lud64::python::GamePtr>> {};

template <class T, lud64::python::ArgumentName kName>
class type_caster<lud64::python::Int<T, kName>>
    : public lud64::python::ArgumentCaster<lud64::python::Int<T, kName>> {};
template <lud64::python::ArgumentName kName>
class type_caster<lud64::python::Float<kName>>
    : public lud64::python::ArgumentCaster<lud64::python::Float<kName>> {};

}  // namespace pybind11::detail

#endif  // LUD64_PYTHON_BINDINGS_H_
