// Perft for the front-ends (`lud64 perft`, `lud64 bench`, lud64.perft): the
// nodes at each depth of the decision tree (engine/RULES.md, "Perft"), over
// any game, with search/perft.h compiled once in perft.cc.
#ifndef LUD64_PLAY_PERFT_H_
#define LUD64_PLAY_PERFT_H_

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "boards/game_list.h"
#include "engine/decision.h"
#include "engine/stop.h"

namespace lud64 {

// perft(depth) alone, the last ply counted in bulk; 0 once `stop` is set
// (the caller sees the flag and reports).
uint64_t CountPerft(const AnyGame& game, const AnyPosition& position, int depth,
                    StopFlag stop = nullptr);

// perft(1), ..., perft(depth), each counted below each first decision.
struct PerftDepths {
  std::vector<uint64_t> counts;  // the depths completed, from 1
  // Below each first decision, in generation order, at the last depth
  // reached: depth when complete, else the one stopped (its first
  // decisions counted before the stop).
  std::vector<std::pair<Decision, uint64_t>> divide;
  bool complete = true;  // false: `stop` was set before the end
};

// What a caller sees as the count goes: `root_done(depth, done, of)` after
// each first decision of each depth, `depth_done(depth, nodes)` after each
// depth completed.
struct PerftProgress {
  std::function<void(int depth, int done, int of)> root_done;
  std::function<void(int depth, uint64_t nodes)> depth_done;
};

PerftDepths CountPerftByDepth(const AnyGame& game, const AnyPosition& position, int depth,
                              StopFlag stop = nullptr, const PerftProgress& progress = {});

}  // namespace lud64

#endif  // LUD64_PLAY_PERFT_H_
