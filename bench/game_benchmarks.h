// Benchmarks written once for every game: legal-decision generation, apply,
// and perft, each reporting decisions (or nodes) per second.
#ifndef LUD64_BENCH_GAME_BENCHMARKS_H_
#define LUD64_BENCH_GAME_BENCHMARKS_H_

#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "search/perft.h"
#include "search/playout.h"
#include "tests/midgame_positions.h"

namespace lud64 {

// Generates the legal decisions of each middle-game position in turn.
template <Game G>
void BM_Generate(benchmark::State& state, const G& game, const std::string& name) {
  const std::vector<typename G::Position> positions = MidgamePositions(game, name);
  if (positions.empty()) return state.SkipWithError("no middle-game positions");
  DecisionList list;
  int64_t decisions = 0;
  for (auto _ : state) {
    for (const auto& position : positions) {
      LegalDecisions(game, position, list);
      decisions += list.size();
      benchmark::DoNotOptimize(list);
    }
  }
  state.counters["decisions/s"] =
      benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
  state.counters["positions"] = static_cast<double>(positions.size());
}

// Applies every legal decision of each middle-game position to a copy of it.
template <Game G>
void BM_Apply(benchmark::State& state, const G& game, const std::string& name) {
  const std::vector<typename G::Position> positions = MidgamePositions(game, name);
  if (positions.empty()) return state.SkipWithError("no middle-game positions");
  std::vector<std::pair<typename G::Position, Decision>> work;
  DecisionList list;
  for (const auto& position : positions) {
    LegalDecisions(game, position, list);
    for (Decision d : list) work.emplace_back(position, d);
  }
  for (auto _ : state) {
    for (const auto& [position, decision] : work) {
      typename G::Position child = position;
      Apply(game, child, decision);
      benchmark::DoNotOptimize(child);
    }
  }
  state.counters["applies/s"] = benchmark::Counter(
      static_cast<double>(work.size() * state.iterations()), benchmark::Counter::kIsRate);
}

// Perft from the start position to `depth`: whole-tree generation and apply.
template <Game G>
void BM_Perft(benchmark::State& state, const G& game, int depth) {
  uint64_t nodes = 0;
  for (auto _ : state) nodes += Perft(game, game.start(), depth);
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}

// One uniform random playout per iteration, from the start or from each
// middle-game position in turn (`name` empty: from the start).
template <Game G>
void BM_Playout(benchmark::State& state, const G& game, const std::string& name) {
  std::vector<typename G::Position> positions =
      name.empty() ? std::vector<typename G::Position>{game.start()} : MidgamePositions(game, name);
  if (positions.empty()) return state.SkipWithError("no middle-game positions");
  Random random(1);
  int64_t decisions = 0;
  size_t next = 0;
  for (auto _ : state) {
    const PlayoutResult result = RandomPlayout(game, positions[next], random);
    decisions += result.plies;
    next = next + 1 == positions.size() ? 0 : next + 1;
  }
  state.counters["decisions/s"] =
      benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
  state.counters["playouts/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

}  // namespace lud64

#endif  // LUD64_BENCH_GAME_BENCHMARKS_H_
