// GameTrainingSamples of one game: sample_sources.h instantiated for it,
// with its errors for what the game lacks. Included only by
// training_samples_<game>.cc.
#ifndef LUD64_PLAY_TRAINING_SAMPLES_IMPL_H_
#define LUD64_PLAY_TRAINING_SAMPLES_IMPL_H_

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/position_text.h"
#include "play/game_training_samples.h"
#include "play/labelled_game_source.h"
#include "play/sample_sources.h"
#include "play/search_instances.h"
#include "tablebase/games/game_tablebases.h"

namespace lud64 {

template <Game G>
class GameTrainingSamplesOf final : public GameTrainingSamples {
 public:
  explicit GameTrainingSamplesOf(const G& game) : game_(game) {}

  absl::Status CanSampleTables() const override {
    if constexpr (!tablebase::TablebaseFor<G>::kSupported) {
      return tablebase::NoTablebaseError(game_.name());
    } else {
      return CanSampleSelfPlay();
    }
  }

  absl::Status CanSampleSelfPlay() const override {
    if constexpr (!HasNetworkInputs<G>) {
      return absl::InvalidArgumentError(absl::StrCat(game_.name(), " has no learned evaluation"));
    } else {
      return absl::OkStatus();
    }
  }

  absl::Status CanWriteEvaluationTerms() const override {
    if constexpr (!HasEvaluationTerms<G>) {
      return absl::InvalidArgumentError(absl::StrCat(game_.name(), " has no evaluation terms"));
    } else {
      return absl::OkStatus();
    }
  }

  absl::StatusOr<std::vector<TrainingSample>> TableSamples(const std::string& dir,
                                                           const TableSampling& sampling,
                                                           std::ostream& progress,
                                                           StopFlag stop) const override {
    if (absl::Status can = CanSampleTables(); !can.ok()) return can;
    if constexpr (tablebase::TablebaseFor<G>::kSupported && HasNetworkInputs<G>) {
      auto base = tablebase::OpenTablebase(game_, dir, tablebase::FileCheck::kHeader);
      // Tables missing or damaged at `dir`: bad input, as a bad sample file.
      if (!base.ok()) return absl::InvalidArgumentError(base.status().message());
      return TableSamplesOf(game_, *base, sampling, progress, stop);
    } else {
      return absl::InternalError("unreachable");
    }
  }

  absl::StatusOr<std::vector<TrainingSample>> SelfPlaySamples(const SelfPlay& plan,
                                                              std::ostream& progress,
                                                              StopFlag stop) const override {
    if (absl::Status can = CanSampleSelfPlay(); !can.ok()) return can;
    if constexpr (HasNetworkInputs<G>) {
      return SelfPlaySamplesOf(game_, plan, progress, stop);
    } else {
      return absl::InternalError("unreachable");
    }
  }

  absl::Status WriteEvaluationTerms(const SelfPlay& plan, std::ostream& csv, std::ostream& progress,
                                    StopFlag stop) const override {
    if (absl::Status can = CanWriteEvaluationTerms(); !can.ok()) return can;
    if constexpr (HasEvaluationTerms<G>) {
      csv << "result," << absl::StrJoin(G::kEvaluationTermNames, ",") << "\n";
      Random random(plan.seed);
      TranspositionTable table(16);
      size_t rows = 0;
      for (int n = 0; n < plan.games && !Stopping(stop); ++n) {
        std::vector<std::pair<Player, typename G::EvaluationTerms>> seen;
        const Outcome outcome = PlaySelfPlayGame(
            game_, plan, random, table, [&](const typename G::Position& position, float) {
              seen.emplace_back(position.state.to_move, game_.evaluation_terms(position));
            });
        for (const auto& [mover, terms] : seen) {
          csv << ResultFor(outcome, mover) << "," << absl::StrJoin(terms, ",") << "\n";
        }
        rows += seen.size();
        progress << absl::StreamFormat("terms: %d games, %d positions\n", n + 1, rows);
      }
    }
    return absl::OkStatus();
  }

  absl::StatusOr<std::vector<std::optional<TrainingSample>>> PositionSamples(
      const std::vector<std::string>& positions, bool whole_game) const override {
    if (absl::Status can = CanSampleSelfPlay(); !can.ok()) return can;
    std::vector<std::optional<TrainingSample>> samples;
    if constexpr (HasNetworkInputs<G> && NotatedGame<G>) {
      const std::shared_ptr<const QuantizedNetwork>& endgame = GameNetwork<G>::BuiltIn(game_);
      samples.reserve(positions.size());
      for (const std::string& text : positions) {
        absl::StatusOr<typename G::Position> position = ParsePosition(game_, text);
        if (!position.ok()) {
          return absl::InvalidArgumentError(
              absl::StrCat("position '", text, "': ", position.status().message()));
        }
        const auto side_pieces = [&](int side) {
          return GameNetwork<G>::SidePieces(*position, side);
        };
        if (!whole_game) {
          samples.emplace_back(SampleOf(game_, *position, 0.5f));
        } else if (endgame != nullptr && Judges(*endgame, side_pieces)) {
          samples.emplace_back();
        } else {
          // A whole-game network corrects the hand-written evaluation.
          samples.emplace_back(SampleOf(game_, *position, 0.5f));
          samples.back()->base_logit =
              static_cast<float>(game_.evaluate(*position) / kLogisticScale);
        }
      }
    }
    return samples;
  }

  absl::StatusOr<LabelledGame> PlayLabelledGame(const LabellingPlan& plan, uint64_t index,
                                                StopFlag stop) const override {
    if constexpr (SearchableGame<G> && NotatedGame<G>) {
      return PlayLabelledGameOf(game_, plan, index, stop);
    } else {
      return absl::InvalidArgumentError(absl::StrCat(game_.name(), " has no evaluation"));
    }
  }

 private:
  const G game_;
};

template <Game G>
std::unique_ptr<GameTrainingSamples> MakeGameTrainingSamples(const G& game) {
  return std::make_unique<GameTrainingSamplesOf<G>>(game);
}

}  // namespace lud64

#endif  // LUD64_PLAY_TRAINING_SAMPLES_IMPL_H_
