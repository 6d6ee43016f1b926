// A memo of Guettal's enclosure (enclosure.h), shared by all threads: random
// games meet the same additions again and again (from the start, 99% of them
// are found here), and a lookup costs about 15 instructions where the
// enclosure costs about 280.
#ifndef LUD64_BOARDS_GUETTAL_ENCLOSURE_MEMO_H_
#define LUD64_BOARDS_GUETTAL_ENCLOSURE_MEMO_H_

#include <array>
#include <atomic>
#include <cstdint>

#include "boards/guettal/enclosure.h"

namespace lud64::guettal {

// Enclosed(added, own), looked up or computed and kept.
//
// The memo is direct-mapped. Its key, `own` (36 bits) and `added` (6 bits),
// goes through a bijection of the 42-bit numbers, whose top bits choose the
// slot and whose other bits (the tag) are kept in it beside the value: slot
// and tag together give the key back, so a hit is exact. Each slot is one
// 64-bit word (valid bit, tag, value), read and written atomically: threads
// share the memo without a lock and never see half a slot.
class EnclosureMemo {
 public:
  static Bitboard Enclosed(int added, Bitboard own) {
    static_assert(Grid::kSites == kValueBits);
    const uint64_t key = own | static_cast<uint64_t>(added) << kValueBits;
    const uint64_t mixed = ((key ^ (key >> (kKeyBits / 2))) * kOdd) & kKeyMask;
    std::atomic<uint64_t>& slot = slots_[mixed >> kTagBits];
    const uint64_t tagged = (kValid | (mixed & kTagMask)) << kValueBits;
    const uint64_t entry = slot.load(std::memory_order_relaxed);
    if ((entry & ~kValueMask) == tagged) return entry & kValueMask;
    const Bitboard enclosed = guettal::Enclosed(added, own);
    slot.store(tagged | enclosed, std::memory_order_relaxed);
    return enclosed;
  }

 private:
  static constexpr int kValueBits = 36;
  static constexpr int kKeyBits = kValueBits + 6;
  static constexpr int kSlotBits = 16;  // 512 KiB
  static constexpr int kTagBits = kKeyBits - kSlotBits;
  static constexpr uint64_t kKeyMask = (uint64_t{1} << kKeyBits) - 1;
  static constexpr uint64_t kTagMask = (uint64_t{1} << kTagBits) - 1;
  static constexpr uint64_t kValueMask = (uint64_t{1} << kValueBits) - 1;
  static constexpr uint64_t kValid = uint64_t{1} << kTagBits;
  static constexpr uint64_t kOdd = 0x9e3779b97f4a7c15ULL;  // any odd multiplier is a bijection
  static_assert(kValueBits + kTagBits + 1 <= 64);

  static inline std::array<std::atomic<uint64_t>, size_t{1} << kSlotBits> slots_{};
};

}  // namespace lud64::guettal

#endif  // LUD64_BOARDS_GUETTAL_ENCLOSURE_MEMO_H_
