// A fixed numbering of every decision a game can make (its action space), for
// learning code: a policy has one output per id, whatever the position. Each
// game lists its decisions in id order (ActionDecisions, next to its
// tensors); lookups either way are table reads.
#ifndef LUD64_ENGINE_ACTION_SPACE_H_
#define LUD64_ENGINE_ACTION_SPACE_H_

#include <array>
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
    for (DecisionKind kind : {DecisionKind::kPlace, DecisionKind::kRemove}) {
      site_base_[static_cast<int>(kind)] = SiteBase(kind);
    }
  }

  int size() const { return static_cast<int>(decisions_.size()); }
  Decision decision(int id) const { return decisions_[id]; }
  // The id of `d`, or -1 when the game never makes it.
  int id(Decision d) const { return ids_[Slot(d)]; }

  // The layout, for code that marks many ids at once (play/legal_action_bits.h):
  // step_ids()[64 * from + to] is the id of the step from `from` to `to` (or
  // -1), and site_base(kind) the id of site 0's placement or removal when
  // every site's has id site_base + site (Davxar's), else -1.
  const int16_t* step_ids() const { return ids_.data() + kFirstStepSlot; }
  int site_base(DecisionKind kind) const { return site_base_[static_cast<int>(kind)]; }

 private:
  // One slot per possible decision: the pass, a placement or a removal per
  // site, a step per pair of sites.
  static constexpr int kFirstStepSlot = 1 + 64 + 64;
  static constexpr int kSlots = kFirstStepSlot + 64 * 64;
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
    return kFirstStepSlot + (d.from & 63) * 64 + (d.to & 63);
  }

  int SiteBase(DecisionKind kind) const {
    int base = -1;
    for (int site = 0; site < 64; ++site) {
      const int found = id(Decision{kind, 0, static_cast<uint8_t>(site)});
      if (found < 0) continue;
      if (base == -1) base = found - site;
      if (base < 0 || found != base + site) return -1;
    }
    return base;
  }

  std::vector<Decision> decisions_;
  std::vector<int16_t> ids_;
  std::array<int, 4> site_base_ = {-1, -1, -1, -1};  // by DecisionKind
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
