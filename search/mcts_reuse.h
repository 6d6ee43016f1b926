// Keeping the tree between decisions (Mcts::Advance, mcts.h): the subtree
// under the decisions played becomes the tree, moved to the arena's front.
#ifndef LUD64_SEARCH_MCTS_REUSE_H_
#define LUD64_SEARCH_MCTS_REUSE_H_

#include <algorithm>
#include <span>
#include <vector>

#include "search/mcts.h"
#include "search/mcts_impl.h"

namespace lud64 {

template <Game G>
void Mcts<G>::Advance(std::span<const Decision> decisions) {
  const MctsNode* node = &root();
  for (const Decision d : decisions) {
    Apply(game_, root_position_, d);
    const MctsNode* next = nullptr;
    if (node != nullptr && node->expansion.load() == MctsNode::kExpanded) {
      for (int i = 0; i < node->child_count && next == nullptr; ++i) {
        const MctsNode& child = arena_[node->first_child.load() + i];
        if (child.decision == d) next = &child;
      }
    }
    node = next;
  }
  if (node == nullptr) {
    SetRoot(root_position_, /*keep_tree=*/false);
  } else if (node != &root()) {
    Compact(arena_.IndexOf(node));
  }
}

// Moves the subtree of `new_root` to the front of the arena, the root at 0.
// Children are always allocated after their parent, so moving the kept blocks
// of children in the order of their addresses only ever copies downwards,
// over nodes already moved or dropped, and finds each block's parent already
// at its new place.
template <Game G>
void Mcts<G>::Compact(Index new_root) {
  struct Block {
    Index start;
    uint32_t count;
    Index parent = 0;  // the parent's new index
  };
  std::vector<Block> blocks;
  std::vector<Index> stack = {new_root};
  while (!stack.empty()) {
    const MctsNode& node = arena_[stack.back()];
    stack.pop_back();
    if (node.expansion.load() != MctsNode::kExpanded) continue;
    const Index first = node.first_child.load();
    blocks.push_back({first, node.child_count});
    for (uint32_t i = 0; i < node.child_count; ++i) stack.push_back(first + i);
  }
  std::sort(blocks.begin(), blocks.end(),
            [](const Block& a, const Block& b) { return a.start < b.start; });
  const auto block_of = [&](Index start) -> Block& {
    return *std::lower_bound(blocks.begin(), blocks.end(), start,
                             [](const Block& b, Index s) { return b.start < s; });
  };
  // Records `at` (a moved node) as the parent of its children's block.
  const auto adopt = [&](Index at) {
    if (arena_[at].expansion.load() == MctsNode::kExpanded)
      block_of(arena_[at].first_child.load()).parent = at;
  };
  mcts_internal::CopyNode(root(), arena_[new_root]);
  adopt(0);
  Index free = 1;
  for (const Block& block : blocks) {
    for (uint32_t i = 0; i < block.count; ++i)
      mcts_internal::CopyNode(arena_[free + i], arena_[block.start + i]);
    arena_[block.parent].first_child.store(free);
    for (uint32_t i = 0; i < block.count; ++i) adopt(free + i);
    free += block.count;
  }
  arena_.Truncate(free);
}

}  // namespace lud64

#endif  // LUD64_SEARCH_MCTS_REUSE_H_
