// BatchEnvOf<G>: the batched environments of one game (batch_env.h), their
// hot loop over search/playout.h. Included only by batch_env_<game>.cc,
// which compile it once per game.
#ifndef LUD64_PLAY_BATCH_ENV_IMPL_H_
#define LUD64_PLAY_BATCH_ENV_IMPL_H_

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/action_space.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "play/batch_env.h"
#include "play/legal_actions.h"
#include "play/worker_pool.h"
#include "search/playout.h"
#include "search/playout_runner.h"

namespace lud64 {

template <NotatedGame G>
class BatchEnvOf final : public BatchEnvCore {
 public:
  using Position = typename G::Position;

  // n environments at the start; `actions` and `plane_size` describe the
  // game's action space and planes. nullptr when `interrupt` stopped it (16M
  // environments take seconds).
  static std::unique_ptr<BatchEnvCore> Make(const G& game, const ActionSpace& actions,
                                            int plane_size, int n, uint64_t seed, int threads,
                                            const Interrupt& interrupt) {
    std::unique_ptr<BatchEnvOf> env(new BatchEnvOf(game, actions, plane_size, threads));
    env->positions_.reserve(n);
    env->previous_.reserve(n);
    env->randoms_.reserve(n);
    for (int begin = 0; begin < n; begin += kBlock) {
      if (begin > 0 && interrupt && interrupt()) return nullptr;
      const int end = std::min(n, begin + kBlock);
      env->positions_.resize(end, game.start());
      env->previous_.resize(end);
      for (int i = begin; i < end; ++i) env->randoms_.push_back(PlayoutRandom(seed, i));
    }
    return env;
  }

  int size() const override { return static_cast<int>(positions_.size()); }

  // The planes first, the positions once they are all written.
  bool Reset(float* planes, const Interrupt& interrupt) override {
    const Position start = game_.start();
    const int written = ForEachRound(interrupt, [&](int begin, int end) {
      for (int i = begin; i < end; ++i) {
        WritePlanes(game_, start, planes + static_cast<size_t>(i) * plane_size_);
      }
    });
    if (written < size()) return false;
    pool_.Run(size(), [&](int begin, int end) {
      std::fill(positions_.begin() + begin, positions_.begin() + end, start);
    });
    return true;
  }

  absl::Status Step(const int32_t* actions, float* planes, float* rewards, bool* done,
                    const Interrupt& interrupt) override {
    std::atomic<int> first_error{size()};
    const int stepped = ForEachRound(interrupt, [&](int begin, int end) {
      for (int i = begin; i < end; ++i) {
        Position& position = positions_[i];
        previous_[i] = position;
        const int32_t id = actions[i];
        const Decision decision =
            id >= 0 && id < actions_.size() ? actions_.decision(id) : Decision::Pass();
        if (id < 0 || id >= actions_.size() || !IsLegal(game_, position, decision)) {
          int seen = first_error.load();
          while (i < seen && !first_error.compare_exchange_weak(seen, i)) {
          }
          continue;
        }
        const Player mover = position.state.to_move;
        Apply(game_, position, decision);
        const bool finished = position.state.over();
        float reward = 0;
        if (finished) {  // for the player who decided; the game starts again
          const Outcome outcome = position.state.outcome;
          reward = outcome == Outcome::kDraw ? 0.0f : outcome == WinFor(mover) ? 1.0f : -1.0f;
          position = game_.start();
        }
        rewards[i] = reward;
        done[i] = finished;
        WritePlanes(game_, position, planes + static_cast<size_t>(i) * plane_size_);
      }
    });
    if (stepped < size()) {
      std::copy(previous_.begin(), previous_.begin() + stepped, positions_.begin());
      return absl::CancelledError("interrupted");
    }
    const int bad = first_error.load();
    if (bad == size()) return absl::OkStatus();
    std::copy(previous_.begin(), previous_.end(), positions_.begin());
    const int32_t id = actions[bad];
    if (id < 0 || id >= actions_.size()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "env ", bad, ": action ", id, " is out of range 0 to ", actions_.size() - 1));
    }
    return absl::InvalidArgumentError(
        absl::StrCat("env ", bad, ": action ", id, " (",
                     FormatDecision(actions_.decision(id), game_.site_names()), ") is illegal in ",
                     FormatPosition(game_, positions_[bad])));
  }

  bool LegalMask(bool* mask, const Interrupt& interrupt) override {
    const int width = actions_.size();
    const int marked = ForEachRound(interrupt, [&](int begin, int end) {
      LegalActionRows::Bits unused;
      for (int i = begin; i < end; ++i) {
        rows_.Write(game_, positions_[i], mask + static_cast<size_t>(i) * width, unused);
      }
    });
    return marked == size();
  }

  void RandomActions(int32_t* actions) override {
    pool_.Run(size(), [&](int begin, int end) {
      for (int i = begin; i < end; ++i) {
        actions[i] = actions_.id(RandomDecision(game_, positions_[i], randoms_[i]));
      }
    });
  }

  void ToMove(int8_t* players) const override {
    for (int i = 0; i < size(); ++i)
      players[i] = static_cast<int8_t>(Index(positions_[i].state.to_move));
  }

  std::string PositionText(int env) const override {
    return FormatPosition(game_, positions_[env]);
  }

 private:
  BatchEnvOf(const G& game, const ActionSpace& actions, int plane_size, int threads)
      : game_(game), actions_(actions), plane_size_(plane_size), pool_(threads) {}

  // Calls body(begin, end) on ranges covering [0, size()), in rounds of
  // kBlock environments per thread of the pool, asking `interrupt` between
  // rounds. Returns how many environments were done: size(), or, when
  // interrupted, fewer: always the first ones, which makes undoing simple.
  template <class Body>
  int ForEachRound(const Interrupt& interrupt, const Body& body) {
    const int round = kBlock * pool_.threads();
    for (int begin = 0; begin < size(); begin += round) {
      if (begin > 0 && interrupt && interrupt()) return begin;
      const int end = std::min(size(), begin + round);
      pool_.Run(end - begin, [&](int first, int last) { body(begin + first, begin + last); });
    }
    return size();
  }

  const G game_;
  const ActionSpace& actions_;
  const LegalActionRows rows_{actions_};
  const int plane_size_;
  std::vector<Position> positions_;
  std::vector<Position> previous_;  // before the current step, to undo a failed one
  std::vector<Random> randoms_;
  WorkerPool pool_;
};

template <Game G>
std::unique_ptr<BatchEnvCore> MakeGameBatchEnv(const G& game, const ActionSpace& actions,
                                               int plane_size, int n, uint64_t seed, int threads,
                                               const Interrupt& interrupt) {
  return BatchEnvOf<G>::Make(game, actions, plane_size, n, seed, threads, interrupt);
}

}  // namespace lud64

#endif  // LUD64_PLAY_BATCH_ENV_IMPL_H_
