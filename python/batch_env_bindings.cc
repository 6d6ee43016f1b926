// lud64.BatchEnv: batched environments for reinforcement learning.
#include <pybind11/numpy.h>

#include <algorithm>
#include <memory>
#include <thread>
#include <vector>

#include "boards/damdaman/damdaman_tensors.h"
#include "boards/davxar/davxar_tensors.h"
#include "boards/guettal/guettal_tensors.h"
#include "python/batch_env.h"
#include "python/bindings.h"

namespace lud64::python {
namespace {

struct BatchEnvHandle {
  GamePtr game;
  std::unique_ptr<BatchEnvCore> core;
  int threads = 1;

  std::vector<py::ssize_t> PlanesShape() const {
    std::vector<py::ssize_t> shape = {core->size(),
                                      static_cast<py::ssize_t>(game->planes.names.size())};
    for (int extent : game->planes.shape) shape.push_back(extent);
    return shape;
  }
};

// Below this many environments a step is too short to share between threads.
constexpr int kEnvsPerThread = 256;

BatchEnvHandle MakeBatchEnv(const GamePtr& game, int n, uint64_t seed, int threads) {
  if (n < 1 || n > (1 << 24)) throw py::value_error("n: must be 1 to 16777216 environments");
  if (threads < 0 || threads > 256) throw py::value_error("threads: must be 0 (automatic) to 256");
  if (threads == 0) {
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    threads = std::clamp(n / kEnvsPerThread, 1, cores);
  }
  BatchEnvHandle env{game, nullptr, threads};
  std::visit(
      [&](const auto& g) {
        using G = std::decay_t<decltype(g)>;
        env.core = std::make_unique<BatchEnvOf<G>>(g, game->actions, game->planes.size(), n, seed,
                                                   threads);
      },
      game->game);
  return env;
}

py::array_t<float> Reset(BatchEnvHandle& env) {
  py::array_t<float> planes(env.PlanesShape());
  float* out = planes.mutable_data();
  py::gil_scoped_release release;
  env.core->Reset(out);
  return planes;
}

py::tuple Step(BatchEnvHandle& env,
               const py::array_t<int32_t, py::array::c_style | py::array::forcecast>& actions) {
  if (actions.ndim() != 1 || actions.shape(0) != env.core->size()) {
    throw py::value_error(absl::StrCat("actions: must be a 1-d array of ", env.core->size(),
                                       " action ids, one per environment"));
  }
  py::array_t<float> planes(env.PlanesShape());
  py::array_t<float> rewards(env.core->size());
  py::array_t<bool> done(env.core->size());
  absl::Status status;
  {
    const int32_t* in = actions.data();
    float* planes_out = planes.mutable_data();
    float* rewards_out = rewards.mutable_data();
    bool* done_out = done.mutable_data();
    py::gil_scoped_release release;
    status = env.core->Step(in, planes_out, rewards_out, done_out);
  }
  if (!status.ok()) ThrowStatus(status);
  return py::make_tuple(planes, rewards, done);
}

py::array_t<bool> BatchLegalMask(BatchEnvHandle& env) {
  py::array_t<bool> mask({static_cast<py::ssize_t>(env.core->size()),
                          static_cast<py::ssize_t>(env.game->actions.size())});
  bool* out = mask.mutable_data();
  py::gil_scoped_release release;
  env.core->LegalMask(out);
  return mask;
}

py::array_t<int32_t> RandomActions(BatchEnvHandle& env) {
  py::array_t<int32_t> actions(env.core->size());
  int32_t* out = actions.mutable_data();
  py::gil_scoped_release release;
  env.core->RandomActions(out);
  return actions;
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
to the cores) without the GIL; use an environment from one Python thread at a time.)")
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
           "Plays actions[i] in environment i; returns (planes, rewards, done). An action out\n"
           "of range or illegal raises ValueError naming the environment, and nothing changes.")
      .def("legal_mask", &BatchLegalMask,
           "bool [n, num_actions]: the legal actions of each environment.")
      .def("random_actions", &RandomActions,
           "int32 [n]: a uniformly drawn legal action per environment (seeded streams).")
      .def(
          "to_move",
          [](const BatchEnvHandle& env) {
            py::array_t<int8_t> players(env.core->size());
            env.core->ToMove(players.mutable_data());
            return players;
          },
          "int8 [n]: the player to move in each environment, 0 for P1 and 1 for P2.")
      .def(
          "position",
          [](const BatchEnvHandle& env, int i) {
            if (i < 0 || i >= env.core->size()) throw py::index_error("no such environment");
            return py::cast(env.game).attr("position")(env.core->PositionText(i));
          },
          py::arg("i"), "The position of environment i, as a lud64.Position.");
}

}  // namespace lud64::python
