// The 32-bit word a solver keeps per position while it solves a component:
// the entry so far (bits 0-15), the children not yet resolved (16-23) and
// flags (24-31), and how the backward pass changes it. The single-process and
// the distributed solvers share it, so their states mean the same (and
// checkpoints store it as it is).
#ifndef LUD64_TABLEBASE_SOLVE_STATE_WORD_H_
#define LUD64_TABLEBASE_SOLVE_STATE_WORD_H_

#include <algorithm>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

 private:
  // The value and the taken flag; the count and kNeverLoss (a loss is final
  // only without them).
  static constexpr uint32_t kTested = uint32_t{kDone} << 24 | 0xFFFF;
  static constexpr uint32_t kOpen = uint32_t{kNeverLoss} << 24 | 0xFF << 16;
  // The win entry at distance d, the loss entry being the next (as 32 bits:
  // at d = 0 the loss is entry 0).
  static constexpr uint32_t FirstEntryAt(int d) { return 2 * static_cast<uint32_t>(d) - 1; }
  // 1 when a word is resolved at the distance whose first entry is `first`.
  static constexpr uint32_t ResolvedLanes(uint32_t word, uint32_t first) {
    // The value is first (a win) or first + 1 (a loss) and the word not taken.
    const bool at_d = (word & kTested) - first < 2;
    return at_d && ((word & 1) != 0 || (word & kOpen) == 0) ? 1 : 0;
  }

 public:
  // Whether a word is resolved at distance d and not yet taken: a win at d,
  // or a loss at d with no child left unresolved (and no drawing decision).
  static bool ResolvedAt(uint32_t word, int d) { return ResolvedLanes(word, FirstEntryAt(d)) != 0; }
  // The same for 64 words at once: bit k for words[k]. (A pass tests every
  // word of a block, most of them not at d; compilers left the plain loop
  // scalar, several times slower than the memory.)
  static uint64_t ResolvedMask(const uint32_t* words, int d) {
    const uint32_t first = FirstEntryAt(d);
    uint64_t mask = 0;
#if defined(__SSE2__)
    const __m128i tested = _mm_set1_epi32(static_cast<int>(kTested));
    const __m128i win = _mm_set1_epi32(static_cast<int>(first));
    const __m128i loss = _mm_set1_epi32(static_cast<int>(first + 1));
    const __m128i one = _mm_set1_epi32(1);
    const __m128i open = _mm_set1_epi32(static_cast<int>(kOpen));
    const __m128i zero = _mm_setzero_si128();
    for (int k = 0; k < 64; k += 4) {
      const __m128i w = _mm_loadu_si128(reinterpret_cast<const __m128i*>(words + k));
      const __m128i v = _mm_and_si128(w, tested);
      const __m128i at_d = _mm_or_si128(_mm_cmpeq_epi32(v, win), _mm_cmpeq_epi32(v, loss));
      const __m128i final = _mm_or_si128(_mm_cmpeq_epi32(_mm_and_si128(w, one), one),
                                         _mm_cmpeq_epi32(_mm_and_si128(w, open), zero));
      const int bits = _mm_movemask_ps(_mm_castsi128_ps(_mm_and_si128(at_d, final)));
      mask |= static_cast<uint64_t>(bits) << k;
    }
#else
    for (int k = 0; k < 64; ++k) mask |= uint64_t{ResolvedLanes(words[k], first)} << k;
#endif
    return mask;
  }
  // Whether a word is resolved (at any distance) and not yet taken.
  static bool Pending(uint32_t word) {
    return (word & uint32_t{kDone} << 24) == 0 && ((word & 1) != 0 || (word & kOpen) == 0);
  }
  // Whether any of 64 words is Pending (with SIMD, as ResolvedMask).
  static bool AnyPending(const uint32_t* words) {
#if defined(__SSE2__)
    const __m128i done = _mm_set1_epi32(static_cast<int>(uint32_t{kDone} << 24));
    const __m128i one = _mm_set1_epi32(1);
    const __m128i open = _mm_set1_epi32(static_cast<int>(kOpen));
    const __m128i zero = _mm_setzero_si128();
    __m128i any = zero;
    for (int k = 0; k < 64; k += 4) {
      const __m128i w = _mm_loadu_si128(reinterpret_cast<const __m128i*>(words + k));
      const __m128i untaken = _mm_cmpeq_epi32(_mm_and_si128(w, done), zero);
      const __m128i final = _mm_or_si128(_mm_cmpeq_epi32(_mm_and_si128(w, one), one),
                                         _mm_cmpeq_epi32(_mm_and_si128(w, open), zero));
      any = _mm_or_si128(any, _mm_and_si128(untaken, final));
    }
    return _mm_movemask_epi8(any) != 0;
#else
    for (int k = 0; k < 64; ++k) {
      if (Pending(words[k])) return true;
    }
    return false;
#endif
  }
  // Takes a word resolved at distance d unless it is already taken; its value.
  static bool TakeResolved(uint32_t& word, int d, Entry& value) {
    const uint32_t st = word;
    if (!ResolvedAt(st, d)) return false;
    word = st | uint32_t{kDone} << 24;
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

#endif  // LUD64_TABLEBASE_SOLVE_STATE_WORD_H_
