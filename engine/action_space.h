// A fixed numbering of every decision a game can make (its action space), for
// learning code: a policy has one output per id, whatever the position. Each
// game lists its decisions in id order (ActionDecisions, next to its
// tensors); lookups either way are table reads.
#ifndef LUD64_ENGINE_ACTION_SPACE_H_
#define LUD64_ENGINE_ACTION_SPACE_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/bitboard.h"
#include "engine/decision.h"

namespace lud64 {

class ActionSpace {
 public:
  // `decisions` in id order, each once; sites below 64.
  explicit ActionSpace(std::vector<Decision> decisions)
      : decisions_(std::move(decisions)), ids_(kSlots, -1) {
    for (int id = 0; id < size(); ++id) ids_[Slot(decisions_[id])] = static_cast<int16_t>(id);
  }

  int size() const { return static_cast<int>(decisions_.size()); }
  Decision decision(int id) const { return decisions_[id]; }
  // The id of `d`, or -1 when the game never makes it.
  int id(Decision d) const { return ids_[Slot(d)]; }

 private:
  // One slot per possible decision: the pass, a placement or a removal per
  // site, a step per pair of sites.
  static constexpr int kSlots = 1 + 64 + 64 + 64 * 64;
  static int Slot(Decision d) {
    switch (d.kind) {
      case DecisionKind::kPass:
        return 0;
      case DecisionKind::kPlace:
        return 1 + (d.to & 63);
      case DecisionKind::kRemove:
        return 65 + (d.to & 63);
      case DecisionKind::kStep:
        break;
    }
    return 129 + (d.from & 63) * 64 + (d.to & 63);
  }

  std::vector<Decision> decisions_;
  std::vector<int16_t> ids_;
};

// Building blocks of the games' lists: one decision of `kind` per site of
// `sites` (placements, removals), and one step per link of `neighbours`
// (origin by origin, each origin's targets lowest first).
inline void AppendSiteDecisions(DecisionKind kind, Bitboard sites, std::vector<Decision>& out) {
  for (int site : Sites(sites)) out.push_back({kind, 0, static_cast<uint8_t>(site)});
}
template <class NeighbourTable>
void AppendSteps(const NeighbourTable& neighbours, std::vector<Decision>& out) {
  for (int from = 0; from < static_cast<int>(neighbours.size()); ++from) {
    for (int to : Sites(neighbours[from])) out.push_back(Decision::Step(from, to));
  }
}

}  // namespace lud64

#endif  // LUD64_ENGINE_ACTION_SPACE_H_
