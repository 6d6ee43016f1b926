// Evaluation with accumulators carried from one position to the next: each
// thread keeps, for each player's view, the accumulator of the last position
// it evaluated and the inputs it was computed from, and brings it to the new
// position by the columns of the inputs that differ. Searches evaluate
// positions close to one another (siblings, a parent and its child), which
// differ by a few inputs; a position far from the last one is refreshed.
#ifndef LUD64_NETWORK_INCREMENTAL_H_
#define LUD64_NETWORK_INCREMENTAL_H_

#include <algorithm>
#include <memory>

#include "engine/player.h"
#include "engine/score.h"
#include "network/network.h"

namespace lud64 {

// The score of a position for `mover`, whose view has the inputs `mover_inputs`
// (the opponent's view: `other_inputs`). The thread's accumulators hold a
// reference to `network`, so a network never changes under them.
Score EvaluateIncrementally(const std::shared_ptr<const QuantizedNetwork>& network, Player mover,
                            const NetworkInputs& mover_inputs, const NetworkInputs& other_inputs);

// The same score computed from scratch: what the incremental one must equal.
Score EvaluateFromScratch(const QuantizedNetwork& network, const NetworkInputs& mover_inputs,
                          const NetworkInputs& other_inputs);

// Whether `network` judges a position whose sides have `side_pieces(0)` and
// `side_pieces(1)` pieces: each side at most its max_side_pieces (0: any).
template <class SidePieces>
bool Judges(const QuantizedNetwork& network, SidePieces side_pieces) {
  const int limit = network.max_side_pieces;
  return limit == 0 || (side_pieces(0) <= limit && side_pieces(1) <= limit);
}

// A game's learned evaluation of a position for `mover`: the endgame
// network's score where it judges (`side_pieces(side)`, side 0 or 1, against
// its max_side_pieces), else the game's own evaluation (`fallback()`)
// corrected by the whole-game network's score where that judges (it learns
// what the game's evaluation misses), else the game's own alone; either
// network may be null. `inputs(player)`: the inputs seen from that player.
template <class SidePieces, class Inputs, class Fallback>
Score LearnedScore(const std::shared_ptr<const QuantizedNetwork>& endgame,
                   const std::shared_ptr<const QuantizedNetwork>& whole_game, Player mover,
                   SidePieces side_pieces, Inputs inputs, Fallback fallback) {
  if (endgame != nullptr && Judges(*endgame, side_pieces)) {
    return EvaluateIncrementally(endgame, mover, inputs(mover), inputs(Opponent(mover)));
  }
  if (whole_game != nullptr && Judges(*whole_game, side_pieces)) {
    const Score correction =
        EvaluateIncrementally(whole_game, mover, inputs(mover), inputs(Opponent(mover)));
    return std::clamp(fallback() + correction, -kMaxHeuristic, kMaxHeuristic);
  }
  return fallback();
}

}  // namespace lud64

#endif  // LUD64_NETWORK_INCREMENTAL_H_
