#include "tablebase/solve/builder.h"

#include <cstdlib>

namespace lud64::tablebase {

std::string DefaultTablebaseDir() {
  const char* env = std::getenv("LUD64_TB");
  return env != nullptr && *env != '\0' ? env : "./tablebases";
}

std::vector<SliceKey> ComponentOf(const SliceKey& key,
                                  const absl::flat_hash_set<SliceKey>& slices) {
  std::vector<SliceKey> component;
  for (SliceKey candidate : {key, key.Swapped()}) {
    for (bool remove : {false, true}) {
      candidate.remove = remove;
      if (slices.contains(candidate)) component.push_back(candidate);
    }
  }
  std::sort(component.begin(), component.end());
  component.erase(std::unique(component.begin(), component.end()), component.end());
  return component;
}

std::string ComponentName(const std::vector<SliceKey>& component) {
  std::string names;
  for (const SliceKey& key : component)
    absl::StrAppend(&names, names.empty() ? "" : ", ", key.Name());
  return names;
}

absl::Status CheckMemoryLimit(absl::string_view what, uint64_t need_mib, int64_t limit_mib,
                              uint64_t largest) {
  if (limit_mib <= 0 || need_mib <= static_cast<uint64_t>(limit_mib)) return absl::OkStatus();
  return absl::ResourceExhaustedError(
      absl::StrCat(what, " ", need_mib, " MiB for its largest component (", largest,
                   " positions), over the --memory limit of ", limit_mib, " MiB"));
}

std::vector<std::vector<SliceKey>> OrderComponents(const std::vector<SliceKey>& slices) {
  const absl::flat_hash_set<SliceKey> set(slices.begin(), slices.end());
  std::vector<std::vector<SliceKey>> components;
  absl::flat_hash_set<SliceKey> placed;
  for (const SliceKey& key : slices) {
    if (placed.contains(key)) continue;
    std::vector<SliceKey> component = ComponentOf(key, set);
    for (const SliceKey& member : component) placed.insert(member);
    components.push_back(std::move(component));
  }
  auto rank = [](const std::vector<SliceKey>& c) {
    const SliceKey& k = c.front();
    const int hands = k.own_hand + k.opponent_hand;
    return std::make_tuple(k.own + k.opponent + hands, hands, k);
  };
  std::sort(components.begin(), components.end(),
            [&](const auto& a, const auto& b) { return rank(a) < rank(b); });
  return components;
}

}  // namespace lud64::tablebase
