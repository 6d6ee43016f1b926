// A game's legal decisions grouped into a few sets of target sites sharing a
// kind and an origin, so that they can be counted with popcounts and the n-th
// one decoded without building a list (random playouts), or expanded into a
// list (generation). Stepping games use one set per direction (origin = target
// minus a fixed offset), Davxar's movement one set per piece (fixed origin).
#ifndef LUD64_ENGINE_DECISION_SETS_H_
#define LUD64_ENGINE_DECISION_SETS_H_

#include <array>
#include <cstdint>

#include "engine/bitboard.h"
#include "engine/decision.h"

namespace lud64 {

// No member initializers, so that DecisionSets costs nothing to create.
struct DecisionSet {
  Bitboard targets;
  DecisionKind kind;
  int8_t from;    // kStep: the origin, or -1 for target - offset
  int8_t offset;  // kStep with from == -1: target - origin

  Decision At(int target) const {
    if (kind != DecisionKind::kStep) return {kind, 0, static_cast<uint8_t>(target)};
    return Decision::Step(from >= 0 ? from : target - offset, target);
  }
};

class DecisionSets {
 public:
  static constexpr int kCapacity = 24;

  void clear() { size_ = 0; }
  void push(const DecisionSet& set) { sets_[size_++] = set; }
  int size() const { return size_; }
  const DecisionSet& operator[](int i) const { return sets_[i]; }

  int count() const {
    int total = 0;
    for (int i = 0; i < size_; ++i) total += PopCount(sets_[i].targets);
    return total;
  }
  // The n-th decision (0 <= n < count()), in the order of AppendTo. The set is
  // found by a pass over all of them with conditional moves: n is random, and
  // a loop that stops at its set mispredicts the exit.
  Decision Nth(int n) const {
    int index = 0, before = 0, through = 0;
    for (int i = 0; i < size_; ++i) {
      through += PopCount(sets_[i].targets);
      const bool past = through <= n;
      index += past;
      before = past ? through : before;
    }
    return sets_[index].At(NthSite(sets_[index].targets, n - before));
  }
  void AppendTo(DecisionList& list) const {
    for (int i = 0; i < size_; ++i)
      for (int target : Sites(sets_[i].targets)) list.push(sets_[i].At(target));
  }

 private:
  std::array<DecisionSet, kCapacity> sets_;
  int size_ = 0;
};

}  // namespace lud64

#endif  // LUD64_ENGINE_DECISION_SETS_H_
