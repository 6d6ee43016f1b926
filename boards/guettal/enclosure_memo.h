// A memo of Guettal's enclosure (enclosure.h), shared by all threads: random
// games meet the same additions again and again, and a lookup costs about 18
// instructions where the enclosure costs about 280.
#ifndef LUD64_BOARDS_GUETTAL_ENCLOSURE_MEMO_H_
#define LUD64_BOARDS_GUETTAL_ENCLOSURE_MEMO_H_

#include <array>
#include <atomic>
#include <cstdint>

#include "boards/guettal/enclosure.h"

namespace lud64::guettal {

// Enclosed(added, own), looked up or computed and kept.
//
// The key, `own` (36 bits) and `added` (6 bits), is multiplied by an odd
// number modulo 2^42, a bijection: the product's top 15 bits choose a bucket
// of two slots, and its low 27 bits (the tag) are kept in the slot beside the
// value, so that bucket and tag give the key back and a hit is exact. A slot
// is one 64-bit word (value, tag, a bit set once written), read and written
// atomically: threads share the memo without a lock and never see half a
// slot. A new key takes the bucket's first slot, the one there moving to the
// second.
class EnclosureMemo {
 public:
  static Bitboard Enclosed(int added, Bitboard own) {
    static_assert(Grid::kSites == kValueBits);
    const uint64_t product = (own | static_cast<uint64_t>(added) << kValueBits) * kOdd;
    std::atomic<uint64_t>* bucket = &slots_[((product >> kTagBits) & kBucketMask) * 2];
    // A slot matches when its tag and written bit are the product's tag and 1.
    const uint64_t expected = product | kWritten;
    const uint64_t first = bucket[0].load(std::memory_order_relaxed);
    if (((first ^ expected) & kCheckMask) == 0) return first >> kCheckBits;
    const uint64_t second = bucket[1].load(std::memory_order_relaxed);
    if (((second ^ expected) & kCheckMask) == 0) return second >> kCheckBits;
    const Bitboard enclosed = guettal::Enclosed(added, own);
    bucket[1].store(first, std::memory_order_relaxed);
    bucket[0].store(enclosed << kCheckBits | (expected & kCheckMask), std::memory_order_relaxed);
    return enclosed;
  }

 private:
  static constexpr int kValueBits = 36;
  static constexpr int kKeyBits = kValueBits + 6;
  static constexpr int kBucketBits = 15;  // 2^15 buckets of two 8-byte slots: 512 KiB
  static constexpr int kTagBits = kKeyBits - kBucketBits;
  static constexpr int kCheckBits = kTagBits + 1;  // the tag and the written bit
  static constexpr uint64_t kBucketMask = (uint64_t{1} << kBucketBits) - 1;
  static constexpr uint64_t kWritten = uint64_t{1} << kTagBits;
  static constexpr uint64_t kCheckMask = (uint64_t{1} << kCheckBits) - 1;
  static constexpr uint64_t kOdd = 0x9e3779b97f4a7c15ULL;
  static_assert(kCheckBits + kValueBits == 64);

  static inline std::array<std::atomic<uint64_t>, size_t{2} << kBucketBits> slots_{};
};

}  // namespace lud64::guettal

#endif  // LUD64_BOARDS_GUETTAL_ENCLOSURE_MEMO_H_
