// The dispatch of labelled_games.h to each game's GameTrainingSamples.
#include "play/labelled_games.h"

#include <variant>

#include "play/game_training_samples.h"

namespace lud64 {

absl::StatusOr<LabelledGame> PlayLabelledGame(const AnyGame& game, const LabellingPlan& plan,
                                              uint64_t index, StopFlag stop) {
  return std::visit(
      [&](const auto& g) {
        return MakeGameTrainingSamples(g)->PlayLabelledGame(plan, index, stop);
      },
      game);
}

}  // namespace lud64
