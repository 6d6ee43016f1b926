// n environments of one game stepped together in C++, for reinforcement
// learning: actions in, planes, rewards and done flags out, finished games
// reset at once. Each environment has its own random stream (for random
// actions) derived from the seed and its index, so results depend on the seed
// only, never on the threads.
#ifndef LUD64_PYTHON_BATCH_ENV_H_
#define LUD64_PYTHON_BATCH_ENV_H_

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/action_space.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "python/worker_pool.h"
#include "search/playout.h"
#include "search/playout_runner.h"

namespace lud64::python {

// Whether `decision` is legal in `position`: IsLegal (engine/game.h),
// read from the decision sets of the games that have them without listing
// every decision.
template <Game G>
bool IsLegalDecision(const G& game, const typename G::Position& position, Decision decision) {
  if constexpr (HasDecisionSets<G>) {
    if (position.state.over()) return false;
    DecisionSets sets;
    game.decision_sets(position, sets);
    if (sets.count() == 0) return decision.is_pass();
    for (int i = 0; i < sets.size(); ++i) {
      const DecisionSet& set = sets[i];
      if (set.kind == decision.kind && Contains(set.targets, decision.to) &&
          set.At(decision.to) == decision) {
        return true;
      }
    }
    return false;
  } else {
    return IsLegal(game, position, decision);
  }
}

// The game-independent face of BatchEnvOf<G>. Output pointers hold n values
// (n * plane_size planes, n * num_actions mask values).
class BatchEnvCore {
 public:
  virtual ~BatchEnvCore() = default;
  virtual int size() const = 0;
  virtual void Reset(float* planes) = 0;
  // Nothing changes when an action is out of range or illegal: the error
  // names the first such environment.
  virtual absl::Status Step(const int32_t* actions, float* planes, float* rewards, bool* done) = 0;
  virtual void LegalMask(bool* mask) = 0;
  virtual void RandomActions(int32_t* actions) = 0;
  virtual void ToMove(int8_t* players) const = 0;
  virtual std::string PositionText(int env) const = 0;
};

template <NotatedGame G>
class BatchEnvOf final : public BatchEnvCore {
 public:
  using Position = typename G::Position;

  // `actions` and `plane_size` describe the game's action space and planes.
  BatchEnvOf(const G& game, const ActionSpace& actions, int plane_size, int n, uint64_t seed,
             int threads)
      : game_(game),
        actions_(actions),
        plane_size_(plane_size),
        positions_(n, game.start()),
        previous_(n),
        pool_(threads) {
    randoms_.reserve(n);
    for (int i = 0; i < n; ++i) randoms_.push_back(PlayoutRandom(seed, i));
  }

  int size() const override { return static_cast<int>(positions_.size()); }

  void Reset(float* planes) override {
    pool_.Run(size(), [&](int begin, int end) {
      for (int i = begin; i < end; ++i) {
        positions_[i] = game_.start();
        WritePlanes(game_, positions_[i], planes + static_cast<size_t>(i) * plane_size_);
      }
    });
  }

  absl::Status Step(const int32_t* actions, float* planes, float* rewards, bool* done) override {
    std::atomic<int> first_error{size()};
    pool_.Run(size(), [&](int begin, int end) {
      for (int i = begin; i < end; ++i) {
        Position& position = positions_[i];
        previous_[i] = position;
        const int32_t id = actions[i];
        const Decision decision =
            id >= 0 && id < actions_.size() ? actions_.decision(id) : Decision::Pass();
        if (id < 0 || id >= actions_.size() || !IsLegalDecision(game_, position, decision)) {
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

  void LegalMask(bool* mask) override {
    const int width = actions_.size();
    pool_.Run(size(), [&](int begin, int end) {
      std::memset(mask + static_cast<size_t>(begin) * width, 0,
                  static_cast<size_t>(end - begin) * width);
      for (int i = begin; i < end; ++i)
        MarkLegal(positions_[i], mask + static_cast<size_t>(i) * width);
    });
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
  // Sets the legal actions of an unfinished position in `row`.
  void MarkLegal(const Position& position, bool* row) const {
    if constexpr (HasDecisionSets<G>) {
      DecisionSets sets;
      game_.decision_sets(position, sets);
      if (sets.count() == 0) row[actions_.id(Decision::Pass())] = true;
      for (int i = 0; i < sets.size(); ++i) {
        for (int target : Sites(sets[i].targets)) row[actions_.id(sets[i].At(target))] = true;
      }
    } else {
      DecisionList list;
      LegalDecisions(game_, position, list);
      for (Decision d : list) row[actions_.id(d)] = true;
    }
  }

  const G game_;
  const ActionSpace& actions_;
  const int plane_size_;
  std::vector<Position> positions_;
  std::vector<Position> previous_;  // before the current step, to undo a failed one
  std::vector<Random> randoms_;
  WorkerPool pool_;
};

}  // namespace lud64::python

#endif  // LUD64_PYTHON_BATCH_ENV_H_
