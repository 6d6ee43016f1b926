// Alpha-beta search: the time and nodes/s of a fixed-depth search (depth 8)
// from fixed positions of each game, with a cleared 16 MiB table each time
// (the clearing is not timed).
#include "benchmark/benchmark.h"
#include "boards/damdaman/damdaman.h"
#include "boards/damdaman/damdaman_text.h"
#include "boards/davxar/davxar.h"
#include "boards/davxar/davxar_text.h"
#include "boards/guettal/guettal.h"
#include "boards/guettal/guettal_text.h"
#include "engine/position_text.h"
#include "search/alphabeta.h"

namespace lud64::search_bench {
namespace {

template <class G>
void BM_SearchDepth8(benchmark::State& state, const G& game, const char* position) {
  const typename G::Position root = ParsePosition(game, position).value();
  uint64_t nodes = 0;
  TranspositionTable table(16);
  for (auto _ : state) {
    state.PauseTiming();
    table.Clear();
    state.ResumeTiming();
    AlphaBeta<G> search(game, &table);
    nodes += search.Search(root, {.depth = 8}).nodes;
  }
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(BM_SearchDepth8, damdaman_midgame, Damdaman(),
                  "ooooo.o/ooooooo/ooooooo/xxxxooo/xxxxxxx/.xxxxxx/xxx.xxx x turn=40")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SearchDepth8, davxar_start, Davxar(), "start")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SearchDepth8, davxar_movement, Davxar(),
                  "o../x../.../o../xo....../o../o../ooo/o.. o turn=87 hand=0,0")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SearchDepth8, guettal_midgame, Guettal(),
                  "ooooooooo/ooo..o.x./.x....xxx/xxxxxxxxx o turn=3")
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace lud64::search_bench
