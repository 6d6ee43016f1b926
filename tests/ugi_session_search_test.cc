// The UGI session's searches, on their own thread: isready and stop while one
// runs, one bestmove per go whatever its limit, one thread for them all that
// quit joins, and the end of input.
#include <chrono>
#include <fstream>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/ugi_session_driver.h"
#include "tools/lud64/ugi/ugi_session.h"

#ifdef __linux__
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace lud64::ugi_session_search_test {
namespace {

using namespace std::chrono_literals;
using ugi_session_driver::Driver;
using ugi_session_driver::LastBestMove;

TEST(UgiSession, StopEndsInfiniteSearchWithOneLegalBestMove) {
  Driver driver("damdaman");
  ASSERT_TRUE(driver.Send("position startpos moves C4-D4 C5-C4").empty());
  driver.Send("go infinite");
  ASSERT_TRUE(driver.WaitFor("info depth"));
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(driver.CountStarting("bestmove"), 0);  // not before stop
  // While it runs: isready, queries, and a new position (for the next go).
  const size_t before = driver.Count();
  driver.Send("isready");
  EXPECT_TRUE(driver.WaitFor("readyok", before, 1s));
  EXPECT_EQ(driver.CountStarting("bestmove"), 0);
  EXPECT_EQ(driver.Ask("query p1turn"), "response true");
  // Commands that need the engine are refused until stop.
  EXPECT_TRUE(absl::StartsWith(driver.Ask("setoption name hash value 8"),
                               "info string error: a search is running"));
  driver.Send("stop");
  EXPECT_EQ(driver.CountStarting("bestmove"), 1);  // written before stop returns
  const std::string best = LastBestMove(driver);
  EXPECT_TRUE(absl::StrContains(driver.Ask("query legal"), " " + best)) << best;
  driver.Send("stop");  // a stop without a search changes nothing
  EXPECT_EQ(driver.CountStarting("bestmove"), 1);
}

TEST(UgiSession, IsReadyIsAnsweredDuringAFiniteSearch) {
  Driver driver("davxar");
  driver.Send("go movetime 1500");
  const std::vector<std::string> answer = driver.Send("isready");
  // Answered at once: a search of 1.5 s is still running.
  EXPECT_NE(std::find(answer.begin(), answer.end(), "readyok"), answer.end());
  EXPECT_EQ(driver.CountStarting("bestmove"), 0);
  ASSERT_TRUE(driver.WaitFor("bestmove"));
  // A second go waits for the first to finish: one bestmove each.
  driver.Send("go depth 2");
  driver.Send("go depth 3");
  driver.Send("quit");
  EXPECT_EQ(driver.CountStarting("bestmove"), 3);
}

// The command reads its input on a thread of its own and tells the session of
// each line as it arrives (Notice), before its turn comes. The searches would
// take 20 s: stopped, the test takes a fraction of that.
TEST(UgiSession, NoticedStopReachesASearchThatACommandWaitsFor) {
  Driver driver("davxar");
  const auto start = std::chrono::steady_clock::now();
  driver.Send("go movetime 20000");
  ASSERT_TRUE(driver.WaitFor("info depth"));
  std::thread second([&driver] { driver.Send("go movetime 20000"); });  // waits for the first
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(driver.CountStarting("bestmove"), 0);
  driver.session().Notice("stop");
  second.join();
  driver.Send("stop");
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
  EXPECT_EQ(driver.CountStarting("bestmove"), 2);
  EXPECT_EQ(driver.CountStarting("info string error"), 0);
}

// A reader ahead of the session: the stop after a `go` is noticed before the
// `go` is handled, and still stops its search (and the next, before the stop's
// turn).
TEST(UgiSession, StopNoticedBeforeItsGoIsHandled) {
  Driver driver("davxar");
  const auto start = std::chrono::steady_clock::now();
  for (const char* line : {"go movetime 20000", "go movetime 20000", "stop"})
    driver.session().Notice(line);
  driver.Send("go movetime 20000");
  driver.Send("go movetime 20000");
  driver.Send("stop");
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
  EXPECT_EQ(driver.CountStarting("bestmove"), 2);
  const size_t before = driver.Count();
  driver.Send("go depth 2");  // no stop left: searches to its depth
  ASSERT_TRUE(driver.WaitFor("bestmove", before));
  EXPECT_TRUE(driver.WaitFor("info depth 2 ", before, 10ms));
  driver.session().Quit();
  EXPECT_EQ(driver.CountStarting("bestmove"), 3);
}

TEST(UgiSession, EveryLimitEndsWithOneBestMove) {
  Driver driver("guettal");
  int searches = 0;
  for (const char* go : {"go depth 3", "go nodes 500", "go movetime 50",
                         "go p1time 1000 p2time 1000 p1inc 10 p2inc 10", "go p1time 200"}) {
    driver.Send(go);
    ++searches;
    ASSERT_FALSE(driver.Send("isready").empty());
    driver.Send("position startpos moves E2");  // waits for nothing: the search has a copy
    driver.Send("position startpos");
  }
  driver.session().Quit();
  EXPECT_EQ(driver.CountStarting("bestmove"), searches);
}

TEST(UgiSession, DepthLimitReportsThatDepth) {
  Driver driver("damdaman");
  driver.Send("go depth 4");
  ASSERT_TRUE(driver.WaitFor("bestmove"));
  EXPECT_TRUE(driver.WaitFor("info depth 4 ", 0, 10ms));
  EXPECT_FALSE(driver.WaitFor("info depth 5 ", 0, 10ms));
}

TEST(UgiSession, QuitEndsTheSessionAndItsSearch) {
  Driver driver("davxar");
  driver.Send("go infinite");
  ASSERT_TRUE(driver.WaitFor("info depth"));
  EXPECT_FALSE(driver.session().Handle("quit"));
  EXPECT_EQ(driver.CountStarting("bestmove"), 1);
  EXPECT_FALSE(driver.session().Handle("isready"));  // no more input
  EXPECT_EQ(driver.CountStarting("readyok"), 0);
}

TEST(UgiSession, EndOfInputStopsAnInfiniteSearch) {
  Driver driver("guettal");
  driver.Send("go");  // no limit: until stop, like infinite
  ASSERT_TRUE(driver.WaitFor("info depth"));
  driver.session().Quit();  // what the command does at the end of stdin
  EXPECT_EQ(driver.CountStarting("bestmove"), 1);
}

#ifdef __linux__
// The kernel's id of the calling thread: unlike std::thread::id, which may
// be reused as soon as a thread is joined, not given again for a long while.
long KernelThreadId() { return syscall(SYS_gettid); }

// The number of threads of this process (`Threads:` in /proc/self/status).
int ThreadCount() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (absl::StartsWith(line, "Threads:")) return std::stoi(line.substr(8));
  }
  ADD_FAILURE() << "no Threads: line in /proc/self/status";
  return -1;
}

// Go after go, finite and infinite, each stopped at once: one bestmove each,
// written before its stop returns and legal in its own position, and every
// search on the same thread, which quit joins.
TEST(UgiSession, SearchesShareOneThreadThatQuitJoins) {
  std::mutex mutex;
  std::vector<std::string> lines;
  std::set<long> search_threads;  // the writers of the bestmove lines
  const long session_thread = KernelThreadId();
  // The threads while the session has its search thread (a sanitizer may add
  // its own at the first thread made, hence not counted before the session).
  int threads_with_search = 0;
  std::unique_ptr<UgiSession> session =
      UgiSession::Create("damdaman", [&](const std::string& line) {
        std::lock_guard lock(mutex);
        lines.push_back(line);
        if (absl::StartsWith(line, "bestmove ")) search_threads.insert(KernelThreadId());
      }).value();
  const auto count = [&] {
    std::lock_guard lock(mutex);
    return lines.size();
  };
  // x to move, then o to move: their decisions move different pieces, so a
  // bestmove that came a cycle late would not be legal.
  const char* positions[] = {"position startpos", "position startpos moves C4-D4"};
  const char* gos[] = {"go infinite", "go depth 1", "go nodes 50", "go depth 20"};
  constexpr int kCycles = 200;
  for (int cycle = 0; cycle < kCycles; ++cycle) {
    ASSERT_TRUE(session->Handle(positions[cycle % 2]));
    ASSERT_TRUE(session->Handle("query legal"));
    const size_t from = count();
    ASSERT_TRUE(session->Handle(gos[cycle % 4]));
    ASSERT_TRUE(session->Handle("stop"));
    std::lock_guard lock(mutex);
    const std::string legal = lines[from - 1] + " ";
    std::vector<std::string> bestmoves;
    for (size_t i = from; i < lines.size(); ++i) {
      if (absl::StartsWith(lines[i], "bestmove ")) bestmoves.push_back(lines[i]);
    }
    ASSERT_EQ(bestmoves.size(), 1u) << "cycle " << cycle << ": " << gos[cycle % 4];
    EXPECT_EQ(lines.back(), bestmoves[0]) << "cycle " << cycle;  // nothing after it
    EXPECT_TRUE(absl::StrContains(legal, absl::StrCat(" ", bestmoves[0].substr(9), " ")))
        << "cycle " << cycle << ": " << bestmoves[0] << " not in " << legal;
    if (cycle == 0) threads_with_search = ThreadCount();
  }
  EXPECT_EQ(ThreadCount(), threads_with_search);
  session->Quit();
  EXPECT_EQ(ThreadCount(), threads_with_search - 1);  // the search thread is joined
  EXPECT_EQ(search_threads.size(), 1u);
  EXPECT_EQ(search_threads.count(session_thread), 0u);
}
#endif  // __linux__

}  // namespace
}  // namespace lud64::ugi_session_search_test
