// Runs many random playouts over threads. With a fixed count, playout i always
// uses the random stream derived from (seed, i), so the totals depend only on
// the seed and count, not on the threads or their timing.
#ifndef LUD64_SEARCH_PLAYOUT_RUNNER_H_
#define LUD64_SEARCH_PLAYOUT_RUNNER_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include "engine/stop.h"
#include "search/playout_stats.h"

namespace lud64 {

struct PlayoutRequest {
  uint64_t count = 0;  // playouts to run; 0: run for `seconds`
  double seconds = 0;  // with count 0
  int threads = 1;
  uint64_t seed = 1;
  StopFlag stop = nullptr;  // Ctrl-C
};

struct PlayoutRun {
  PlayoutStats stats;
  double seconds = 0;
  bool interrupted = false;  // stopped by a stop request before the end
};

// The random stream of playout `index`.
inline Random PlayoutRandom(uint64_t seed, uint64_t index) {
  uint64_t state = seed ^ (index * 0xd1342543de82ef95ULL);
  return Random(SplitMix64(state));
}

// `on_progress(playouts_done, seconds)` is called from a progress thread about
// every `progress_every` seconds.
template <Game G, class Progress>
PlayoutRun RunPlayouts(const G& game, const typename G::Position& start,
                       const PlayoutRequest& request, Progress on_progress,
                       double progress_every = 1.0) {
  using Clock = std::chrono::steady_clock;
  constexpr uint64_t kChunk = 64;  // playouts claimed at a time
  const Clock::time_point begin = Clock::now();
  const auto deadline = begin + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(request.seconds));
  std::atomic<uint64_t> next{0}, done{0};
  std::atomic<bool> finished{false};
  std::vector<PlayoutStats> per_thread(request.threads);

  auto worker = [&](int thread) {
    PlayoutStats stats;  // local: no cache line shared with other threads
    for (;;) {
      if (Stopping(request.stop)) break;
      if (request.count == 0 && Clock::now() >= deadline) break;
      const uint64_t first = next.fetch_add(kChunk, std::memory_order_relaxed);
      const uint64_t last =
          request.count ? std::min(first + kChunk, request.count) : first + kChunk;
      if (first >= last) break;
      for (uint64_t i = first; i < last; ++i) {
        Random random = PlayoutRandom(request.seed, i);
        stats.Add(RandomPlayout(game, start, random));
      }
      done.fetch_add(last - first, std::memory_order_relaxed);
    }
    per_thread[thread] = stats;
  };

  std::vector<std::thread> threads;
  for (int t = 1; t < request.threads; ++t) threads.emplace_back(worker, t);
  std::thread progress([&] {
    auto last_report = Clock::now();
    while (!finished.load()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      const auto now = Clock::now();
      if (now - last_report >= std::chrono::duration<double>(progress_every)) {
        last_report = now;
        on_progress(done.load(std::memory_order_relaxed),
                    std::chrono::duration<double>(now - begin).count());
      }
    }
  });
  worker(0);
  for (std::thread& thread : threads) thread.join();
  finished.store(true);
  progress.join();

  PlayoutRun run;
  for (const PlayoutStats& stats : per_thread) run.stats.Merge(stats);
  run.seconds = std::chrono::duration<double>(Clock::now() - begin).count();
  run.interrupted =
      Stopping(request.stop) && (request.count == 0 || run.stats.playouts < request.count);
  return run;
}

}  // namespace lud64

#endif  // LUD64_SEARCH_PLAYOUT_RUNNER_H_
