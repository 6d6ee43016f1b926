// The static evaluations of Davxar on the positions of random 4-piece games,
// taken in the order played (each a child of the one before, as a search's
// parent and child): the hand-written evaluation, the learned one updating its
// accumulators incrementally, and the learned one computed from scratch. Then
// the whole-game network on 12-piece games' positions (the hand-written
// evaluation corrected, and the network's hidden and output layers alone,
// sparse and dense, on accumulators computed beforehand).
#include <array>
#include <vector>

#include "benchmark/benchmark.h"
#include "boards/davxar/davxar.h"
#include "engine/game.h"
#include "engine/random.h"
#include "network/games/game_networks.h"
#include "network/incremental.h"
#include "search/playout.h"

namespace lud64::network_bench {
namespace {

const Davxar kGame(davxar::MillTest::kHistorical, 4);
const Davxar kFullGame;

std::vector<Davxar::Position> RandomGamePositions(const Davxar& game) {
  std::vector<Davxar::Position> list;
  Random random(3);
  while (list.size() < 4096) {
    Davxar::Position p = game.start();
    while (!p.state.over() && list.size() < 4096) {
      list.push_back(p);
      Apply(game, p, RandomDecision(game, p, random));
    }
  }
  return list;
}

const std::vector<Davxar::Position>& GamePositions() {
  static const std::vector<Davxar::Position> positions = RandomGamePositions(kGame);
  return positions;
}

const std::vector<Davxar::Position>& FullGamePositions() {
  static const std::vector<Davxar::Position> positions = RandomGamePositions(kFullGame);
  return positions;
}

template <class Evaluate>
void Run(benchmark::State& state, Evaluate evaluate,
         const std::vector<Davxar::Position>& positions = GamePositions()) {
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(evaluate(positions[i]));
    i = (i + 1) % positions.size();
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_DavxarClassicEvaluation(benchmark::State& state) {
  Run(state, [](const Davxar::Position& p) { return kGame.evaluate(p); });
}

void BM_DavxarLearnedEvaluation(benchmark::State& state) {
  Run(state, [](const Davxar::Position& p) {
    return GameNetwork<Davxar>::Evaluate(kGame, p, /*whole_game=*/true, nullptr);
  });
}

void BM_DavxarEndgameNetworkEvaluation(benchmark::State& state) {
  Run(state, [](const Davxar::Position& p) {
    return GameNetwork<Davxar>::Evaluate(kGame, p, /*whole_game=*/false, nullptr);
  });
}

void BM_DavxarLearnedFromScratch(benchmark::State& state) {
  Run(state, [](const Davxar::Position& p) {
    const Player mover = p.state.to_move;
    using Net = GameNetwork<Davxar>;
    return EvaluateFromScratch(*Net::BuiltIn(kGame), Net::Inputs(kGame, p, mover),
                               Net::Inputs(kGame, p, Opponent(mover)));
  });
}

void BM_DavxarFullGameClassicEvaluation(benchmark::State& state) {
  Run(
      state, [](const Davxar::Position& p) { return kFullGame.evaluate(p); }, FullGamePositions());
}

void BM_DavxarFullGameWholeEvaluation(benchmark::State& state) {
  Run(
      state,
      [](const Davxar::Position& p) {
        return GameNetwork<Davxar>::Evaluate(kFullGame, p, /*whole_game=*/true, nullptr);
      },
      FullGamePositions());
}

// The whole-game network's layers after the accumulators, which most of its
// cost is: `sparse` QuantizedNetwork::Evaluate, else EvaluateDense.
void WholeNetworkLayers(benchmark::State& state, bool sparse) {
  const QuantizedNetwork& network = *GameNetwork<Davxar>::BuiltInWholeGame(kFullGame);
  std::vector<std::array<QuantizedNetwork::Accumulator, 2>> accumulators;
  for (const Davxar::Position& p : FullGamePositions()) {
    const Player mover = p.state.to_move;
    auto& pair = accumulators.emplace_back();
    network.Refresh(GameNetwork<Davxar>::Inputs(kFullGame, p, mover), pair[0]);
    network.Refresh(GameNetwork<Davxar>::Inputs(kFullGame, p, Opponent(mover)), pair[1]);
  }
  size_t i = 0;
  for (auto _ : state) {
    const auto& [mine, theirs] = accumulators[i];
    benchmark::DoNotOptimize(sparse ? network.Evaluate(mine, theirs)
                                    : network.EvaluateDense(mine, theirs));
    i = (i + 1) % accumulators.size();
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_DavxarWholeNetworkLayersSparse(benchmark::State& state) { WholeNetworkLayers(state, true); }
void BM_DavxarWholeNetworkLayersDense(benchmark::State& state) { WholeNetworkLayers(state, false); }

BENCHMARK(BM_DavxarClassicEvaluation);
BENCHMARK(BM_DavxarLearnedEvaluation);
BENCHMARK(BM_DavxarEndgameNetworkEvaluation);
BENCHMARK(BM_DavxarLearnedFromScratch);
BENCHMARK(BM_DavxarFullGameClassicEvaluation);
BENCHMARK(BM_DavxarFullGameWholeEvaluation);
BENCHMARK(BM_DavxarWholeNetworkLayersSparse);
BENCHMARK(BM_DavxarWholeNetworkLayersDense);

}  // namespace
}  // namespace lud64::network_bench
