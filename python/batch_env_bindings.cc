// lud64.BatchEnv: batched environments for reinforcement learning.
#include <pybind11/numpy.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "play/batch_env.h"
#include "python/bindings.h"

namespace lud64::python {
namespace {

struct BatchEnvHandle {
  GamePtr game;
  std::unique_ptr<BatchEnvCore> core;
  int threads = 1;
  // Set while a call works on the environments, often without the GIL: a
  // second thread's call raises instead of racing it (WorkerPool runs one
  // batch at a time).
  std::atomic<bool> busy{false};

  std::vector<py::ssize_t> PlanesShape() const {
    std::vector<py::ssize_t> shape = {core->size(),
                                      static_cast<py::ssize_t>(game->planes.names.size())};
    for (int extent : game->planes.shape) shape.push_back(extent);
    return shape;
  }
};

}  // namespace

template <>
inline constexpr bool kBoundClass<BatchEnvHandle> = true;

namespace {

// Holds an environment's busy flag for one call; raises RuntimeError when
// another thread holds it (waiting could deadlock on the GIL).
class BusyGuard {
 public:
  explicit BusyGuard(BatchEnvHandle& env) : env_(env) {
    if (env_.busy.exchange(true)) throw std::runtime_error("BatchEnv is in use by another thread");
  }
  ~BusyGuard() { env_.busy.store(false); }
  BusyGuard(const BusyGuard&) = delete;
  BusyGuard& operator=(const BusyGuard&) = delete;

 private:
  BatchEnvHandle& env_;
};

// Below this many environments a step is too short to share between threads.
constexpr int kEnvsPerThread = 256;

// call(interrupt) without the GIL, `interrupt` saying when Ctrl-C (any signal
// handler) raised: the caller then raises that exception.
template <class Call>
auto Interruptibly(const Call& call) {
  const py::gil_scoped_release release;
  SignalCheck check;
  return call(Interrupt(std::ref(check)));
}

std::unique_ptr<BatchEnvHandle> MakeBatchEnv(const GamePtr& game, const py::object& count,
                                             Int<uint64_t, "seed"> seed_argument,
                                             Int<int, "threads"> threads_argument) {
  const uint64_t seed = seed_argument.value;
  int threads = threads_argument.value;
  RequireGame(game, "game");
  const std::optional<int64_t> n = AsInteger(count);
  if (!n) {
    throw py::type_error(
        absl::StrCat("n: expected an int number of environments, got ", TypeName(count)));
  }
  CheckRange("n", *n, 1, kMaxBatchSize, " environments");
  CheckRange("threads", threads, 0, kMaxBatchThreads, " (0: automatic)");
  if (threads == 0) {
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    threads = std::clamp(static_cast<int>(*n) / kEnvsPerThread, 1, cores);
  }
  auto env = std::make_unique<BatchEnvHandle>();
  env->game = game;
  env->threads = threads;
  env->core = Interruptibly([&](const Interrupt& interrupt) {
    return MakeBatchEnv(game->game, game->actions, game->planes.size(), static_cast<int>(*n), seed,
                        threads, interrupt);
  });
  if (env->core == nullptr) throw py::error_already_set();
  return env;
}

py::array_t<float> Reset(BatchEnvHandle& env) {
  const BusyGuard guard(env);
  py::array_t<float> planes(env.PlanesShape());
  float* out = planes.mutable_data();
  if (!Interruptibly([&](const Interrupt& interrupt) { return env.core->Reset(out, interrupt); })) {
    throw py::error_already_set();
  }
  return planes;
}

// The action ids of `actions` (any integer array), range-checked before they
// are narrowed to int32: 2**32 + 3 must not become action 3.
template <class T>
std::vector<int32_t> ActionIds(const py::array& actions, int num_actions) {
  const auto wide = py::array_t<T, py::array::c_style | py::array::forcecast>::ensure(actions);
  if (!wide) throw py::type_error("actions: cannot be read as integers");
  std::vector<int32_t> ids(wide.size());
  const T* values = wide.data();
  for (size_t i = 0; i < ids.size(); ++i) {
    bool negative = false;
    if constexpr (std::is_signed_v<T>) negative = values[i] < 0;
    if (negative || values[i] >= static_cast<T>(num_actions)) {
      throw py::value_error(absl::StrCat("env ", i, ": action ", values[i],
                                         " is out of range 0 to ", num_actions - 1));
    }
    ids[i] = static_cast<int32_t>(values[i]);
  }
  return ids;
}

py::tuple Step(BatchEnvHandle& env, const py::object& actions_object) {
  const BusyGuard guard(env);
  const py::array actions = py::array::ensure(actions_object);
  const int n = env.core->size();
  if (!actions || actions.ndim() != 1 || actions.shape(0) != n) {
    throw py::value_error(
        absl::StrCat("actions: must be a 1-d array of ", n, " action ids, one per environment"));
  }
  // Only integers are action ids: numpy would truncate 2.7 and read True as 1.
  const char kind = actions.dtype().kind();
  if (kind != 'i' && kind != 'u') {
    throw py::type_error(absl::StrCat("actions: must be an integer array, got dtype ",
                                      std::string(py::str(actions.dtype()))));
  }
  const int num_actions = env.game->actions.size();
  const std::vector<int32_t> ids = kind == 'u' ? ActionIds<uint64_t>(actions, num_actions)
                                               : ActionIds<int64_t>(actions, num_actions);
  py::array_t<float> planes(env.PlanesShape());
  py::array_t<float> rewards(n);
  py::array_t<bool> done(n);
  float* planes_out = planes.mutable_data();
  float* rewards_out = rewards.mutable_data();
  bool* done_out = done.mutable_data();
  const absl::Status status = Interruptibly([&](const Interrupt& interrupt) {
    return env.core->Step(ids.data(), planes_out, rewards_out, done_out, interrupt);
  });
  if (!status.ok()) ThrowStatus(status);
  return py::make_tuple(planes, rewards, done);
}

py::array_t<bool> BatchLegalMask(BatchEnvHandle& env) {
  const BusyGuard guard(env);
  py::array_t<bool> mask({static_cast<py::ssize_t>(env.core->size()),
                          static_cast<py::ssize_t>(env.game->actions.size())});
  bool* out = mask.mutable_data();
  if (!Interruptibly(
          [&](const Interrupt& interrupt) { return env.core->LegalMask(out, interrupt); })) {
    throw py::error_already_set();
  }
  return mask;
}

py::array_t<int32_t> RandomActions(BatchEnvHandle& env) {
  const BusyGuard guard(env);
  py::array_t<int32_t> actions(env.core->size());
  int32_t* out = actions.mutable_data();
  py::gil_scoped_release release;
  env.core->RandomActions(out);
  return actions;
}

py::array_t<int8_t> ToMove(BatchEnvHandle& env) {
  const BusyGuard guard(env);
  py::array_t<int8_t> players(env.core->size());
  env.core->ToMove(players.mutable_data());
  return players;
}

py::object EnvPosition(BatchEnvHandle& env, Int<int64_t, "i"> index) {
  const int64_t i = index.value;
  const int n = env.core->size();
  if (i < 0 || i >= n) {
    throw py::index_error(absl::StrCat("i=", i, ": no such environment, must be 0 to ", n - 1));
  }
  std::string text;
  {
    const BusyGuard guard(env);
    text = env.core->PositionText(static_cast<int>(i));
  }
  return py::cast(env.game).attr("position")(text);
}

}  // namespace

void RegisterBatchEnv(py::module_& m) {
  py::class_<BatchEnvHandle>(m, "BatchEnv", R"(n environments of one game, stepped together in C++.

  env = lud64.BatchEnv(lud64.Game('davxar'), 4096, seed=1)
  planes = env.reset()                      # float32 [n, *game.planes_shape]
  mask = env.legal_mask()                   # bool [n, game.num_actions]
  planes, rewards, done = env.step(actions) # actions: int32 [n] action ids

Every environment starts at the game's start. A step plays one decision in
each; a game that ends is reported (done True, reward for the player who made
that decision: 1 win, -1 loss, 0 draw; 0 while the game goes on) and starts
again at once, so the returned planes are those of the new start. Planes are
seen by the player to move (to_move() tells who). random_actions() draws a
uniform legal action per environment from its own random stream, derived from
`seed` and the environment's index: trajectories depend on the seed only, not
on the threads. Steps run on `threads` threads (0: one per 256 environments, up
to the cores) without the GIL; use an environment from one Python thread at a time:
a call while another thread's is running raises RuntimeError. Ctrl-C stops
BatchEnv(...), reset(), step() and legal_mask() of millions of environments
within a fraction of a second (KeyboardInterrupt), and a stopped call changes
nothing: every environment keeps its position.)")
      .def(py::init(&MakeBatchEnv), py::arg("game"), py::arg("n"), py::arg("seed") = 1,
           py::arg("threads") = 0)
      .def("__len__", [](const BatchEnvHandle& env) { return env.core->size(); })
      .def_property_readonly(
          "game", [](const BatchEnvHandle& env) { return env.game; }, "The game.")
      .def_property_readonly(
          "threads", [](const BatchEnvHandle& env) { return env.threads; },
          "Threads that share each step.")
      .def("reset", &Reset, "Every environment back to the start; returns the planes.")
      .def("step", &Step, py::arg("actions"),
           "Plays actions[i] in environment i; returns (planes, rewards, done). Actions are\n"
           "integers (another dtype raises TypeError); an action out of range or illegal raises\n"
           "ValueError naming the environment, and nothing changes.")
      .def("legal_mask", &BatchLegalMask,
           "bool [n, num_actions]: the legal actions of each environment.")
      .def("random_actions", &RandomActions,
           "int32 [n]: a uniformly drawn legal action per environment (seeded streams).")
      .def("to_move", &ToMove,
           "int8 [n]: the player to move in each environment, 0 for P1 and 1 for P2.")
      .def("position", &EnvPosition, py::arg("i"),
           "The position of environment i, as a lud64.Position.");
}

}  // namespace lud64::python
