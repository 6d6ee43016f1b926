// A large zero-filled array in its own anonymous mapping, asking the kernel
// for transparent huge pages (where they are enabled only on request, the
// default on Debian): the backward pass of the retrograde analysis touches
// positions at random across hundreds of MB, and 4 KB pages make nearly every
// access a TLB miss.
#ifndef LUD64_TABLEBASE_SOLVE_HUGE_ARRAY_H_
#define LUD64_TABLEBASE_SOLVE_HUGE_ARRAY_H_

#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

namespace lud64::tablebase {

template <class T>
class HugeArray {
  static_assert(std::is_trivial_v<T>);

 public:
  HugeArray() = default;
  explicit HugeArray(size_t size) : size_(size), bytes_(std::max<size_t>(size * sizeof(T), 1)) {
    void* memory =
        ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) throw std::bad_alloc();
    ::madvise(memory, bytes_, MADV_HUGEPAGE);  // a hint: failure only costs speed
    data_ = static_cast<T*>(memory);
  }
  ~HugeArray() {
    if (data_ != nullptr) ::munmap(data_, bytes_);
  }
  HugeArray(HugeArray&& other) noexcept { *this = std::move(other); }
  HugeArray& operator=(HugeArray&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(bytes_, other.bytes_);
    return *this;
  }

  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  size_t size() const { return size_; }

 private:
  T* data_ = nullptr;
  size_t size_ = 0;
  size_t bytes_ = 0;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_SOLVE_HUGE_ARRAY_H_
