// Davxar kernels, historical and Ludii lines: generation and apply on traced
// middle-game positions of the placement and the movement phase, perft(4) from
// the start (863040 leaf nodes), the mill test after a placement or move, the
// pieces in mills of a side (removal), and random playouts (12 and 6 pieces).
#include <string>
#include <utility>
#include <vector>

#include "bench/game_benchmarks.h"
#include "boards/davxar/davxar.h"
#include "boards/davxar/davxar_text.h"

namespace lud64::davxar_bench {
namespace {

const Davxar kHistorical;
const Davxar kLudii(davxar::MillTest::kLudii, Davxar::kDefaultPieces);
const Davxar kHistorical6(davxar::MillTest::kHistorical, 6);
const Davxar kLudii6(davxar::MillTest::kLudii, 6);

enum class Phase { kPlacement, kMovement };

// The middle-game positions of `game` whose player to move places (or moves),
// removals included with the phase they belong to.
std::vector<Davxar::Position> PhasePositions(const Davxar& game, Phase phase) {
  std::vector<Davxar::Position> positions;
  for (const Davxar::Position& p : MidgamePositions(game, game.name())) {
    const bool placing = p.hand[Index(p.state.to_move)] > 0;
    if (placing == (phase == Phase::kPlacement)) positions.push_back(p);
  }
  return positions;
}

void BM_GeneratePhase(benchmark::State& state, const Davxar& game, Phase phase) {
  const std::vector<Davxar::Position> positions = PhasePositions(game, phase);
  if (positions.empty()) return state.SkipWithError("no middle-game positions");
  DecisionList list;
  int64_t decisions = 0;
  for (auto _ : state) {
    for (const Davxar::Position& position : positions) {
      LegalDecisions(game, position, list);
      decisions += list.size();
      benchmark::DoNotOptimize(list);
    }
  }
  state.counters["decisions/s"] =
      benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
  state.counters["positions"] = static_cast<double>(positions.size());
}

void BM_ApplyPhase(benchmark::State& state, const Davxar& game, Phase phase) {
  std::vector<std::pair<Davxar::Position, Decision>> work;
  DecisionList list;
  for (const Davxar::Position& position : PhasePositions(game, phase)) {
    LegalDecisions(game, position, list);
    for (Decision d : list) work.emplace_back(position, d);
  }
  if (work.empty()) return state.SkipWithError("no middle-game positions");
  for (auto _ : state) {
    for (const auto& [position, decision] : work) {
      Davxar::Position child = position;
      Apply(game, child, decision);
      benchmark::DoNotOptimize(child);
    }
  }
  state.counters["applies/s"] = benchmark::Counter(
      static_cast<double>(work.size() * state.iterations()), benchmark::Counter::kIsRate);
}

// Boards of a side seen in play: the mover's pieces after each legal
// placement or move of every middle-game position, with the point reached.
std::vector<std::pair<int, Bitboard>> Arrivals(const Davxar& game) {
  std::vector<std::pair<int, Bitboard>> arrivals;
  DecisionList list;
  for (const Davxar::Position& p : MidgamePositions(game, game.name())) {
    if (p.remove) continue;
    LegalDecisions(game, p, list);
    const Bitboard own = p.pieces[Index(p.state.to_move)];
    for (Decision d : list) {
      if (d.kind == DecisionKind::kPlace) arrivals.emplace_back(d.to, own | SquareBit(d.to));
      if (d.kind == DecisionKind::kStep)
        arrivals.emplace_back(d.to, own ^ SquareBit(d.from) ^ SquareBit(d.to));
    }
  }
  return arrivals;
}

// Whether the piece just placed or moved forms a mill.
void BM_MillTest(benchmark::State& state, const Davxar& game) {
  const std::vector<std::pair<int, Bitboard>> arrivals = Arrivals(game);
  if (arrivals.empty()) return state.SkipWithError("no arrivals");
  for (auto _ : state) {
    for (const auto& [point, own] : arrivals) benchmark::DoNotOptimize(game.InMill(point, own));
  }
  state.counters["tests/s"] = benchmark::Counter(
      static_cast<double>(arrivals.size() * state.iterations()), benchmark::Counter::kIsRate);
}

// The pieces of a side that are in a mill (what a removal may not take).
void BM_PiecesInMills(benchmark::State& state, const Davxar& game) {
  const std::vector<std::pair<int, Bitboard>> arrivals = Arrivals(game);
  if (arrivals.empty()) return state.SkipWithError("no arrivals");
  for (auto _ : state) {
    for (const auto& [point, own] : arrivals) benchmark::DoNotOptimize(game.PiecesInMills(own));
  }
  state.counters["sides/s"] = benchmark::Counter(
      static_cast<double>(arrivals.size() * state.iterations()), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(BM_GeneratePhase, davxar_placement, kHistorical, Phase::kPlacement);
BENCHMARK_CAPTURE(BM_GeneratePhase, davxar_movement, kHistorical, Phase::kMovement);
BENCHMARK_CAPTURE(BM_ApplyPhase, davxar_placement, kHistorical, Phase::kPlacement);
BENCHMARK_CAPTURE(BM_ApplyPhase, davxar_movement, kHistorical, Phase::kMovement);
BENCHMARK_CAPTURE(BM_GeneratePhase, davxar_ludii_placement, kLudii, Phase::kPlacement);
BENCHMARK_CAPTURE(BM_GeneratePhase, davxar_ludii_movement, kLudii, Phase::kMovement);
BENCHMARK_CAPTURE(BM_ApplyPhase, davxar_ludii_placement, kLudii, Phase::kPlacement);
BENCHMARK_CAPTURE(BM_ApplyPhase, davxar_ludii_movement, kLudii, Phase::kMovement);
BENCHMARK_CAPTURE(BM_Perft, davxar_depth4, kHistorical, 4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, davxar_ludii_depth4, kLudii, 4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_MillTest, davxar, kHistorical);
BENCHMARK_CAPTURE(BM_MillTest, davxar_ludii, kLudii);
BENCHMARK_CAPTURE(BM_PiecesInMills, davxar, kHistorical);
BENCHMARK_CAPTURE(BM_PiecesInMills, davxar_ludii, kLudii);
BENCHMARK_CAPTURE(BM_Playout, davxar_start, kHistorical, "")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Playout, davxar_midgame, kHistorical, "davxar")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Playout, davxar_ludii_start, kLudii, "")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Playout, davxar_pieces6_start, kHistorical6, "")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Playout, davxar_ludii_pieces6_start, kLudii6, "")
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace lud64::davxar_bench
