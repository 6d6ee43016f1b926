// MCTS: iterations/s of a search of a fixed number of iterations (fresh tree
// each time, wall-clock time) on 1 and 2 threads. Guettal after E3 D2 has
// short iterations, most ending at a proven draw a few plies down, all
// through the same few nodes near the root: the case where threads contend
// for those nodes. Davxar's start has long ones (playouts).
#include "benchmark/benchmark.h"
#include "boards/davxar/davxar.h"
#include "boards/guettal/guettal.h"
#include "engine/notation.h"
#include "search/mcts.h"

namespace lud64::mcts_bench {
namespace {

template <class G>
typename G::Position After(const G& game, std::initializer_list<const char*> decisions) {
  typename G::Position position = game.start();
  for (const char* text : decisions)
    Apply(game, position, ParseDecision(text, game.site_names()).value());
  return position;
}

template <class G>
void BM_MctsIterations(benchmark::State& state, const G& game,
                       std::initializer_list<const char*> decisions, uint64_t iterations) {
  const typename G::Position root = After(game, decisions);
  const int threads = static_cast<int>(state.range(0));
  uint64_t done = 0;
  for (auto _ : state) {
    Mcts<G> mcts(game, {.threads = threads, .memory_bytes = 64 << 20});
    mcts.SetRoot(root);
    done += mcts.Search({.iterations = iterations}).iterations;
  }
  state.counters["iterations/s"] =
      benchmark::Counter(static_cast<double>(done), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(BM_MctsIterations, guettal_e3_d2, Guettal(), {"E3", "D2"}, 300'000)
    ->Arg(1)
    ->Arg(2)
    ->ArgName("threads")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_MctsIterations, davxar_start, Davxar(), {}, 20'000)
    ->Arg(1)
    ->Arg(2)
    ->ArgName("threads")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace lud64::mcts_bench
