// A few threads kept for the whole life of a batch environment, so that each
// step splits its environments across cores without starting threads.
#ifndef LUD64_PLAY_WORKER_POOL_H_
#define LUD64_PLAY_WORKER_POOL_H_

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace lud64 {

class WorkerPool {
 public:
  // `threads` workers in all, the calling thread being one of them.
  explicit WorkerPool(int threads) {
    for (int t = 1; t < threads; ++t) workers_.emplace_back([this, t] { Loop(t); });
  }
  ~WorkerPool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      quit_ = true;
    }
    wake_.notify_all();
    for (std::thread& worker : workers_) worker.join();
  }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }

  // Calls job(begin, end) on consecutive ranges covering [0, n), one range per
  // thread; returns when all are done.
  void Run(int n, const std::function<void(int, int)>& job) {
    if (workers_.empty()) return job(0, n);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      job_ = &job;
      n_ = n;
      pending_ = static_cast<int>(workers_.size());
      ++generation_;
    }
    wake_.notify_all();
    RunShare(0);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return pending_ == 0; });
    job_ = nullptr;
  }

 private:
  void RunShare(int thread) {
    const int share = (n_ + threads() - 1) / threads();
    const int begin = std::min(n_, thread * share), end = std::min(n_, begin + share);
    if (begin < end) (*job_)(begin, end);
  }

  void Loop(int thread) {
    uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return quit_ || generation_ != seen; });
        if (quit_) return;
        seen = generation_;
      }
      RunShare(thread);
      std::lock_guard<std::mutex> lock(mutex_);
      if (--pending_ == 0) done_.notify_one();
    }
  }

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  const std::function<void(int, int)>* job_ = nullptr;
  int n_ = 0;
  int pending_ = 0;
  uint64_t generation_ = 0;
  bool quit_ = false;
};

}  // namespace lud64

#endif  // LUD64_PLAY_WORKER_POOL_H_
