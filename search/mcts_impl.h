// The body of Mcts (mcts.h); what a search reports is in mcts_report.h,
// keeping the tree between decisions in mcts_reuse.h.
#ifndef LUD64_SEARCH_MCTS_IMPL_H_
#define LUD64_SEARCH_MCTS_IMPL_H_

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <thread>

#include "search/mcts.h"
#include "search/mcts_press.h"

namespace lud64 {
namespace mcts_internal {

// Rewards are fixed-point, for atomic integer sums: a win is kRewardScale,
// a loss 0 and a draw half, but a win `plies` from the root loses up to a
// tenth of its value with the length, and a loss gains as much. Without that,
// an engine far ahead finds all its decisions winning alike and wanders among
// them (hundreds of plies in Davxar's movement phase) instead of ending the
// game; behind, it resists longest.
inline constexpr uint64_t kRewardScale = 1 << 16;
inline constexpr uint64_t kMaxLengthDiscount = kRewardScale / 10;
inline constexpr int kDiscountPlies = 1000;  // the length of the full discount

// A node's visit is counted on the way down (a virtual loss, steering other
// threads elsewhere until the result arrives) while it has fewer visits than
// this; after, with its result. One visit more hardly moves the mean of a
// well-visited node, and counting it with the reward writes the node's cache
// line once per iteration, not twice: the nodes near the root, on nearly
// every path, are the ones threads contend for.
inline constexpr uint64_t kVirtualLossVisits = 64;

// The longest proof a node records (a table's distance beyond it is cut).
inline constexpr uint16_t kMaxProvenPlies = UINT16_MAX;

inline uint64_t Reward(Outcome outcome, Player player, int plies) {
  if (outcome == Outcome::kDraw) return kRewardScale / 2;
  const uint64_t discount =
      kMaxLengthDiscount * static_cast<uint64_t>(std::min(plies, kDiscountPlies)) / kDiscountPlies;
  return outcome == WinFor(player) ? kRewardScale - discount : discount;
}

// The mean reward of a node, 0 to 1.
inline double MeanReward(uint64_t reward, uint64_t visits) {
  return static_cast<double>(reward) / (static_cast<double>(kRewardScale) * visits);
}

inline void CopyNode(MctsNode& to, const MctsNode& from) {
  constexpr auto kRelaxed = std::memory_order_relaxed;
  to.visits.store(from.visits.load(kRelaxed), kRelaxed);
  to.reward.store(from.reward.load(kRelaxed), kRelaxed);
  to.first_child.store(from.first_child.load(kRelaxed), kRelaxed);
  to.proven.store(from.proven.load(kRelaxed), kRelaxed);
  to.expansion.store(from.expansion.load(kRelaxed), kRelaxed);
  to.child_count = from.child_count;
  to.mover = from.mover;
  to.decision = from.decision;
  to.prior = from.prior;
  to.proven_plies.store(from.proven_plies.load(kRelaxed), kRelaxed);
}

// A node's prior as a reward for P1.
inline uint64_t PriorForP1(const MctsNode& node) {
  return node.mover == Player::kP1 ? node.prior : kRewardScale - node.prior;
}

}  // namespace mcts_internal

template <Game G>
MctsReport Mcts<G>::Search(const MctsLimits& limits, const Progress& on_progress) {
  const Clock::time_point start = Clock::now();
  ++searches_;
  UpdatePressReference();
  const uint64_t visits_before = root().visits.load();
  if (!root_position_.state.over() && !Expand(root(), root_position_)) {
    // A tree kept from earlier searches fills the arena: start anew.
    SetRoot(root_position_, /*keep_tree=*/false);
    Expand(root(), root_position_);
  }
  // A forced decision needs no thought.
  const bool forced = root().expansion.load() == MctsNode::kExpanded && root().child_count == 1;
  if (!forced && !root_position_.state.over()) {
    started_.store(0);
    time_up_.store(false);
    std::vector<std::thread> helpers;
    for (int t = 1; t < options_.threads; ++t)
      helpers.emplace_back([&, t] { Work(t, limits, start, visits_before, {}); });
    Work(0, limits, start, visits_before, on_progress);
    for (std::thread& helper : helpers) helper.join();
  }
  MctsReport report = Report(std::chrono::duration<double>(Clock::now() - start).count());
  report.iterations = root().visits.load() - visits_before;
  report.stopped = Stopping(limits.stop);
  return report;
}

template <Game G>
void Mcts<G>::Work(int thread, const MctsLimits& limits, Clock::time_point start,
                   uint64_t visits_before, const Progress& on_progress) {
  constexpr auto kRelaxed = std::memory_order_relaxed;
  const auto seconds = [](double s) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
  };
  const Clock::time_point deadline = start + seconds(limits.seconds);
  Clock::time_point next_progress = start + seconds(options_.progress_every);
  Random random = PlayoutRandom(options_.seed, searches_ * 256 + thread);
  std::vector<Step> path;
  path.reserve(256);
  // One thread holds nothing back: its search is the same as without.
  Pending pending;
  Pending* const hold_back = options_.threads > 1 ? &pending : nullptr;
  for (uint64_t n = 0;; ++n) {
    if (time_up_.load(kRelaxed) || Stopping(limits.stop) ||
        root().proven.load(kRelaxed) != Outcome::kOngoing) {
      break;
    }
    if (limits.iterations > 0 && started_.fetch_add(1, kRelaxed) >= limits.iterations) break;
    if ((limits.seconds > 0 || on_progress) && n % 8 == 0) {
      const Clock::time_point now = Clock::now();
      if (limits.seconds > 0 && now >= deadline) {
        time_up_.store(true, kRelaxed);
        break;
      }
      if (on_progress && now >= next_progress) {
        next_progress = now + seconds(options_.progress_every);
        MctsReport report = Report(std::chrono::duration<double>(now - start).count());
        report.iterations = root().visits.load(kRelaxed) - visits_before;
        on_progress(report);
      }
    }
    Iterate(random, path, hold_back);
    if (n % mcts_internal::kPendingIterations == 0) pending.Flush();
  }
  pending.Flush();
}

template <Game G>
inline uint64_t Mcts<G>::Enter(MctsNode& node, std::vector<Step>& path, bool may_hold_back) {
  constexpr auto kRelaxed = std::memory_order_relaxed;
  uint64_t visits = node.visits.load(kRelaxed);
  const bool counted = visits < mcts_internal::kVirtualLossVisits;
  if (counted) visits = node.visits.fetch_add(1, kRelaxed);
  ++visits;
  path.push_back({&node, visits, counted,
                  !counted && may_hold_back && visits >= 2 * mcts_internal::kPendingShare});
  return visits;
}

template <Game G>
uint64_t Mcts<G>::EvaluationReward(const Position& position) const {
  if constexpr (SearchableGame<G>) {
    const Player mover = position.state.to_move;
    const double value = mcts_internal::HeuristicValue(
        Evaluate(game_, position, options_.evaluation, options_.network),
        mover == Player::kP1 ? press_reference_ : -press_reference_, options_.press);
    const double for_p1 = mover == Player::kP1 ? value : 1 - value;
    return static_cast<uint64_t>(std::llround(for_p1 * mcts_internal::kRewardScale));
  } else {
    return mcts_internal::kRewardScale / 2;  // not reached: UsesPriors() is false
  }
}

template <Game G>
uint64_t Mcts<G>::LeafReward(const Position& position, int plies, Random& random) const {
  if (UsesPriors()) return EvaluationReward(position);
  const PlayoutResult playout = RandomPlayout(game_, position, random);
  return mcts_internal::Reward(playout.outcome, Player::kP1, plies + playout.plies);
}

template <Game G>
void Mcts<G>::Iterate(Random& random, std::vector<Step>& path, Pending* pending) {
  constexpr auto kRelaxed = std::memory_order_relaxed;
  Position position = root_position_;
  MctsNode* node = &root();
  path.clear();
  uint64_t visits = Enter(*node, path, pending != nullptr);
  Outcome result = Outcome::kOngoing;  // a proven result, or none: a leaf's reward
  int plies_after = 0;                 // with a result: its decisions after the path's last node
  uint64_t reward_p1 = 0;
  for (;;) {
    if (const Outcome proven = node->proven.load(kRelaxed); proven != Outcome::kOngoing) {
      result = proven;
      plies_after = node->proven_plies.load(kRelaxed);
      break;
    }
    if (node->expansion.load(std::memory_order_acquire) != MctsNode::kExpanded) {
      // A leaf's first visit is a playout or its evaluation (with priors, the
      // one its parent's expansion made); its second adds its children: the
      // many leaves visited only once take no memory for children.
      const bool first_visit = visits <= 1;
      if (first_visit || !Expand(*node, position)) {
        // A child's prior is already its evaluation: not computed twice.
        reward_p1 = UsesPriors() && node != &root()
                        ? mcts_internal::PriorForP1(*node)
                        : LeafReward(position, static_cast<int>(path.size()) - 1, random);
        break;
      }
    }
    MctsNode* child = Select(*node, visits, position.state.to_move);
    if (child == nullptr) {
      // Every child is a proven loss (proofs are never undone): so is the node.
      TryProve(*node);
      result = node->proven.load(kRelaxed);
      plies_after = node->proven_plies.load(kRelaxed);
      break;
    }
    visits = Enter(*child, path, pending != nullptr);
    // Most iterations of a well-explored tree end at a proven node: its
    // position is not needed.
    if (const Outcome proven = child->proven.load(kRelaxed); proven != Outcome::kOngoing) {
      result = proven;
      plies_after = child->proven_plies.load(kRelaxed);
      break;
    }
    Apply(game_, position, child->decision);
    if (position.state.over()) {
      child->proven_plies.store(0, kRelaxed);
      child->proven.store(position.state.outcome, kRelaxed);
      result = position.state.outcome;
      break;
    }
    // A position the endgame tables hold is proven on its first visit.
    if (MayHold<G>(endgame_probe_, position) && child->proven.load(kRelaxed) == Outcome::kOngoing) {
      if (const std::optional<TableValue> exact = endgame_probe_(position)) {
        const Player mover = position.state.to_move;
        const Outcome outcome = exact->sign > 0   ? WinFor(mover)
                                : exact->sign < 0 ? WinFor(Opponent(mover))
                                                  : Outcome::kDraw;
        const int turns = std::min<int>(exact->turns, mcts_internal::kMaxProvenPlies);
        child->proven_plies.store(static_cast<uint16_t>(turns), kRelaxed);
        child->proven.store(outcome, kRelaxed);
        result = outcome;
        plies_after = turns;
        break;
      }
    }
    node = child;
  }
  if (result != Outcome::kOngoing) {
    reward_p1 =
        mcts_internal::Reward(result, Player::kP1, static_cast<int>(path.size()) - 1 + plies_after);
  }
  for (size_t i = 0; i < path.size(); ++i) {
    const Step& step = path[i];
    // The root's reward is not kept: nothing reads it, and every iteration
    // would write it.
    const uint64_t reward = i == 0 ? 0
                            : step.node->mover == Player::kP1
                                ? reward_p1
                                : mcts_internal::kRewardScale - reward_p1;
    if (step.held_back) {
      pending->Add(*step.node, reward, step.visits);
      continue;
    }
    if (!step.counted) step.node->visits.fetch_add(1, kRelaxed);
    if (reward != 0) step.node->reward.fetch_add(reward, kRelaxed);
  }
  // A proof climbs as long as each parent is proven by it.
  for (size_t i = path.size() - 1; i > 0; --i) {
    if (path[i].node->proven.load(kRelaxed) == Outcome::kOngoing || !TryProve(*path[i - 1].node))
      break;
  }
}

template <Game G>
bool Mcts<G>::Expand(MctsNode& node, const Position& position) {
  if (arena_.full()) return false;
  MctsNode::Expansion expected = MctsNode::kLeaf;
  if (!node.expansion.compare_exchange_strong(expected, MctsNode::kExpanding,
                                              std::memory_order_acq_rel)) {
    return expected == MctsNode::kExpanded;
  }
  DecisionList list;
  LegalDecisions(game_, position, list);
  const Index first = arena_.Allocate(list.size());
  if (first == Arena<MctsNode>::kNone) {
    node.expansion.store(MctsNode::kLeaf, std::memory_order_release);
    return false;
  }
  const bool priors = UsesPriors();
  for (int i = 0; i < list.size(); ++i) {
    MctsNode& child = arena_[first + i];
    child.decision = list[i];
    child.mover = position.state.to_move;
    if (priors) {
      Position after = position;
      Apply(game_, after, list[i]);
      SetPrior(child, after);
    }
  }
  node.child_count = static_cast<uint8_t>(list.size());
  node.first_child.store(first, std::memory_order_relaxed);
  node.expansion.store(MctsNode::kExpanded, std::memory_order_release);
  return true;
}

template <Game G>
bool Mcts<G>::UsesPriors() const {
  if constexpr (SearchableGame<G>) {
    return options_.leaves == MctsLeaves::kEvaluation;
  } else {
    return false;
  }
}

template <Game G>
void Mcts<G>::SetPrior(MctsNode& child, const Position& after) const {
  uint64_t value;  // for child.mover
  if (after.state.over()) {
    child.proven_plies.store(0, std::memory_order_relaxed);
    child.proven.store(after.state.outcome, std::memory_order_relaxed);
    value = mcts_internal::Reward(after.state.outcome, child.mover, 0);
  } else {
    const uint64_t for_p1 = EvaluationReward(after);
    value = child.mover == Player::kP1 ? for_p1 : mcts_internal::kRewardScale - for_p1;
  }
  child.prior = static_cast<uint16_t>(std::min<uint64_t>(value, mcts_internal::kRewardScale - 1));
}

template <Game G>
MctsNode* Mcts<G>::Select(MctsNode& node, uint64_t visits, Player to_move) {
  constexpr auto kRelaxed = std::memory_order_relaxed;
  MctsNode* children = &arena_[node.first_child.load(kRelaxed)];
  const double parent_visits = static_cast<double>(visits);
  const double explore = options_.exploration * std::sqrt(std::log(std::max(parent_visits, 1.0)));
  MctsNode* best = nullptr;
  double best_value = -1;
  const bool priors = UsesPriors();
  for (int i = 0; i < node.child_count; ++i) {
    MctsNode& child = children[i];
    const Outcome proven = child.proven.load(kRelaxed);
    if (proven == WinFor(to_move)) return &child;
    if (proven == WinFor(Opponent(to_move))) continue;
    const uint64_t visits = child.visits.load(kRelaxed);
    double value;
    if (priors) {
      // The prior counts as one visit more: unvisited children are ranked by
      // it, and as a child's first visit reuses it, the evaluation weighs as
      // two visits in its mean from then on (the rule measured in
      // search/README.md).
      const double n = static_cast<double>(visits + 1);
      value = mcts_internal::MeanReward(child.reward.load(kRelaxed) + child.prior, visits + 1) +
              explore / std::sqrt(n);
    } else {
      if (visits == 0) return &child;
      const double n = static_cast<double>(visits);
      value =
          mcts_internal::MeanReward(child.reward.load(kRelaxed), visits) + explore / std::sqrt(n);
    }
    if (value > best_value) {
      best_value = value;
      best = &child;
    }
  }
  return best;
}

template <Game G>
bool Mcts<G>::TryProve(MctsNode& node) {
  constexpr auto kRelaxed = std::memory_order_relaxed;
  if (node.expansion.load(std::memory_order_acquire) != MctsNode::kExpanded) return false;
  const MctsNode* children = &arena_[node.first_child.load(kRelaxed)];
  const Player to_move = children[0].mover;
  bool all_proven = true, some_draw = false;
  // A win by its shortest proven line, a loss (or a draw) by its longest.
  int shortest_win = INT_MAX, longest = 0;
  for (int i = 0; i < node.child_count; ++i) {
    const Outcome proven = children[i].proven.load(kRelaxed);
    const int plies = children[i].proven_plies.load(kRelaxed) + 1;
    if (proven == WinFor(to_move)) shortest_win = std::min(shortest_win, plies);
    all_proven = all_proven && proven != Outcome::kOngoing;
    some_draw = some_draw || proven == Outcome::kDraw;
    longest = std::max(longest, plies);
  }
  const auto prove = [&](Outcome outcome, int plies) {
    node.proven_plies.store(
        static_cast<uint16_t>(std::min<int>(plies, mcts_internal::kMaxProvenPlies)), kRelaxed);
    node.proven.store(outcome, kRelaxed);
    return true;
  };
  if (shortest_win != INT_MAX) return prove(WinFor(to_move), shortest_win);
  if (!all_proven) return false;
  return prove(some_draw ? Outcome::kDraw : WinFor(Opponent(to_move)), longest);
}

}  // namespace lud64

#include "search/mcts_report.h"  // IWYU pragma: export
#include "search/mcts_reuse.h"   // IWYU pragma: export

#endif  // LUD64_SEARCH_MCTS_IMPL_H_
