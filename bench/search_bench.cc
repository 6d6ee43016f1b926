// Alpha-beta search: the time and nodes/s of a fixed-depth search (depth 8)
// from fixed positions of each game with the default evaluation, with a
// cleared 16 MiB table each time (the clearing is not timed); then Davxar's
// middle games at depth 8 without the whole-game network (`eval=learned`) and
// with it (`eval=whole`), whose ratio of nodes/s the network's speed is
// measured by.
#include "benchmark/benchmark.h"
#include "boards/damdaman/damdaman.h"
#include "boards/damdaman/damdaman_text.h"
#include "boards/davxar/davxar.h"
#include "boards/davxar/davxar_text.h"
#include "boards/guettal/guettal.h"
#include "boards/guettal/guettal_text.h"
#include "engine/position_text.h"
#include "search/alphabeta.h"
#include "search/searchable_game.h"

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

// Six 12-piece middle games, the movement phase after 34 random decisions
// (`lud64 book --game=davxar --count=12 --plies=34 --seed=5503`, its first six).
constexpr const char* kDavxarMiddleGames[] = {
    "ox./x.x/oxx/xoo/xo..x.../oo./..x/xxx/oo. o turn=31 hand=0,0",
    "o.x/ox./oo./o../..xxoxxx/.xx/ox./.o./xoo o turn=31 hand=0,0",
    ".xx/x../ooo/o.x/x.o.oox./o../.x./xxx/x.. o turn=29 hand=0,0",
    ".oo/oo./xox/xox/...ooooo/.xx/..x/.xx/.o. o turn=31 hand=0,0",
    "o../.ox/.ox/..o/xxxoox.x/ox./.ox/xoo/o.x x turn=32 hand=0,0",
    "..x/.x./xoo/ox./oxx.xo../xox/..x/o.o/..o o turn=29 hand=0,0",
};

void BM_DavxarMiddleGamesDepth8(benchmark::State& state, Evaluation evaluation) {
  const Davxar game;
  uint64_t nodes = 0;
  TranspositionTable table(16);
  for (auto _ : state) {
    for (const char* position : kDavxarMiddleGames) {
      const Davxar::Position root = ParsePosition(game, position).value();
      state.PauseTiming();
      table.Clear();
      state.ResumeTiming();
      AlphaBeta<Davxar> search(game, &table, {.evaluation = evaluation});
      nodes += search.Search(root, {.depth = 8}).nodes;
    }
  }
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(BM_DavxarMiddleGamesDepth8, learned, Evaluation::kLearned)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DavxarMiddleGamesDepth8, whole, Evaluation::kWholeGame)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace lud64::search_bench
