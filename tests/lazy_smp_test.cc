// Alpha-beta on several threads (search/lazy_smp.h) and through the engine
// session: one thread is AlphaBeta node for node; more find the known
// answers, complete and report every depth, cut on deeper entries, and stop
// on time, on the stop flag and at the node limit, which counts every
// thread's nodes. In threaded_tests, so that TSan runs them.
#include "search/lazy_smp.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "boards/damdaman/damdaman.h"
#include "boards/damdaman/damdaman_text.h"
#include "boards/davxar/davxar.h"
#include "boards/davxar/davxar_text.h"
#include "boards/guettal/guettal.h"
#include "boards/guettal/guettal_text.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "play/engine_session.h"
#include "play/search_instances.h"

namespace lud64::lazy_smp_test {
namespace {

template <class G>
typename G::Position Parse(const G& game, absl::string_view text) {
  absl::StatusOr<typename G::Position> position = ParsePosition(game, text);
  EXPECT_TRUE(position.ok()) << position.status();
  return *position;
}

template <class G>
SearchReport SearchWith(const G& game, const typename G::Position& root, int threads,
                        const SearchLimits& limits) {
  TranspositionTable table(16);
  LazySmp<G> search(game, &table, {}, threads);
  return search.Search(root, limits);
}

template <class G>
bool Legal(const G& game, const typename G::Position& root, Decision d) {
  DecisionList list;
  LegalDecisions(game, root, list);
  return list.contains(d);
}

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

constexpr const char* kDamdamanMiddle =
    "ooooo.o/ooooooo/ooooooo/xxxxooo/xxxxxxx/.xxxxxx/xxx.xxx x turn=40";

TEST(LazySmp, OneThreadIsAlphaBetaNodeForNode) {
  const Damdaman game;
  const Damdaman::Position root = Parse(game, kDamdamanMiddle);
  TranspositionTable table(16);
  AlphaBeta<Damdaman> plain(game, &table);
  const SearchReport expected = plain.Search(root, {.depth = 7});
  const SearchReport report = SearchWith(game, root, 1, {.depth = 7});
  EXPECT_EQ(report.nodes, expected.nodes);
  EXPECT_EQ(report.score, expected.score);
  EXPECT_EQ(report.pv, expected.pv);
}

TEST(LazySmp, SeveralThreadsFindTheKnownAnswers) {
  for (int threads : {2, 4}) {
    const Guettal guettal;
    const SearchReport win = SearchWith(guettal, guettal.start(), threads, {.depth = 6});
    ASSERT_FALSE(win.pv.empty());
    const std::string best = FormatDecision(win.pv[0], guettal.site_names());
    EXPECT_TRUE(best == "A2" || best == "I3") << best;
    EXPECT_EQ(win.score, WinIn(3));

    const Damdaman damdaman;
    const SearchReport capture = SearchWith(
        damdaman, Parse(damdaman, "......./......./......./...ox../..x..../......./....... x"),
        threads, {.depth = 3});
    ASSERT_FALSE(capture.pv.empty());
    EXPECT_EQ(FormatDecision(capture.pv[0], damdaman.site_names()), "C3-C4");
    EXPECT_EQ(capture.score, WinIn(1));
  }
}

// Two threads' value at a fixed depth may differ from one's (they cut on
// each other's deeper entries), but each completes the depth asked with a
// legal decision, and reports each depth once, in order (the last maybe a
// helper's, which ended the search).
TEST(LazySmp, TwoThreadsReportEveryDepthOnce) {
  const Damdaman game;
  for (const char* text : {"start", kDamdamanMiddle}) {
    const Damdaman::Position root = Parse(game, text);
    for (int depth = 1; depth <= 8; ++depth) {
      TranspositionTable table(16);
      LazySmp<Damdaman> search(game, &table, {}, 2);
      std::vector<int> reported;
      const SearchReport two = search.Search(
          root, {.depth = depth}, [&](const SearchReport& r) { reported.push_back(r.depth); });
      EXPECT_EQ(two.depth, depth) << text;
      ASSERT_FALSE(reported.empty());
      EXPECT_EQ(reported.back(), depth) << text;
      EXPECT_TRUE(std::is_sorted(reported.begin(), reported.end())) << text;
      EXPECT_EQ(std::adjacent_find(reported.begin(), reported.end()), reported.end()) << text;
      ASSERT_FALSE(two.pv.empty());
      EXPECT_TRUE(Legal(game, root, two.pv[0]));
    }
  }
}

// A thread of several cuts on entries deeper than its node (a helper's), one
// thread alone only on entries of the node's exact depth. Both search a table
// a depth-8 search has filled, to depth 6, alone (so the counts are exact).
TEST(LazySmp, AThreadOfSeveralCutsOnDeeperEntries) {
  const Damdaman game;
  const Damdaman::Position root = Parse(game, kDamdamanMiddle);
  uint64_t nodes[2];
  for (const bool shared : {false, true}) {
    TranspositionTable table(16);
    AlphaBeta<Damdaman> deep(game, &table);
    deep.Search(root, {.depth = 8});
    SharedSearch threads;
    AlphaBeta<Damdaman> search(game, &table);
    if (shared) search.ShareSearch(&threads, 0);
    const SearchReport report = search.Search(root, {.depth = 6});
    EXPECT_EQ(report.depth, 6);
    nodes[shared] = search.nodes();
  }
  EXPECT_LT(nodes[1] * 4, nodes[0]) << nodes[1] << " against " << nodes[0];
}

// The bounds on wall time are loose, for a loaded machine and the
// sanitizers: without its limit each search would run for hours. How close
// the stop comes: search/README.md (threads).
TEST(LazySmp, StopsOnTimeWithAnyThreads) {
  const Davxar game;
  for (int threads : {2, 3}) {
    const auto start = std::chrono::steady_clock::now();
    const SearchReport report = SearchWith(game, game.start(), threads, {.seconds = 0.2});
    const double seconds = SecondsSince(start);
    EXPECT_GE(seconds, 0.1) << threads;  // iterations start until half the time
    EXPECT_LT(seconds, 0.2 + 2) << threads;
    ASSERT_FALSE(report.pv.empty());
    EXPECT_TRUE(Legal(game, game.start(), report.pv[0]));
    EXPECT_GT(report.depth, 0);
  }
}

TEST(LazySmp, StopsOnTheStopFlag) {
  const Davxar game;
  std::atomic<bool> stop{false};
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    stop = true;
  });
  const auto start = std::chrono::steady_clock::now();
  const SearchReport report = SearchWith(game, game.start(), 3, {.stop = &stop});
  const double seconds = SecondsSince(start);
  stopper.join();
  EXPECT_LT(seconds, 0.15 + 2);
  ASSERT_FALSE(report.pv.empty());
  EXPECT_TRUE(Legal(game, game.start(), report.pv[0]));
}

// A stop before the search begins: the main thread completes depth 1 (its
// answer) and no deeper one, a helper that skips depth 1 (from the third
// thread) depth 2, which answers; every thread ends at its first check.
TEST(LazySmp, AStopBeforeTheSearchEndsEveryThreadAtOnce) {
  const Damdaman game;
  const std::atomic<bool> stop{true};
  for (int threads : {2, 4}) {
    const SearchReport report = SearchWith(game, game.start(), threads, {.stop = &stop});
    EXPECT_EQ(report.depth, threads > 2 ? 2 : 1) << threads;
    EXPECT_LE(report.nodes, threads * SharedSearch::kNodeBatch) << threads;
    ASSERT_FALSE(report.pv.empty());
    EXPECT_TRUE(Legal(game, game.start(), report.pv[0]));
  }
}

TEST(LazySmp, TheNodeLimitCountsEveryThread) {
  const Damdaman game;
  const Damdaman::Position root = Parse(game, kDamdamanMiddle);
  constexpr uint64_t kLimit = 300'000;
  for (int threads : {2, 4}) {
    const SearchReport report = SearchWith(game, root, threads, {.nodes = kLimit});
    // Each thread stops at its first count past the limit: at most a batch
    // of nodes each beyond it.
    EXPECT_GE(report.nodes, kLimit) << threads;
    EXPECT_LE(report.nodes, kLimit + 2 * threads * SharedSearch::kNodeBatch) << threads;
  }
}

TEST(LazySmp, HelpersSpreadOverTheDepths) {
  // Helper 1 searches every depth; helper 2 the even depths, helper 3 the
  // odd ones; helpers 4 to 7 search pairs of depths from four phases.
  for (int depth = 1; depth <= 8; ++depth) {
    EXPECT_FALSE(HelperSkipsDepth(1, depth)) << depth;
    EXPECT_EQ(HelperSkipsDepth(2, depth), depth % 2 == 1) << depth;
    EXPECT_EQ(HelperSkipsDepth(3, depth), depth % 2 == 0) << depth;
  }
  for (int depth = 1; depth <= 8; ++depth) {
    int searching = 0;
    for (int helper = 4; helper <= 7; ++helper) searching += !HelperSkipsDepth(helper, depth);
    EXPECT_EQ(searching, 2) << depth;
  }
  EXPECT_EQ(HelperSkipsDepth(22, 5), HelperSkipsDepth(2, 5));
}

// Every game through the engine session, 2 to 4 threads for a short time
// each, as the `threads` option of every front-end asks.
TEST(LazySmp, SessionsSearchEveryGameOnSeveralThreads) {
  struct Case {
    const char* game;
    const char* moves;
  };
  for (const Case& c : {Case{"davxar", "D4 E4 F4 D5"}, Case{"damdaman", "D3-D4 pass D4-D3"},
                        Case{"guettal", "B2"}, Case{"davxar:pieces=6", ""}}) {
    for (int threads : {2, 4}) {
      EngineOptions options;
      options.threads = threads;
      options.hash_mib = 8;
      absl::StatusOr<std::unique_ptr<EngineSession>> session = MakeEngineSession(c.game, options);
      ASSERT_TRUE(session.ok()) << session.status();
      ASSERT_TRUE((*session)->NewGame("start", c.moves).ok()) << c.game;
      std::vector<uint64_t> reported;
      const absl::StatusOr<EngineAnswer> answer =
          (*session)->Search({.seconds = 0.1}, nullptr,
                             [&](const EngineInfo& info) { reported.push_back(info.nodes); });
      ASSERT_TRUE(answer.ok()) << answer.status();
      const std::vector<Decision> legal = (*session)->LegalDecisions((*session)->position());
      EXPECT_NE(std::find(legal.begin(), legal.end(), answer->best), legal.end()) << c.game;
      EXPECT_GT(answer->info.depth, 0) << c.game;
      EXPECT_FALSE(reported.empty()) << c.game;
      // Multi-PV runs on the threads too.
      const absl::StatusOr<EngineAnswer> lines =
          (*session)->Search({.depth = 3, .multipv = 2}, nullptr);
      ASSERT_TRUE(lines.ok()) << lines.status();
      EXPECT_EQ(lines->lines.size(), std::min<size_t>(2, legal.size())) << c.game;
    }
  }
}

}  // namespace
}  // namespace lud64::lazy_smp_test
