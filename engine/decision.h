// A decision is one ply: one choice of the player to move (engine/RULES.md).
#ifndef LUD64_ENGINE_DECISION_H_
#define LUD64_ENGINE_DECISION_H_

#include <array>
#include <cstdint>
#include <utility>

namespace lud64 {

enum class DecisionKind : uint8_t {
  kPass,    // forced pass
  kPlace,   // add a piece to `to` (Guettal addition, Davxar placement)
  kStep,    // move the piece on `from` to the neighbouring site `to`
  kRemove,  // remove the opponent's piece on `to` (Davxar, after a mill)
};

// No member initializers: lists of decisions are created at every search
// node, and must not pay for clearing their storage. Decision{} is a pass.
struct Decision {
  DecisionKind kind;
  uint8_t from;
  uint8_t to;

  static constexpr Decision Pass() { return {DecisionKind::kPass, 0, 0}; }
  static constexpr Decision Place(int to) {
    return {DecisionKind::kPlace, 0, static_cast<uint8_t>(to)};
  }
  static constexpr Decision Step(int from, int to) {
    return {DecisionKind::kStep, static_cast<uint8_t>(from), static_cast<uint8_t>(to)};
  }
  static constexpr Decision Remove(int at) {
    return {DecisionKind::kRemove, 0, static_cast<uint8_t>(at)};
  }
  constexpr bool is_pass() const { return kind == DecisionKind::kPass; }
  friend constexpr bool operator==(const Decision&, const Decision&) = default;
};

// The legal decisions of a position, in a fixed-capacity buffer the caller owns
// (no allocation in search loops). 128 bounds every game here: a decision is a
// site (at most 64) or a piece-to-empty link (at most 4 or 6 per piece, at most
// 24 pieces on 4-neighbour boards and 16 on Davxar's 6-neighbour points).
class DecisionList {
 public:
  static constexpr int kCapacity = 128;

  void push(Decision d) { items_[size_++] = d; }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Decision& operator[](int i) const { return items_[i]; }
  const Decision* begin() const { return items_.data(); }
  const Decision* end() const { return items_.data() + size_; }
  void swap(int i, int j) { std::swap(items_[i], items_[j]); }
  bool contains(Decision d) const {
    for (const Decision& e : *this)
      if (e == d) return true;
    return false;
  }

 private:
  std::array<Decision, kCapacity> items_;
  int size_ = 0;
};

}  // namespace lud64

#endif  // LUD64_ENGINE_DECISION_H_
