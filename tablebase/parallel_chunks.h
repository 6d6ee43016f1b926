// Work over an index range shared by threads in chunks handed out in turn:
// positions differ a lot in cost (a removal has few decisions), so fixed
// ranges would not balance.
#ifndef LUD64_TABLEBASE_PARALLEL_CHUNKS_H_
#define LUD64_TABLEBASE_PARALLEL_CHUNKS_H_

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace lud64::tablebase {

// Calls f(thread, begin, end) for chunks covering [0, total), on `threads`
// threads numbered from 0. Once f returns false, no thread starts another
// chunk.
template <class F>
void ForEachChunk(int threads, uint64_t total, uint64_t chunk, F&& f) {
  std::atomic<uint64_t> next{0};
  std::atomic<bool> stop{false};
  auto work = [&](int t) {
    for (uint64_t begin; !stop.load(std::memory_order_relaxed) &&
                         (begin = next.fetch_add(chunk, std::memory_order_relaxed)) < total;) {
      if (!f(t, begin, std::min(total, begin + chunk))) stop = true;
    }
  };
  // Every thread runs the same code, the caller's too: compilers inline a
  // lambda called directly differently from one a std::thread starts, which
  // made one thread of two twice as slow.
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) workers.emplace_back(work, t);
  for (std::thread& w : workers) w.join();
}

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_PARALLEL_CHUNKS_H_
