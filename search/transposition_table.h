// A transposition table keyed by 64-bit Zobrist hashes: buckets of four
// entries, replacing the entry worth least (shallow, non-exact, old) first.
// Threads may probe and store at once (search/lazy_smp.h): each entry is two
// 64-bit words, each read and written whole (relaxed atomics, plain moves on
// x86-64): the key's check and the score, then the rest with a 14-bit tag
// hashed from both words. An entry torn by two writers fails its tag (odds of
// a false pass 2^-14, in a race that is itself rare) instead of pairing one
// write's score with another's bound; the check is read first, alone, as
// in a table for one thread.
#ifndef LUD64_SEARCH_TRANSPOSITION_TABLE_H_
#define LUD64_SEARCH_TRANSPOSITION_TABLE_H_

#include <sys/mman.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>

#include "engine/decision.h"
#include "engine/score.h"

namespace lud64 {

enum class Bound : uint8_t { kNone, kLower, kUpper, kExact };

struct TableEntry {
  uint32_t check = 0;  // the key's high half: tells entries of one bucket apart
  int32_t score = 0;   // relative to the node for proven scores (ToStored)
  Decision best = Decision::Pass();
  Bound bound = Bound::kNone;
  int16_t depth = 0;
  uint8_t generation = 0;
  uint8_t epoch = 0;  // the table's epoch when written: entries of an earlier one are empty
};

class TranspositionTable {
 public:
  // A table of about `mebibytes` MiB (rounded down to a power of two buckets).
  explicit TranspositionTable(size_t mebibytes) { Resize(mebibytes); }

  // The memory comes zeroed from calloc (an all-zero bucket is empty): a
  // large block is fresh pages from the system, mapped as the search first
  // touches them, so that a table of gigabytes costs no time to set up (a
  // filled one would take seconds of a search's time limit).
  void Resize(size_t mebibytes) {
    size_t buckets = 1;
    while (buckets * 2 * sizeof(Bucket) <= mebibytes * 1024 * 1024) buckets *= 2;
    memory_.reset();
    // A table of a huge page or more starts on one, and asks for huge pages
    // (granted with transparent huge pages "always" or "madvise"): a probe of
    // a large table in 4 KiB pages misses the TLB as well as the cache.
    const size_t bytes = buckets * sizeof(Bucket);
    const size_t alignment = bytes >= kHugePage ? kHugePage : alignof(Bucket);
    size_t space = bytes + alignment;
    memory_.reset(static_cast<char*>(std::calloc(space, 1)));
    if (memory_ == nullptr) throw std::bad_alloc();
    void* start = memory_.get();
    buckets_ = static_cast<Bucket*>(std::align(alignment, bytes, start, space));
    if (alignment == kHugePage) madvise(buckets_, bytes, MADV_HUGEPAGE);  // a hint only
    mask_ = buckets - 1;
    epoch_ = 0;
  }
  // Empties the table. Entries of an earlier epoch count as empty, exactly as
  // zeroed ones would, so a new game costs nothing however large the table
  // (it cost a memset of the whole table: 10 ms and more for 64 MiB, each
  // game of a match); when the 8-bit epoch comes round again, the memory is
  // written.
  void Clear() {
    if (++epoch_ != 0) return;
    for (size_t i = 0; i <= mask_; ++i) buckets_[i] = Bucket{};
  }
  // Maps every page of a new table now, before any search: mapped by the
  // search that first touches it, each fresh (huge) page costs the time of
  // zeroing it inside the search's clock, a second and more for a gigabyte
  // on some machines. One madvise maps them all at once (1 GiB in about
  // 0.3 s where writing every page takes 6 s); without it (Linux before
  // 5.14), writing every page does the same.
  void Populate() {
    if (madvise(buckets_, bucket_count() * sizeof(Bucket), kPopulateWrite) != 0) {
      for (size_t i = 0; i <= mask_; ++i) buckets_[i] = Bucket{};
    }
  }
  // Entries written before this count as old for replacement.
  void NewSearch() { ++generation_; }

  // Inlined, so that the caller decodes only the fields it reads and the
  // loop unrolls, as it did over plain entries.
  [[gnu::always_inline]] std::optional<TableEntry> Probe(uint64_t key) const {
    Bucket& bucket = buckets_[key & mask_];
#pragma GCC unroll 4
    for (Slot& slot : bucket.slots) {
      const uint64_t keyed = Load(slot.keyed);
      if (CheckOf(keyed) != Check(key)) continue;
      const uint64_t data = Load(slot.data);
      if (Live(data) && Intact(keyed, data)) return Decode(keyed, data);
    }
    return std::nullopt;
  }

  // Starts loading the bucket of `key` into the cache: a probe of a large
  // table is a cache miss, which work done between the two then hides.
  void Prefetch(uint64_t key) const { __builtin_prefetch(&buckets_[key & mask_]); }

  // Replaces this position's entry, else an empty one, else the one worth
  // least; reads each slot's data word alone where it can, as this runs at
  // every node.
  [[gnu::always_inline]] void Store(uint64_t key, int depth, Score score, Bound bound,
                                    Decision best) {
    Bucket& bucket = buckets_[key & mask_];
    Slot* target = &bucket.slots[0];
    uint64_t target_data = Load(target->data);
    bool same_position = false;
#pragma GCC unroll 4
    for (Slot& slot : bucket.slots) {
      const uint64_t data = Load(slot.data);
      if (!Live(data)) {
        target = &slot;
        break;
      }
      if (const uint64_t keyed = Load(slot.keyed); CheckOf(keyed) == Check(key)) {
        target = &slot;
        target_data = data;
        same_position = Intact(keyed, data);
        break;
      }
      if (Worth(data) < Worth(target_data)) {
        target = &slot;
        target_data = data;
      }
    }
    // Keep the move of an earlier search of this position if this one has none.
    if (same_position && best.is_pass()) {
      const Decision kept = BestOf(target_data);
      if (!kept.is_pass()) best = kept;
    }
    Write(*target,
          {Check(key), score, best, bound, static_cast<int16_t>(depth), generation_, epoch_});
  }

  size_t bucket_count() const { return mask_ + 1; }

 private:
  static constexpr size_t kHugePage = size_t{2} << 20;
#ifdef MADV_POPULATE_WRITE
  static constexpr int kPopulateWrite = MADV_POPULATE_WRITE;
#else
  static constexpr int kPopulateWrite = 23;  // Linux's value, for older C libraries
#endif
  // An entry as stored: `keyed` holds the check and the score, `data` the
  // rest and the tag. Plain words, so that the calloc'd zeros are empty
  // entries; every access goes through std::atomic_ref.
  struct Slot {
    uint64_t keyed;
    uint64_t data;
  };
  struct alignas(64) Bucket {
    Slot slots[4];
  };
  static_assert(sizeof(Bucket) == 64);
  static uint32_t Check(uint64_t key) { return static_cast<uint32_t>(key >> 32); }
  static uint32_t CheckOf(uint64_t keyed) { return static_cast<uint32_t>(keyed >> 32); }
  static uint64_t Load(uint64_t& word) {
    return std::atomic_ref<uint64_t>(word).load(std::memory_order_relaxed);
  }
  static void Put(uint64_t& word, uint64_t value) {
    std::atomic_ref<uint64_t>(word).store(value, std::memory_order_relaxed);
  }
  // `data`: the best decision in bits 0-23, the bound 24-25, the depth
  // (below 256 plies) 26-33, the generation 34-41, the epoch 42-49, the tag
  // 50-63.
  static constexpr int kTagShift = 50;
  static constexpr uint64_t kFields = (uint64_t{1} << kTagShift) - 1;
  static uint64_t Tag(uint64_t keyed, uint64_t fields) {
    return ((keyed ^ fields) * 0x9e3779b97f4a7c15ULL) >> kTagShift << kTagShift;
  }
  static bool Intact(uint64_t keyed, uint64_t data) {
    return Tag(keyed, data & kFields) == (data & ~kFields);
  }
  static Decision BestOf(uint64_t data) {
    return {static_cast<DecisionKind>(data & 0xff), static_cast<uint8_t>(data >> 8),
            static_cast<uint8_t>(data >> 16)};
  }
  static Bound BoundOf(uint64_t data) { return static_cast<Bound>((data >> 24) & 3); }
  static int DepthOf(uint64_t data) { return static_cast<uint8_t>(data >> 26); }
  static uint8_t GenerationOf(uint64_t data) { return static_cast<uint8_t>(data >> 34); }
  static uint8_t EpochOf(uint64_t data) { return static_cast<uint8_t>(data >> 42); }
  static TableEntry Decode(uint64_t keyed, uint64_t data) {
    return {.check = CheckOf(keyed),
            .score = static_cast<int32_t>(static_cast<uint32_t>(keyed)),
            .best = BestOf(data),
            .bound = BoundOf(data),
            .depth = static_cast<int16_t>(DepthOf(data)),
            .generation = GenerationOf(data),
            .epoch = EpochOf(data)};
  }
  static void Write(Slot& slot, const TableEntry& e) {
    const uint64_t keyed = uint64_t{e.check} << 32 | static_cast<uint32_t>(e.score);
    const uint64_t fields = static_cast<uint64_t>(e.best.kind) | uint64_t{e.best.from} << 8 |
                            uint64_t{e.best.to} << 16 |
                            uint64_t{static_cast<uint8_t>(e.bound)} << 24 |
                            uint64_t{static_cast<uint8_t>(e.depth)} << 26 |
                            uint64_t{e.generation} << 34 | uint64_t{e.epoch} << 42;
    Put(slot.keyed, keyed);
    Put(slot.data, fields | Tag(keyed, fields));
  }
  bool Live(uint64_t data) const {
    return BoundOf(data) != Bound::kNone && EpochOf(data) == epoch_;
  }
  // Deep and exact entries of this search are worth keeping.
  int Worth(uint64_t data) const {
    return DepthOf(data) + (BoundOf(data) == Bound::kExact ? 2 : 0) -
           4 * static_cast<uint8_t>(generation_ - GenerationOf(data));
  }

  struct Free {
    void operator()(char* memory) const { std::free(memory); }
  };
  std::unique_ptr<char, Free> memory_;
  Bucket* buckets_ = nullptr;  // in memory_, aligned
  size_t mask_ = 0;
  uint8_t generation_ = 0;
  uint8_t epoch_ = 0;  // entries of another are empty (Clear)
};

}  // namespace lud64

#endif  // LUD64_SEARCH_TRANSPOSITION_TABLE_H_
