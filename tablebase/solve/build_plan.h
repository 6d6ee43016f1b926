// What a build solves: the slices' components (the slices solved together)
// in an order where each depends only on itself and those before it, and
// their sizes. The single-process and distributed builders and `lud64-mpi
// plan` all start from it.
#ifndef LUD64_TABLEBASE_SOLVE_BUILD_PLAN_H_
#define LUD64_TABLEBASE_SOLVE_BUILD_PLAN_H_

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "tablebase/tb_game.h"

namespace lud64::tablebase {

// The slices of `slices` solved together with `key` (the adapter's
// SolvedWith), sorted.
template <TablebaseGame Tb>
std::vector<SliceKey> ComponentOf(const Tb& tb, const SliceKey& key,
                                  const absl::flat_hash_set<SliceKey>& slices) {
  std::vector<SliceKey> component;
  for (const SliceKey& member : tb.SolvedWith(key)) {
    if (slices.contains(member)) component.push_back(member);
  }
  std::sort(component.begin(), component.end());
  component.erase(std::unique(component.begin(), component.end()), component.end());
  return component;
}

// Components in an order where each one's decisions lead only into itself or
// into components before it: the adapter's SolvingRank, then the keys.
template <TablebaseGame Tb>
std::vector<std::vector<SliceKey>> OrderComponents(const Tb& tb,
                                                   const std::vector<SliceKey>& slices) {
  const absl::flat_hash_set<SliceKey> set(slices.begin(), slices.end());
  std::vector<std::vector<SliceKey>> components;
  absl::flat_hash_set<SliceKey> placed;
  for (const SliceKey& key : slices) {
    if (placed.contains(key)) continue;
    std::vector<SliceKey> component = ComponentOf(tb, key, set);
    for (const SliceKey& member : component) placed.insert(member);
    components.push_back(std::move(component));
  }
  const auto rank = [&](const std::vector<SliceKey>& c) {
    return std::pair(tb.SolvingRank(c.front()), c.front());
  };
  std::sort(components.begin(), components.end(),
            [&](const auto& a, const auto& b) { return rank(a) < rank(b); });
  return components;
}

template <TablebaseGame Tb>
uint64_t ComponentSize(const Tb& tb, const std::vector<SliceKey>& component) {
  uint64_t size = 0;
  for (const SliceKey& key : component) size += tb.index().Size(key.own, key.opponent);
  return size;
}

// "4v3, 3v4, 4v3rm": a component as progress lines and plans name it.
inline std::string ComponentName(const std::vector<SliceKey>& component) {
  std::string names;
  for (const SliceKey& key : component)
    absl::StrAppend(&names, names.empty() ? "" : ", ", key.Name());
  return names;
}

// What a build will solve, in order, and how big it is: the single-process
// and distributed builders and `lud64-mpi plan` all start from it.
struct BuildPlan {
  std::vector<std::vector<SliceKey>> components;  // in solving order
  std::vector<uint64_t> sizes;                    // positions per component
  uint64_t total = 0;
  uint64_t largest = 0;
};

template <TablebaseGame Tb>
BuildPlan PlanBuild(const Tb& tb, const std::vector<SliceKey>& slices) {
  BuildPlan plan;
  plan.components = OrderComponents(tb, slices);
  for (const auto& component : plan.components) {
    plan.sizes.push_back(ComponentSize(tb, component));
    plan.total += plan.sizes.back();
    plan.largest = std::max(plan.largest, plan.sizes.back());
  }
  return plan;
}

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_SOLVE_BUILD_PLAN_H_
