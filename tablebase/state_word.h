// The 32-bit word a solver keeps per position while it solves a component:
// the entry so far (bits 0-15), the children not yet resolved (16-23) and
// flags (24-31), and how the backward pass changes it. The single-process and
// the distributed solvers share it, so their states mean the same (and
// checkpoints store it as it is).
#ifndef LUD64_TABLEBASE_STATE_WORD_H_
#define LUD64_TABLEBASE_STATE_WORD_H_

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "tablebase/slice.h"

namespace lud64::tablebase {

struct StateWord {
  static constexpr uint8_t kDone = 1;       // value final
  static constexpr uint8_t kHole = 2;       // not a canonical index
  static constexpr uint8_t kNeverLoss = 4;  // has a drawing decision (or is the all-pass draw)

  static constexpr uint32_t Pack(Entry value, int count, uint8_t flags) {
    return value | static_cast<uint32_t>(count) << 16 | static_cast<uint32_t>(flags) << 24;
  }
  static constexpr Entry ValueOf(uint32_t state) { return static_cast<Entry>(state & 0xFFFF); }
  static constexpr int CountOf(uint32_t state) { return (state >> 16) & 0xFF; }
  static constexpr uint8_t FlagsOf(uint32_t state) { return static_cast<uint8_t>(state >> 24); }

  // Takes a word resolved at distance d (a win at d, or a loss at d with no
  // child left unresolved) unless it is already taken; its value.
  static bool TakeResolved(uint32_t& word, int d, Entry& value) {
    const uint32_t st = word;
    if ((FlagsOf(st) & kDone) || EntryTurns(ValueOf(st)) != d) return false;
    if (!IsWin(ValueOf(st)) && ((FlagsOf(st) & kNeverLoss) || CountOf(st) != 0)) return false;
    word = st | uint32_t{kDone} << 24;
    value = ValueOf(st);
    return true;
  }
  // Takes a queued word at distance d unless it is stale (improved since) or
  // already taken, for threads that share a queue (it may hold an id twice).
  static bool TakeShared(uint32_t& word, int d, Entry& value) {
    std::atomic_ref<uint32_t> shared(word);
    uint32_t st = shared.load(std::memory_order_relaxed);
    do {
      if ((FlagsOf(st) & kDone) || EntryTurns(ValueOf(st)) != d) return false;
    } while (
        !shared.compare_exchange_weak(st, st | uint32_t{kDone} << 24, std::memory_order_relaxed));
    value = ValueOf(st);
    return true;
  }

  // What a resolved position tells a predecessor, as bits under the
  // predecessor's id: kOfferWin when its value is a win for the predecessor's
  // player (else the predecessor loses one decision), kSameMover when the
  // decision between them is the same player's mill step (not a turn).
  static constexpr uint64_t kOfferWin = 2;
  static constexpr uint64_t kSameMover = 1;
  static constexpr uint64_t Update(uint64_t predecessor, Entry value, bool same) {
    return predecessor << 2 | (IsWin(value) == same ? kOfferWin : 0) | (same ? kSameMover : 0);
  }

  // Applies an update's bits to the predecessor's word, the resolved position
  // being at distance d: a win through it is as close for the same player's
  // step, one turn more through the opponent's; a predecessor whose decisions
  // all lose is lost at the longest distance. The distance at which the
  // predecessor is to be queued, or -1.
  static int Apply(uint32_t& word, uint64_t update, int d) {
    const int turns = (update & kSameMover) ? d : d + 1;
    const uint32_t st = word;
    if (update & kOfferWin) {
      if (FlagsOf(st) & kDone) return -1;
      if (IsWin(ValueOf(st)) && EntryTurns(ValueOf(st)) <= turns) return -1;
      word = Pack(WinEntry(turns), CountOf(st), FlagsOf(st));
      return turns;
    }
    // (A zero count cannot be decremented: the unmoves would not match the moves.)
    if ((FlagsOf(st) & (kDone | kNeverLoss)) || IsWin(ValueOf(st)) || CountOf(st) == 0) return -1;
    const int loss = std::max(EntryTurns(ValueOf(st)), turns);
    word = Pack(LossEntry(loss), CountOf(st) - 1, FlagsOf(st));
    return CountOf(st) == 1 ? loss : -1;
  }
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_STATE_WORD_H_
