// The compiled half of lud64.pgx (lud64/pgx.py): a runner that owns a game
// and its threads, and immutable batches of positions (play/game_batch.h).
// init and step allocate fresh numpy arrays, fill them without the GIL on
// the runner's threads, and return a new batch: the old one is unchanged, as
// Pgx's states are values.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/random.h"
#include "play/game_batch.h"
#include "play/worker_pool.h"
#include "python/array_pool.h"
#include "python/bindings.h"
#include "python/zero_array.h"

namespace lud64::python {
namespace {

struct PgxBatch {
  GamePtr game;
  std::shared_ptr<const GameBatch> batch;
};

struct PgxRunner {
  GamePtr game;
  std::unique_ptr<WorkerPool> pool;
  std::shared_ptr<ArrayPool> arrays = std::make_shared<ArrayPool>();
  std::atomic<bool> busy{false};
};

}  // namespace

template <>
inline constexpr bool kBoundClass<PgxBatch> = true;
template <>
inline constexpr bool kBoundClass<PgxRunner> = true;

namespace {

class RunnerGuard {
 public:
  explicit RunnerGuard(PgxRunner& runner) : runner_(runner) {
    if (runner_.busy.exchange(true)) {
      throw std::runtime_error("lud64.pgx: this environment is in use by another thread");
    }
  }
  ~RunnerGuard() { runner_.busy.store(false); }
  RunnerGuard(const RunnerGuard&) = delete;
  RunnerGuard& operator=(const RunnerGuard&) = delete;

 private:
  PgxRunner& runner_;
};

// The arrays of a Pgx state, allocated for n environments.
struct PgxArrays {
  py::array_t<float> observation, rewards, final_observation;
  py::array_t<bool> legal, terminated, truncated;
  py::array_t<int32_t> current_player, step_count;
  bool final;  // final_observation is made (a default py::array_t is an empty array, not null)

  PgxArrays(ArrayPool& pool, const GameHandle& game, int n, bool with_final) : final(with_final) {
    std::vector<py::ssize_t> shape = {n, static_cast<py::ssize_t>(game.planes.names.size())};
    for (int extent : game.planes.shape) shape.push_back(extent);
    observation = pool.Make<float>(shape);
    if (final) final_observation = ZeroPagesArray<float>(shape);  // a few rows written a step
    rewards = pool.Make<float>({n, 2});
    legal = pool.Make<bool>({n, game.actions.size()});
    terminated = pool.Make<bool>({n});
    truncated = pool.Make<bool>({n});
    current_player = pool.Make<int32_t>({n});
    step_count = pool.Make<int32_t>({n});
  }
  BatchOutput Output() {
    return {observation.mutable_data(),       legal.mutable_data(),
            rewards.mutable_data(),           current_player.mutable_data(),
            terminated.mutable_data(),        truncated.mutable_data(),
            step_count.mutable_data(),        final ? final_observation.mutable_data() : nullptr,
            /*final_observation_zeroed=*/true};
  }
  py::dict Dict(PgxBatch batch) {
    py::dict d;
    d["current_player"] = current_player;
    d["observation"] = observation;
    d["rewards"] = rewards;
    d["terminated"] = terminated;
    d["truncated"] = truncated;
    d["legal_action_mask"] = legal;
    d["step_count"] = step_count;
    if (final) d["final_observation"] = final_observation;
    d["_batch"] = py::cast(std::move(batch));
    return d;
  }
};

std::unique_ptr<PgxRunner> MakeRunner(const GamePtr& game, Int<int, "threads"> threads_argument) {
  RequireGame(game, "game");
  int threads = threads_argument.value;
  CheckRange("threads", threads, 0, kMaxBatchThreads, " (0: automatic)");
  if (threads == 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  auto runner = std::make_unique<PgxRunner>();
  runner->game = game;
  runner->pool = std::make_unique<WorkerPool>(threads);
  return runner;
}

// Runs body(begin, end) over [0, n) on the runner's threads without the GIL;
// below 256 environments a thread, on fewer threads.
template <class Body>
void PgxShare(PgxRunner& runner, int n, const Body& body) {
  const py::gil_scoped_release release;
  if (n < 512 || runner.pool->threads() == 1) return body(0, n);
  runner.pool->Run(n, [&](int begin, int end) { body(begin, end); });
}

py::dict PgxInit(PgxRunner& runner, Int<int64_t, "n"> count,
                 const std::vector<PositionHandle>& starts, bool final) {
  const RunnerGuard guard(runner);
  const int64_t n = count.value;
  CheckRange("n", n, 1, kMaxBatchSize, " environments");
  std::vector<AnyPosition> positions;
  for (size_t i = 0; i < starts.size(); ++i) {
    const PositionHandle& p = starts[i];
    if (p.game->name != runner.game->name) {
      throw py::value_error(absl::StrCat("positions[", i, "]: a position of ", p.game->name,
                                         ", not ", runner.game->name));
    }
    if (std::visit([](const auto& at) { return at.state.over(); }, p.position)) {
      throw py::value_error(absl::StrCat("positions[", i, "]: the game is over there"));
    }
    positions.push_back(p.position);
  }
  const GameHandle& game = *runner.game;
  std::shared_ptr<GameBatch> batch;
  PgxArrays arrays(*runner.arrays, game, static_cast<int>(n), final);
  BatchOutput out = arrays.Output();
  {
    const py::gil_scoped_release release;
    batch = MakeGameBatch(game.game, game.actions, static_cast<int>(n), positions);
  }
  PgxShare(runner, static_cast<int>(n), [&](int begin, int end) { batch->Reset(begin, end, out); });
  return arrays.Dict({runner.game, batch});
}

py::dict PgxStep(PgxRunner& runner, const PgxBatch& state, const py::object& actions_object,
                 bool auto_reset, Int<int, "max_steps"> max_steps, Float<"penalty"> penalty) {
  const RunnerGuard guard(runner);
  if (state.batch == nullptr || state.game->name != runner.game->name) {
    throw py::value_error("state: a state of another environment");
  }
  const int n = state.batch->size();
  const py::array actions_any = py::array::ensure(actions_object);
  if (!actions_any || actions_any.ndim() != 1 || actions_any.shape(0) != n) {
    throw py::value_error(
        absl::StrCat("actions: must be a 1-d array of ", n, " action ids, one per environment"));
  }
  const char kind = actions_any.dtype().kind();
  if (kind != 'i' && kind != 'u') {
    throw py::type_error(absl::StrCat("actions: must be an integer array, got dtype ",
                                      std::string(py::str(actions_any.dtype()))));
  }
  const auto actions =
      py::array_t<int64_t, py::array::c_style | py::array::forcecast>::ensure(actions_any);
  const int64_t* ids = actions.data();
  const int num_actions = runner.game->actions.size();
  std::vector<int32_t> narrow(n);
  for (int i = 0; i < n; ++i) {
    // uint64 values past 2**63 read as negative: out of range either way. The
    // test before CheckRange's: no name is built for the actions in range.
    if (ids[i] < 0 || ids[i] >= num_actions) {
      CheckRange(absl::StrCat("actions[", i, "]"), ids[i], 0, num_actions - 1);
    }
    narrow[i] = static_cast<int32_t>(ids[i]);
  }
  if (max_steps.value < 0) throw py::value_error("max_steps: must be 0 (none) or more");
  const BatchStepOptions options{auto_reset, max_steps.value, static_cast<float>(penalty.value)};
  PgxArrays arrays(*runner.arrays, *runner.game, n, auto_reset);
  BatchOutput out = arrays.Output();
  std::shared_ptr<GameBatch> next;
  {
    const py::gil_scoped_release release;
    next = state.batch->Copy();
  }
  PgxShare(runner, n,
           [&](int begin, int end) { next->Step(begin, end, narrow.data(), options, out); });
  return arrays.Dict({runner.game, next});
}

// A uniformly drawn legal action per row of `mask` (bool [n, num_actions]),
// from a stream per (seed, row); -1 for a row without one.
py::array_t<int32_t> PgxRandomLegal(const py::array_t<bool, py::array::c_style>& mask,
                                    Int<uint64_t, "seed"> seed) {
  if (mask.ndim() != 2) throw py::value_error("mask: must be a 2-d bool array");
  const py::ssize_t n = mask.shape(0), width = mask.shape(1);
  py::array_t<int32_t> actions(n);
  int32_t* out = actions.mutable_data();
  const bool* rows = mask.data();
  const py::gil_scoped_release release;
  // The cells are read 8 at a time: numpy's bools are bytes 0 or 1, so the
  // bits of a word count its true cells (a byte-wise scan took half of a
  // random Pgx loop's time).
  constexpr uint64_t kLowBits = 0x0101010101010101ULL;
  const py::ssize_t words = width / 8;
  const auto word = [](const bool* cells) {
    uint64_t w;
    std::memcpy(&w, cells, sizeof w);
    return w & kLowBits;
  };
  for (py::ssize_t i = 0; i < n; ++i) {
    const bool* row = rows + i * width;
    int count = 0;
    for (py::ssize_t w = 0; w < words; ++w) count += std::popcount(word(row + 8 * w));
    for (py::ssize_t a = 8 * words; a < width; ++a) count += row[a] ? 1 : 0;
    out[i] = -1;
    if (count == 0) continue;
    uint64_t state = seed.value ^ (static_cast<uint64_t>(i) * 0xd1342543de82ef95ULL);
    Random random(SplitMix64(state));
    int k = static_cast<int>(random.Below(count));
    py::ssize_t a = 0;
    for (py::ssize_t w = 0; w < words; ++w, a += 8) {  // skip the words before the k-th cell
      const int here = std::popcount(word(row + 8 * w));
      if (k < here) break;
      k -= here;
    }
    for (; a < width; ++a) {
      if (row[a] && k-- == 0) {
        out[i] = static_cast<int32_t>(a);
        break;
      }
    }
  }
  return actions;
}

}  // namespace

void RegisterPgx(py::module_& m) {
  py::class_<PgxBatch>(m, "_PgxBatch", "The positions of a lud64.pgx state (immutable).")
      .def("__len__", [](const PgxBatch& b) { return b.batch->size(); })
      .def(
          "position",
          [](const PgxBatch& b, Int<int64_t, "i"> i) {
            if (i.value < 0 || i.value >= b.batch->size()) {
              throw py::index_error(absl::StrCat("i=", i.value, ": no such environment"));
            }
            return PositionHandle{b.game, b.batch->position(static_cast<int>(i.value)),
                                  std::nullopt};
          },
          py::arg("i"), "The position of environment i, as a lud64.Position.");
  py::class_<PgxRunner>(m, "_PgxRunner", "The threads and game of a lud64.pgx environment.")
      .def(py::init(&MakeRunner), py::arg("game"), py::arg("threads") = 0)
      .def_property_readonly("threads", [](const PgxRunner& r) { return r.pool->threads(); })
      .def("init", &PgxInit, py::arg("n"), py::arg("positions"), py::arg("final"))
      .def("step", &PgxStep, py::arg("state"), py::arg("actions"), py::arg("auto_reset"),
           py::arg("max_steps"), py::arg("penalty"));
  m.def("_random_legal", &PgxRandomLegal, py::arg("mask"), py::arg("seed"),
        "int32 [n]: a uniformly drawn True column of each row of `mask` (-1 for none).");
}

}  // namespace lud64::python
