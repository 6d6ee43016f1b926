// Guettal kernels: generation and apply on traced middle-game positions,
// perft(6) from the start (314400 leaf nodes), the enclosure test after an
// addition, and random playouts.
#include "bench/game_benchmarks.h"
#include "boards/guettal/guettal.h"
#include "boards/guettal/guettal_text.h"

namespace lud64::guettal_bench {
namespace {

const Guettal kGame;

// Enclosed() after every legal addition of every middle-game position.
void BM_Enclosure(benchmark::State& state) {
  std::vector<std::pair<int, Bitboard>> additions;  // (cell, mover's pieces with it)
  DecisionList list;
  for (const Guettal::Position& p : MidgamePositions(kGame, "guettal")) {
    LegalDecisions(kGame, p, list);
    for (Decision d : list) {
      if (d.is_pass()) continue;
      additions.emplace_back(d.to, p.pieces[Index(p.state.to_move)] | SquareBit(d.to));
    }
  }
  if (additions.empty()) return state.SkipWithError("no additions");
  for (auto _ : state) {
    for (const auto& [cell, own] : additions)
      benchmark::DoNotOptimize(guettal::Enclosed(cell, own));
  }
  state.counters["enclosures/s"] = benchmark::Counter(
      static_cast<double>(additions.size() * state.iterations()), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(BM_Generate, guettal, kGame, "guettal");
BENCHMARK_CAPTURE(BM_Apply, guettal, kGame, "guettal");
BENCHMARK_CAPTURE(BM_Perft, guettal_depth6, kGame, 6)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Enclosure);
BENCHMARK_CAPTURE(BM_Playout, guettal_start, kGame, "");
BENCHMARK_CAPTURE(BM_Playout, guettal_midgame, kGame, "guettal");

}  // namespace
}  // namespace lud64::guettal_bench
