#include "play/game_batch.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <type_traits>
#include <utility>
#include <variant>

#include "boards/damdaman/damdaman_tensors.h"
#include "boards/davxar/davxar_tensors.h"
#include "boards/guettal/guettal_tensors.h"
#include "engine/game.h"
#include "play/legal_actions.h"
#include "search/playout.h"

namespace lud64 {
namespace {

template <Game G>
class GameBatchOf final : public GameBatch {
 public:
  using Position = typename G::Position;

  GameBatchOf(const G& game, const ActionSpace& actions, int n,
              std::shared_ptr<const std::vector<Position>> starts)
      : game_(game),
        actions_(&actions),
        rows_(std::make_shared<const LegalActionRows>(actions)),
        plane_size_(Planes(game).size()),
        starts_(std::move(starts)),
        positions_(n),
        steps_(n, 0),
        ended_(n, 0),
        legal_(static_cast<size_t>(n) * rows_->bit_words(), 0) {
    std::array<bool, 512> row;
    LegalActionRows::Bits bits;
    for (int i = 0; i < n; ++i) {
      positions_[i] = Start(i);
      if (positions_[i].state.over()) continue;
      rows_->Write(game_, positions_[i], row.data(), bits);
      std::copy_n(bits.begin(), rows_->bit_words(), LegalBits(i));
    }
  }

  int size() const override { return static_cast<int>(positions_.size()); }
  int num_actions() const override { return actions_->size(); }
  int plane_size() const override { return plane_size_; }
  std::unique_ptr<GameBatch> Copy() const override { return std::make_unique<GameBatchOf>(*this); }

  void Reset(int begin, int end, const BatchOutput& out) override {
    for (int i = begin; i < end; ++i) {
      positions_[i] = Start(i);
      steps_[i] = 0;
      ended_[i] = 0;
      if (out.rewards != nullptr) out.rewards[2 * i] = out.rewards[2 * i + 1] = 0;
      if (out.terminated != nullptr) out.terminated[i] = false;
      if (out.truncated != nullptr) out.truncated[i] = false;
      if (out.step_count != nullptr) out.step_count[i] = 0;
      if (out.final_observation != nullptr && !out.final_observation_zeroed) {
        Zero(out.final_observation, i);
      }
    }
    Observe(begin, end, out);
  }

  void Step(int begin, int end, const int32_t* actions, const BatchStepOptions& options,
            const BatchOutput& out) override {
    for (int i = begin; i < end; ++i) {
      float* rewards = out.rewards + 2 * i;
      rewards[0] = rewards[1] = 0;
      bool terminated = false, truncated = false;
      if (ended_[i] != 0) {  // ended before this step, without auto-reset: unchanged
        terminated = ended_[i] == kTerminated;
        truncated = ended_[i] == kTruncated;
      } else {
        Position& position = positions_[i];
        const int mover = Index(position.state.to_move);
        const Decision decision = actions_->decision(actions[i]);
        ++steps_[i];
        if (!LegalActionRows::HasBit(LegalBits(i), actions[i])) {
          rewards[mover] = options.illegal_action_penalty;
          rewards[1 - mover] = -options.illegal_action_penalty;
          terminated = true;
        } else {
          Apply(game_, position, decision);
          if (position.state.over()) {
            terminated = true;
            if (position.state.outcome != Outcome::kDraw) {
              const int winner = position.state.outcome == Outcome::kP1Wins ? 0 : 1;
              rewards[winner] = 1;
              rewards[1 - winner] = -1;
            }
          } else if (options.max_steps > 0 && steps_[i] >= options.max_steps) {
            truncated = true;
          }
        }
        ended_[i] = terminated ? kTerminated : truncated ? kTruncated : 0;
      }
      out.terminated[i] = terminated;
      out.truncated[i] = truncated;
      if (out.final_observation != nullptr) {
        if ((terminated || truncated) && options.auto_reset) {
          WritePlanes(game_, positions_[i], out.final_observation + Row(i));
        } else if (!out.final_observation_zeroed) {
          Zero(out.final_observation, i);
        }
      }
      if ((terminated || truncated) && options.auto_reset) {
        positions_[i] = Start(i);
        steps_[i] = 0;
        ended_[i] = 0;
      }
      if (out.step_count != nullptr) out.step_count[i] = steps_[i];
    }
    Observe(begin, end, out);
  }

  void Observe(int begin, int end, const BatchOutput& out) const override {
    const int width = actions_->size();
    for (int i = begin; i < end; ++i) {
      const Position& position = positions_[i];
      if (out.current_player != nullptr) out.current_player[i] = Index(position.state.to_move);
      if (out.observation != nullptr) WritePlanes(game_, position, out.observation + Row(i));
      std::array<bool, 512> scratch;
      bool* row =
          out.legal != nullptr ? out.legal + static_cast<size_t>(i) * width : scratch.data();
      LegalActionRows::Bits bits;  // Write sets every word
      if (ended_[i] == 0 && !position.state.over()) {
        rows_->Write(game_, position, row, bits);
      } else {
        rows_->Zero(row);
        bits.fill(0);
      }
      std::copy_n(bits.begin(), rows_->bit_words(), LegalBits(i));
    }
  }

  AnyPosition position(int env) const override { return AnyPosition(positions_[env]); }

 private:
  static constexpr uint8_t kTerminated = 1, kTruncated = 2;

  Position Start(int i) const {
    return starts_->empty() ? game_.start() : (*starts_)[i % starts_->size()];
  }
  uint64_t* LegalBits(int i) const {
    return legal_.data() + static_cast<size_t>(i) * rows_->bit_words();
  }
  size_t Row(int i) const { return static_cast<size_t>(i) * plane_size_; }
  void Zero(float* planes, int i) const {
    std::fill(planes + Row(i), planes + Row(i) + plane_size_, 0.0f);
  }

  G game_;
  const ActionSpace* actions_;
  std::shared_ptr<const LegalActionRows> rows_;  // shared by copies
  int plane_size_;
  std::shared_ptr<const std::vector<Position>> starts_;  // shared by copies
  std::vector<Position> positions_;
  std::vector<int32_t> steps_;
  std::vector<uint8_t> ended_;  // 0, kTerminated or kTruncated
  // The legal actions of each environment as bits (none once it ended),
  // bit_words() a row, written by the constructor and by Observe (every
  // Reset and Step ends with one): the step tests an action in one read.
  mutable std::vector<uint64_t> legal_;
};

}  // namespace

std::unique_ptr<GameBatch> MakeGameBatch(const AnyGame& game, const ActionSpace& actions, int n,
                                         const std::vector<AnyPosition>& starts) {
  return std::visit(
      [&](const auto& g) -> std::unique_ptr<GameBatch> {
        using G = std::decay_t<decltype(g)>;
        auto own = std::make_shared<std::vector<typename G::Position>>();
        for (const AnyPosition& start : starts) {
          own->push_back(std::get<typename G::Position>(start));
        }
        return std::make_unique<GameBatchOf<G>>(g, actions, n, std::move(own));
      },
      game);
}

}  // namespace lud64
