// numpy arrays of zeros on fresh pages from the system, which it maps to its
// zero page until they are written: an array mostly left zero (lud64.pgx's
// final observations, a few rows set a step) costs a page fault per page
// written instead of clearing megabytes. The mapping goes when numpy frees
// the array (its base, a capsule, unmaps it).
#ifndef LUD64_PYTHON_ZERO_ARRAY_H_
#define LUD64_PYTHON_ZERO_ARRAY_H_

#include <pybind11/numpy.h>
#include <sys/mman.h>

#include <new>
#include <vector>

namespace lud64::python {

template <class T>
pybind11::array_t<T> ZeroPagesArray(const std::vector<pybind11::ssize_t>& shape) {
  size_t bytes = sizeof(T);
  for (pybind11::ssize_t extent : shape) bytes *= static_cast<size_t>(extent);
  if (bytes == 0) return pybind11::array_t<T>(shape);
  void* data = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (data == MAP_FAILED) throw std::bad_alloc();
  struct Mapping {
    void* data;
    size_t bytes;
  };
  pybind11::capsule base(new Mapping{data, bytes}, [](void* pointer) {
    auto* mapping = static_cast<Mapping*>(pointer);
    munmap(mapping->data, mapping->bytes);
    delete mapping;
  });
  return pybind11::array_t<T>(shape, static_cast<T*>(data), base);
}

}  // namespace lud64::python

#endif  // LUD64_PYTHON_ZERO_ARRAY_H_
