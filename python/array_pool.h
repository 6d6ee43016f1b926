// numpy arrays whose memory is kept for the next arrays of the same size: a
// batched step makes megabytes of fresh arrays (observations, masks), and
// memory fresh from the system costs a page fault per 4 KiB, which took a
// third of lud64.pgx's step. An array returns its buffer to the pool when
// numpy frees it (its base, a capsule, holds the pool alive).
#ifndef LUD64_PYTHON_ARRAY_POOL_H_
#define LUD64_PYTHON_ARRAY_POOL_H_

#include <pybind11/numpy.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <vector>

namespace lud64::python {

class ArrayPool : public std::enable_shared_from_this<ArrayPool> {
 public:
  // Buffers kept per size: two states' arrays, two arrays of a size each.
  static constexpr size_t kKeep = 8;

  ~ArrayPool() {
    for (auto& [bytes, buffers] : free_) {
      for (void* buffer : buffers) std::free(buffer);
    }
  }

  // A writable C-contiguous array of `shape` on a kept buffer.
  template <class T>
  pybind11::array_t<T> Make(const std::vector<pybind11::ssize_t>& shape) {
    size_t bytes = sizeof(T);
    for (pybind11::ssize_t extent : shape) bytes *= static_cast<size_t>(extent);
    auto* lease = new Lease{shared_from_this(), Take(bytes), bytes};
    pybind11::capsule base(lease, [](void* pointer) {
      auto* done = static_cast<Lease*>(pointer);
      done->pool->Give(done->data, done->bytes);
      delete done;
    });
    return pybind11::array_t<T>(shape, static_cast<T*>(lease->data), base);
  }

 private:
  struct Lease {
    std::shared_ptr<ArrayPool> pool;
    void* data;
    size_t bytes;
  };

  void* Take(size_t bytes) {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      std::vector<void*>& buffers = free_[bytes];
      if (!buffers.empty()) {
        void* buffer = buffers.back();
        buffers.pop_back();
        return buffer;
      }
    }
    void* buffer = std::malloc(bytes == 0 ? 1 : bytes);
    if (buffer == nullptr) throw std::bad_alloc();
    return buffer;
  }

  void Give(void* buffer, size_t bytes) {
    const std::lock_guard<std::mutex> lock(mutex_);
    std::vector<void*>& buffers = free_[bytes];
    if (buffers.size() < kKeep) {
      buffers.push_back(buffer);
    } else {
      std::free(buffer);
    }
  }

  std::mutex mutex_;
  std::map<size_t, std::vector<void*>> free_;
};

}  // namespace lud64::python

#endif  // LUD64_PYTHON_ARRAY_POOL_H_
