// What a search reports (Mcts, mcts.h): the most visited child, proven
// results first (the shortest win, the longest loss), each root decision's
// visits and rate, the principal line.
#ifndef LUD64_SEARCH_MCTS_REPORT_H_
#define LUD64_SEARCH_MCTS_REPORT_H_

#include <tuple>
#include <vector>

#include "search/mcts.h"
#include "search/mcts_impl.h"

namespace lud64 {

template <Game G>
const MctsNode* Mcts<G>::BestChild(const MctsNode& node) const {
  if (node.expansion.load(std::memory_order_acquire) != MctsNode::kExpanded) return nullptr;
  const MctsNode* children = &arena_[node.first_child.load(std::memory_order_relaxed)];
  const Player to_move = children[0].mover;
  // Proven wins first, the shortest first; proven losses last, the longest
  // first; then the visits.
  const auto rank = [&](const MctsNode& child) {
    const Outcome proven = child.proven.load(std::memory_order_relaxed);
    const int kind = proven == WinFor(to_move) ? 2 : proven == WinFor(Opponent(to_move)) ? 0 : 1;
    const int plies = child.proven_plies.load(std::memory_order_relaxed);
    const int length = kind == 2 ? -plies : kind == 0 ? plies : 0;
    return std::tuple(kind, length, child.visits.load(std::memory_order_relaxed));
  };
  const MctsNode* best = &children[0];
  for (int i = 1; i < node.child_count; ++i)
    if (rank(children[i]) > rank(*best)) best = &children[i];
  return best;
}

template <Game G>
MctsChoice Mcts<G>::Choice(const MctsNode& child) const {
  constexpr auto kRelaxed = std::memory_order_relaxed;
  MctsChoice choice;
  choice.decision = child.decision;
  choice.visits = child.visits.load(kRelaxed);
  choice.win_rate =
      choice.visits ? mcts_internal::MeanReward(child.reward.load(kRelaxed), choice.visits) : 0;
  choice.proven = child.proven.load(kRelaxed);
  if (choice.proven != Outcome::kOngoing) choice.plies = 1 + child.proven_plies.load(kRelaxed);
  return choice;
}

template <Game G>
MctsReport Mcts<G>::Report(double seconds) const {
  MctsReport report;
  report.root_visits = root().visits.load(std::memory_order_relaxed);
  report.seconds = seconds;
  report.root_value = root().proven.load(std::memory_order_relaxed);
  report.nodes = arena_.used();
  report.node_capacity = arena_.capacity();
  report.memory_full = arena_.full();
  constexpr int kMaxLine = 16;
  for (const MctsNode* node = BestChild(root()); node != nullptr && report.line.size() < kMaxLine;
       node = BestChild(*node)) {
    if (report.line.empty()) report.best = Choice(*node);
    report.line.push_back(node->decision);
    if (node->visits.load(std::memory_order_relaxed) == 0) break;
  }
  return report;
}

template <Game G>
std::vector<MctsChoice> Mcts<G>::Choices() const {
  std::vector<MctsChoice> choices;
  if (root().expansion.load(std::memory_order_acquire) != MctsNode::kExpanded) return choices;
  for (int i = 0; i < root().child_count; ++i)
    choices.push_back(Choice(arena_[root().first_child.load() + i]));
  return choices;
}

}  // namespace lud64

#endif  // LUD64_SEARCH_MCTS_REPORT_H_
