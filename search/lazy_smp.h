// Alpha-beta on several threads by lazy SMP: every thread searches the same
// root by iterative deepening into one shared transposition table (the
// first helper at every depth, the others spread over the depths just beyond
// the main thread's: HelperSkipsDepth), and what each finds reaches the
// others only through the table (its best decisions order their search, its
// entries of a position's depth or deeper cut it). The main thread decides
// and reports, unless a helper completed a deeper iteration (the depth limit
// first: it then ends the search); the helpers end when the main thread
// does. One thread is AlphaBeta itself, node for node.
#ifndef LUD64_SEARCH_LAZY_SMP_H_
#define LUD64_SEARCH_LAZY_SMP_H_

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include "search/alphabeta.h"
#include "search/search_threads.h"

namespace lud64 {

template <SearchableGame G>
class LazySmp {
 public:
  using Position = typename G::Position;

  // `threads` searches (at least one) over `table`.
  LazySmp(const G& game, TranspositionTable* table, const SearchOptions& options, int threads)
      : table_(table) {
    for (int i = 0; i < std::max(1, threads); ++i)
      searchers_.push_back(std::make_unique<AlphaBeta<G>>(game, table, options));
  }

  int threads() const { return static_cast<int>(searchers_.size()); }

  void SetGameHistory(const std::vector<uint64_t>& hashes) {
    for (auto& s : searchers_) s->SetGameHistory(hashes);
  }
  void SetEndgameProbe(const EndgameProbe<Position>& probe) {
    for (auto& s : searchers_) s->SetEndgameProbe(probe);
  }

  // AlphaBeta::Search on every thread; the main thread's result, with the
  // nodes of all.
  SearchReport Search(const Position& root, const SearchLimits& limits,
                      const std::function<void(const SearchReport&)>& on_iteration = {}) {
    AlphaBeta<G>& main = *searchers_.front();
    if (threads() == 1) return main.Search(root, limits, on_iteration);
    SearchReport report;
    const uint64_t nodes = WithHelpers(root, limits, /*helpers_may_finish=*/true,
                                       [&] { report = main.Search(root, limits, on_iteration); });
    // A helper that completed a deeper iteration than the main thread (the
    // depth limit, before it) answers: its line is as much the search's.
    const SearchReport* deepest = &report;
    for (const SearchReport& r : helper_reports_)
      if (r.depth > deepest->depth) deepest = &r;
    if (deepest != &report) {
      const double seconds = report.seconds;
      report = *deepest;
      report.seconds = seconds;
      report.nodes = nodes;
      if (on_iteration) on_iteration(report);
    }
    report.nodes = nodes;
    return report;
  }

  // AlphaBeta::SearchLines on the main thread, the helpers searching the
  // root's best line as Search does: their entries serve every line.
  std::vector<SearchReport> SearchLines(
      const Position& root, const SearchLimits& limits, int lines,
      const std::function<void(const std::vector<SearchReport>&)>& on_iteration = {}) {
    AlphaBeta<G>& main = *searchers_.front();
    if (threads() == 1) return main.SearchLines(root, limits, lines, on_iteration);
    std::vector<SearchReport> reports;
    const uint64_t nodes = WithHelpers(root, limits, /*helpers_may_finish=*/false, [&] {
      reports = main.SearchLines(root, limits, lines, on_iteration);
    });
    for (SearchReport& r : reports) r.nodes = nodes;
    return reports;
  }

 private:
  // Runs `main_search` on this thread while the helpers search `root`, then
  // stops and joins them; returns the nodes all searched. Each helper's
  // result goes to helper_reports_; with `helpers_may_finish`, one that
  // completes the depth limit ends the search.
  template <class MainSearch>
  uint64_t WithHelpers(const Position& root, const SearchLimits& limits, bool helpers_may_finish,
                       MainSearch main_search) {
    SharedSearch shared;
    // The table ages once for all the threads, before any of them probes it.
    if (table_) table_->NewSearch();
    for (int i = 0; i < threads(); ++i) searchers_[i]->ShareSearch(&shared, i);
    // The helpers stop when the main thread has decided (shared.stop), on
    // the caller's stop, or at the node limit, which counts every thread's
    // nodes.
    const SearchLimits helper_limits{
        .depth = limits.depth, .nodes = limits.nodes, .stop = limits.stop};
    // Stops and joins the helpers however this ends (a thread that could
    // not start throws).
    struct Helpers {
      SharedSearch& shared;
      std::vector<std::thread> threads;
      ~Helpers() {
        shared.stop.store(true, std::memory_order_relaxed);
        for (std::thread& t : threads) t.join();
      }
    };
    // Declared before the helpers, which read them until joined.
    helper_reports_.assign(threads() - 1, {});
    const int last_depth = std::min(limits.depth, AlphaBeta<G>::kMaxPly - 1);
    {
      Helpers helpers{shared, {}};
      for (int i = 1; i < threads(); ++i) {
        helpers.threads.emplace_back([&, i] {
          SearchReport& report = helper_reports_[i - 1];
          report = searchers_[i]->Search(root, helper_limits);
          if (helpers_may_finish && report.depth == last_depth)
            shared.stop.store(true, std::memory_order_relaxed);
        });
      }
      main_search();
    }
    uint64_t nodes = shared.nodes.load(std::memory_order_relaxed);
    for (auto& s : searchers_) {
      nodes += s->nodes() % SharedSearch::kNodeBatch;
      s->ShareSearch(nullptr, 0);
    }
    return nodes;
  }

  TranspositionTable* table_;
  std::vector<std::unique_ptr<AlphaBeta<G>>> searchers_;  // the main thread's first
  std::vector<SearchReport> helper_reports_;              // of helpers 1, 2, ...
};

}  // namespace lud64

#endif  // LUD64_SEARCH_LAZY_SMP_H_
