// Search scores: centi-pieces for heuristic values, and proven results as win
// or loss in N plies, from the point of view of the player to move.
#ifndef LUD64_ENGINE_SCORE_H_
#define LUD64_ENGINE_SCORE_H_

#include <cstdlib>
#include <string>

namespace lud64 {

using Score = int;

inline constexpr Score kWinScore = 1'000'000;   // a win now; a win in n plies scores kWinScore - n
inline constexpr Score kProvenScore = 900'000;  // scores beyond this are proven results
inline constexpr Score kInfinity = 1'100'000;
inline constexpr Score kMaxHeuristic = 100'000;  // evaluations stay within this
// A heuristic score s stands for the expected result 1 / (1 + exp(-s / kLogisticScale))
// of the player to move (1 a win, 1/2 a draw): a piece ahead is about 2/3.
inline constexpr double kLogisticScale = 150;

constexpr Score WinIn(int plies) { return kWinScore - plies; }
constexpr Score LossIn(int plies) { return -kWinScore + plies; }
constexpr bool IsProven(Score s) { return std::abs(s) >= kProvenScore; }
constexpr int PliesToEnd(Score s) { return kWinScore - std::abs(s); }

// Proven scores are stored relative to the node (plies from it) and used
// relative to the root (plies from the root).
constexpr Score ToStored(Score s, int ply) {
  return s >= kProvenScore ? s + ply : s <= -kProvenScore ? s - ply : s;
}
constexpr Score FromStored(Score s, int ply) {
  return s >= kProvenScore ? s - ply : s <= -kProvenScore ? s + ply : s;
}

// "cp 35", "win in 5", "loss in 4".
std::string ScoreText(Score s);

}  // namespace lud64

#endif  // LUD64_ENGINE_SCORE_H_
