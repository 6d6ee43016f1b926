// Damdaman kernels: generation and apply on traced middle-game positions,
// perft(10) from the start (84409 leaf nodes), random playouts.
#include "bench/game_benchmarks.h"
#include "boards/damdaman/damdaman.h"
#include "boards/damdaman/damdaman_text.h"

namespace lud64::damdaman_bench {
namespace {

const Damdaman kGame;
BENCHMARK_CAPTURE(BM_Generate, damdaman, kGame, "damdaman");
BENCHMARK_CAPTURE(BM_Apply, damdaman, kGame, "damdaman");
BENCHMARK_CAPTURE(BM_Perft, damdaman_depth10, kGame, 10)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Playout, damdaman_start, kGame, "")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Playout, damdaman_midgame, kGame, "damdaman")->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace lud64::damdaman_bench
