// A fixed-capacity bump allocator of search-tree nodes shared by search
// threads: a block of consecutive slots is claimed with one atomic add and
// never freed on its own; the owner truncates the arena between searches
// (to empty it, or after moving the nodes it keeps to the front). Nodes are
// named by 32-bit indices, which keeps them small and survives the moves.
#ifndef LUD64_SEARCH_ARENA_H_
#define LUD64_SEARCH_ARENA_H_

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>

namespace lud64 {

template <class T>
class Arena {
 public:
  using Index = uint32_t;
  static constexpr Index kNone = 0xffffffff;

  // Room for as many T as fit in `bytes` (at least one). The memory is not
  // touched here: the operating system maps its pages as nodes are created.
  explicit Arena(size_t bytes)
      : capacity_(std::clamp<size_t>(bytes / sizeof(T), 1, kNone - 1)),
        slots_(static_cast<T*>(::operator new(capacity_ * sizeof(T), kAlignment))) {
    static_assert(std::is_trivially_destructible_v<T>, "slots are reused without destruction");
  }
  ~Arena() { ::operator delete(slots_, kAlignment); }
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  // The first of `count` consecutive slots, default-constructed, or kNone when
  // they do not fit; once a claim has failed the arena stays full until
  // truncated. Safe to call from several threads at once.
  Index Allocate(uint32_t count) {
    if (full_.load(std::memory_order_relaxed)) return kNone;
    const size_t first = used_.fetch_add(count, std::memory_order_relaxed);
    if (first + count > capacity_) {
      full_.store(true, std::memory_order_relaxed);
      return kNone;
    }
    for (uint32_t i = 0; i < count; ++i) std::construct_at(slots_ + first + i);
    return static_cast<Index>(first);
  }

  // Keeps the first `size` slots; not while other threads allocate.
  void Truncate(size_t size) {
    used_.store(size, std::memory_order_relaxed);
    full_.store(false, std::memory_order_relaxed);
  }

  T& operator[](Index i) { return slots_[i]; }
  const T& operator[](Index i) const { return slots_[i]; }
  Index IndexOf(const T* slot) const { return static_cast<Index>(slot - slots_); }

  size_t used() const { return std::min(used_.load(std::memory_order_relaxed), capacity_); }
  size_t capacity() const { return capacity_; }
  bool full() const { return full_.load(std::memory_order_relaxed); }

 private:
  static constexpr std::align_val_t kAlignment{64};  // a cache line

  size_t capacity_;
  T* slots_;
  std::atomic<size_t> used_{0};  // may run past capacity_ after a failed claim
  std::atomic<bool> full_{false};
};

}  // namespace lud64

#endif  // LUD64_SEARCH_ARENA_H_
