// The dispatch of training_samples.h to each game's GameTrainingSamples.
#include "play/training_samples.h"

#include <memory>
#include <variant>

#include "play/game_training_samples.h"

namespace lud64 {
namespace {

std::unique_ptr<GameTrainingSamples> SamplesOf(const AnyGame& game) {
  return std::visit([](const auto& g) { return MakeGameTrainingSamples(g); }, game);
}

}  // namespace

absl::Status CanSampleTables(const AnyGame& game) { return SamplesOf(game)->CanSampleTables(); }

absl::Status CanSampleSelfPlay(const AnyGame& game) { return SamplesOf(game)->CanSampleSelfPlay(); }

absl::Status CanWriteEvaluationTerms(const AnyGame& game) {
  return SamplesOf(game)->CanWriteEvaluationTerms();
}

absl::StatusOr<std::vector<TrainingSample>> TableSamples(const AnyGame& game,
                                                         const std::string& dir,
                                                         const TableSampling& sampling,
                                                         std::ostream& progress, StopFlag stop) {
  return SamplesOf(game)->TableSamples(dir, sampling, progress, stop);
}

absl::StatusOr<std::vector<TrainingSample>> SelfPlaySamples(const AnyGame& game,
                                                            const SelfPlay& plan,
                                                            std::ostream& progress, StopFlag stop) {
  return SamplesOf(game)->SelfPlaySamples(plan, progress, stop);
}

absl::Status WriteEvaluationTerms(const AnyGame& game, const SelfPlay& plan, std::ostream& csv,
                                  std::ostream& progress, StopFlag stop) {
  return SamplesOf(game)->WriteEvaluationTerms(plan, csv, progress, stop);
}

absl::StatusOr<std::vector<std::optional<TrainingSample>>> PositionSamples(
    const AnyGame& game, const std::vector<std::string>& positions, bool whole_game) {
  return SamplesOf(game)->PositionSamples(positions, whole_game);
}

}  // namespace lud64
