// The choices a search is made with that front-ends name (`eval=`, `leaves=`,
// `exploration=`), apart from the search templates so that the application
// layer's options (play/engine_options.h) reach them without the searches.
#ifndef LUD64_SEARCH_SEARCH_SETTINGS_H_
#define LUD64_SEARCH_SEARCH_SETTINGS_H_

#include <cstdint>

#include "engine/named_values.h"

namespace lud64 {

// Which static evaluation a search uses: the game's learned endgame network
// where it judges (the hand-written rules elsewhere, and in a game without
// one); the hand-written rules everywhere; or the endgame network where it
// judges and elsewhere the hand-written rules corrected by the game's
// whole-game network (network/games/game_networks.h).
enum class Evaluation : uint8_t { kLearned, kClassic, kWholeGame };
// As every front-end writes the option (`eval=`).
inline constexpr NameTable<Evaluation, 3> kEvaluationNames = {{{Evaluation::kLearned, "learned"},
                                                               {Evaluation::kClassic, "classic"},
                                                               {Evaluation::kWholeGame, "whole"}}};
// What every engine uses unless told otherwise: where a game has no
// whole-game network (Damdaman, Guettal) the same as kLearned. Davxar's
// whole-game networks beat kLearned at 0.05 and 0.5 s a decision with
// either line set (search/README.md).
inline constexpr Evaluation kDefaultEvaluation = Evaluation::kWholeGame;
// What each name means, as every front-end's help prints it (bestmove's
// --eval, match's engine specs, the Python docstring; UGI's README quotes it):
// written once, so that they cannot drift apart.
inline constexpr const char* kEvaluationHelp =
    "the static evaluation. whole (the default): the game's endgame network where it judges, "
    "elsewhere the hand-written evaluation corrected by the game's whole-game network where it "
    "has one (Davxar); learned: the same without the whole-game network; "
    "classic: the hand-written evaluation alone";
static_assert(kDefaultEvaluation == Evaluation::kWholeGame, "kEvaluationHelp names the default");

// MCTS's UCB1 exploration constant C, rewards being 0 to 1; every front-end
// takes 0 to kMaxExploration.
inline constexpr double kDefaultExploration = 1.0;
inline constexpr double kMaxExploration = 100.0;
// The weight of MCTS's pressing term (`press`, search/mcts.h), 0 to 1: a
// leaf's value measured against the root's, so that a side far ahead still
// prefers gaining more; 0 leaves a leaf's value its expected result alone.
inline constexpr double kDefaultPress = 0.5;

// What an MCTS leaf is worth on its first visit: the result of a uniform
// random playout from it, or the game's static evaluation turned into an
// expected reward, 1 / (1 + exp(-evaluation / kLogisticScale))
// (engine/score.h). The evaluation (the default) needs a searchable game; a
// game without one plays out. Measured on Davxar (search/README.md), it
// throws away fewer exact values and wins matches against playouts.
enum class MctsLeaves : uint8_t { kPlayout, kEvaluation };
// As every front-end writes the option (`leaves=`).
inline constexpr NameTable<MctsLeaves, 2> kMctsLeavesNames = {
    {{MctsLeaves::kPlayout, "playout"}, {MctsLeaves::kEvaluation, "evaluation"}}};

}  // namespace lud64

#endif  // LUD64_SEARCH_SEARCH_SETTINGS_H_
