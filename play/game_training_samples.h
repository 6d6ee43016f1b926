// The per-game face of training_samples.h: one implementation per game
// (training_samples_impl.h), compiled in training_samples_<game>.cc and
// declared here only, so that the dispatch compiles none.
#ifndef LUD64_PLAY_GAME_TRAINING_SAMPLES_H_
#define LUD64_PLAY_GAME_TRAINING_SAMPLES_H_

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "boards/game_list.h"
#include "engine/game.h"
#include "play/labelled_games.h"
#include "play/training_samples.h"

namespace lud64 {

class GameTrainingSamples {
 public:
  virtual ~GameTrainingSamples() = default;
  virtual absl::Status CanSampleTables() const = 0;
  virtual absl::Status CanSampleSelfPlay() const = 0;
  virtual absl::Status CanWriteEvaluationTerms() const = 0;
  virtual absl::StatusOr<std::vector<TrainingSample>> TableSamples(const std::string& dir,
                                                                   const TableSampling& sampling,
                                                                   std::ostream& progress,
                                                                   StopFlag stop) const = 0;
  virtual absl::StatusOr<std::vector<TrainingSample>> SelfPlaySamples(const SelfPlay& plan,
                                                                      std::ostream& progress,
                                                                      StopFlag stop) const = 0;
  virtual absl::Status WriteEvaluationTerms(const SelfPlay& plan, std::ostream& csv,
                                            std::ostream& progress, StopFlag stop) const = 0;
  virtual absl::StatusOr<std::vector<std::optional<TrainingSample>>> PositionSamples(
      const std::vector<std::string>& positions, bool whole_game) const = 0;
  virtual absl::StatusOr<LabelledGame> PlayLabelledGame(const LabellingPlan& plan, uint64_t index,
                                                        StopFlag stop) const = 0;
};

// Defined in training_samples_impl.h, compiled once for each game in
// play/training_samples_<game>.cc (LUD64_GAME_TRAINING_SAMPLES(G, )).
template <Game G>
std::unique_ptr<GameTrainingSamples> MakeGameTrainingSamples(const G& game);
// NOLINTBEGIN(bugprone-macro-parentheses)
#define LUD64_GAME_TRAINING_SAMPLES(G, kind) \
  kind template std::unique_ptr<GameTrainingSamples> MakeGameTrainingSamples<G>(const G&);
// NOLINTEND(bugprone-macro-parentheses)
LUD64_FOR_EACH_GAME(LUD64_GAME_TRAINING_SAMPLES, extern)

}  // namespace lud64

#endif  // LUD64_PLAY_GAME_TRAINING_SAMPLES_H_
