// The static evaluations of Davxar on the positions of random 4-piece games,
// taken in the order played (each a child of the one before, as a search's
// parent and child): the hand-written evaluation, the learned one updating its
// accumulators incrementally, and the learned one computed from scratch.
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

const std::vector<Davxar::Position>& GamePositions() {
  static const std::vector<Davxar::Position>* positions = [] {
    auto* list = new std::vector<Davxar::Position>;
    Random random(3);
    while (list->size() < 4096) {
      Davxar::Position p = kGame.start();
      while (!p.state.over() && list->size() < 4096) {
        list->push_back(p);
        Apply(kGame, p, RandomDecision(kGame, p, random));
      }
    }
    return list;
  }();
  return *positions;
}

template <class Evaluate>
void Run(benchmark::State& state, Evaluate evaluate) {
  const std::vector<Davxar::Position>& positions = GamePositions();
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

BENCHMARK(BM_DavxarClassicEvaluation);
BENCHMARK(BM_DavxarLearnedEvaluation);
BENCHMARK(BM_DavxarEndgameNetworkEvaluation);
BENCHMARK(BM_DavxarLearnedFromScratch);

}  // namespace
}  // namespace lud64::network_bench
