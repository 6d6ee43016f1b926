// MCTS's pressing term (mcts.h): where the root is decided, a leaf's value
// is measured against the root's evaluation too, so that a side far ahead
// still prefers gaining more (search/README.md measures it).
#ifndef LUD64_SEARCH_MCTS_PRESS_H_
#define LUD64_SEARCH_MCTS_PRESS_H_

#include <cmath>
#include <cstdlib>

#include "engine/score.h"
#include "search/mcts.h"

namespace lud64 {
namespace mcts_internal {

// The root counts as decided beyond this
// evaluation either way (an expected result of 0.88), and its reference is
// what lies beyond; a kept tree's reference may lag the root's by this much.
inline constexpr Score kPressMargin = static_cast<Score>(2 * kLogisticScale);
inline constexpr Score kPressTolerance = static_cast<Score>(kLogisticScale / 2);

// The value of a heuristic score for its side, 0 to 1: its expected result,
// blended with weight `press` with the expected result of its gain over
// `reference` (the root's for that side). With press 0, the expected result
// alone, to the bit.
inline double HeuristicValue(Score score, Score reference, double press) {
  const auto expected = [](double s) { return 1 / (1 + std::exp(-s / kLogisticScale)); };
  return (1 - press) * expected(score) + press * expected(score - reference);
}

}  // namespace mcts_internal

template <Game G>
Score Mcts<G>::PressReference(const Position& position) const {
  if constexpr (SearchableGame<G>) {
    if (options_.press == 0 || !UsesPriors() || position.state.over()) return 0;
    const Score score = Evaluate(game_, position, options_.evaluation, options_.network);
    const Score for_p1 = position.state.to_move == Player::kP1 ? score : -score;
    const Score margin = mcts_internal::kPressMargin;
    return for_p1 > margin ? for_p1 - margin : for_p1 < -margin ? for_p1 + margin : 0;
  } else {
    return 0;
  }
}

template <Game G>
void Mcts<G>::UpdatePressReference() {
  const Score reference = PressReference(root_position_);
  if (root().expansion.load() != MctsNode::kLeaf) {
    if (std::abs(reference - press_reference_) <= mcts_internal::kPressTolerance) return;
    SetRoot(root_position_, /*keep_tree=*/false);
  }
  press_reference_ = reference;
}

}  // namespace lud64

#endif  // LUD64_SEARCH_MCTS_PRESS_H_
