// The UGI protocol session (tools/lud64/ugi/ugi_session.h), driven line by
// line: the handshake, every query against the rules, searches on their own
// thread (isready and stop while one runs, one bestmove per go, one thread
// for them all), bad input that is reported and changes nothing, and quitting.
#include "tools/lud64/ugi/ugi_session.h"

#include <chrono>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "boards/game_list.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "play/best_move.h"
#include "search/playout.h"

#ifdef __linux__
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace lud64::ugi_session_test {
namespace {

using namespace std::chrono_literals;

// A session whose output lines are collected.
class Driver {
 public:
  explicit Driver(absl::string_view game = "damdaman") {
    session_ = UgiSession::Create(game, [this](const std::string& line) {
                 std::lock_guard lock(mutex_);
                 lines_.push_back(line);
               }).value();
  }

  // Sends `line`; the lines written while it was handled.
  std::vector<std::string> Send(absl::string_view line) {
    const size_t before = Count();
    alive_ = session_->Handle(line);
    std::lock_guard lock(mutex_);
    return {lines_.begin() + before, lines_.end()};
  }
  // The one line `line` is answered with (a running search's info lines aside).
  std::string Ask(absl::string_view line) {
    std::vector<std::string> answer;
    for (std::string& out : Send(line)) {
      const bool search_info =
          absl::StartsWith(out, "info ") && !absl::StartsWith(out, "info string");
      if (!search_info) answer.push_back(std::move(out));
    }
    EXPECT_EQ(answer.size(), 1u) << line << ": " << absl::StrJoin(answer, " | ");
    return answer.empty() ? "" : answer.back();
  }
  // Waits up to `timeout` for a line starting with `prefix` (from line `from` on).
  bool WaitFor(absl::string_view prefix, size_t from = 0, std::chrono::milliseconds timeout = 20s) {
    const auto give_up = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < give_up) {
      {
        std::lock_guard lock(mutex_);
        for (size_t i = from; i < lines_.size(); ++i)
          if (absl::StartsWith(lines_[i], prefix)) return true;
      }
      std::this_thread::sleep_for(5ms);
    }
    return false;
  }
  int CountStarting(absl::string_view prefix) {
    std::lock_guard lock(mutex_);
    int n = 0;
    for (const std::string& line : lines_) n += absl::StartsWith(line, prefix);
    return n;
  }
  size_t Count() {
    std::lock_guard lock(mutex_);
    return lines_.size();
  }
  std::vector<std::string> Lines() {
    std::lock_guard lock(mutex_);
    return lines_;
  }
  UgiSession& session() { return *session_; }
  bool alive() const { return alive_; }

 private:
  std::mutex mutex_;
  std::vector<std::string> lines_;
  std::unique_ptr<UgiSession> session_;
  bool alive_ = true;
};

TEST(UgiSession, Handshake) {
  Driver driver("davxar:pieces=6");
  const std::vector<std::string> lines = driver.Send("ugi");
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front(), "id name lud64");
  EXPECT_EQ(lines.back(), "ugiok");
  const std::string all = absl::StrJoin(lines, "\n");
  const char* engine_option =
      "option name engine type combo default alphabeta var alphabeta var mcts";
  const char* leaves_option =
      "option name leaves type combo default evaluation var evaluation var playout";
  for (const char* option :
       {"option name game type string default davxar:pieces=6", engine_option,
        "option name hash type spin", "option name threads type spin", leaves_option,
        "option name eval type combo default learned var learned var classic",
        "option name evalfile type string default <empty>", "option name tb type string"}) {
    EXPECT_TRUE(absl::StrContains(all, option)) << option << " in\n" << all;
  }
  EXPECT_EQ(driver.Ask("isready"), "readyok");
}

// The queries after each prefix of random games, against the rules.
template <NotatedGame G>
void CheckQueriesAgainstRules(const G& game, uint64_t seed) {
  Driver driver(game.name());
  Random random(seed);
  typename G::Position position = game.start();
  std::vector<std::string> moves;
  for (int ply = 0;; ++ply) {
    const std::string command =
        moves.empty() ? "position startpos"
                      : absl::StrCat("position startpos moves ", absl::StrJoin(moves, " "));
    ASSERT_TRUE(driver.Send(command).empty()) << command;
    const TurnState& state = position.state;
    EXPECT_EQ(driver.Ask("query gameover"), state.over() ? "response true" : "response false");
    EXPECT_EQ(driver.Ask("query p1turn"),
              state.to_move == Player::kP1 ? "response true" : "response false");
    EXPECT_EQ(driver.Ask("query result"),
              std::string("response ") + (state.outcome == Outcome::kP1Wins   ? "p1win"
                                          : state.outcome == Outcome::kP2Wins ? "p2win"
                                          : state.outcome == Outcome::kDraw   ? "draw"
                                                                              : "none"));
    EXPECT_EQ(driver.Ask("query position"), "response " + FormatPosition(game, position));
    DecisionList list;
    LegalDecisions(game, position, list);
    const std::string legal = LineText(game, std::vector<Decision>(list.begin(), list.end()));
    EXPECT_EQ(driver.Ask("query legal"), legal.empty() ? "response" : "response " + legal);
    // The same position read from its text (fen) answers alike.
    ASSERT_TRUE(driver.Send("position fen " + FormatPosition(game, position)).empty());
    EXPECT_EQ(driver.Ask("query position"), "response " + FormatPosition(game, position));
    if (state.over() || ply == 400) break;
    const Decision d = RandomDecision(game, position, random);
    moves.push_back(FormatDecision(d, game.site_names()));
    Apply(game, position, d);
  }
  EXPECT_EQ(driver.Ask("query game"), "response " + game.name());
}

TEST(UgiSession, QueriesFollowTheRules) {
  for (const char* spec : {"guettal", "damdaman", "davxar:pieces=6"}) {
    std::visit([](const auto& game) { CheckQueriesAgainstRules(game, 7); }, MakeGame(spec).value());
  }
}

TEST(UgiSession, GuettalShortestGameIsOver) {
  Driver driver("guettal");
  ASSERT_TRUE(driver.Send("position startpos moves A2 pass pass").empty());
  EXPECT_EQ(driver.Ask("query gameover"), "response true");
  EXPECT_EQ(driver.Ask("query legal"), "response");
  // A go on a finished game: an error, and still its one bestmove.
  const std::vector<std::string> answer = driver.Send("go depth 2");
  ASSERT_EQ(answer.size(), 2u);
  EXPECT_TRUE(absl::StartsWith(answer[0], "info string error: go: the game is over"));
  EXPECT_EQ(answer[1], "bestmove (none)");
}

// The decision of the last bestmove line.
std::string LastBestMove(Driver& driver) {
  std::string best;
  for (const std::string& line : driver.Lines())
    if (absl::StartsWith(line, "bestmove ")) best = line.substr(9);
  return best;
}

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

// The decisions after `position` are the search's game history: a decision
// back into a position of the game scores 0 (SearchOptions::repetitions).
TEST(UgiSession, MovesAreTheHistoryOfTheRepetitionRule) {
  // After these, o's C6-C5 D2-D3 C5-C6 D3-D2 returns to the same position.
  const std::string cycle = "C4-D4 C5-C4 D3-D4 C6-C5 D2-D3 C5-C6 D3-D2";
  Driver with_history("damdaman");
  ASSERT_TRUE(with_history.Send("position startpos moves " + cycle).empty());
  const std::string position = with_history.Ask("query position").substr(9);
  Driver without_history("damdaman");
  ASSERT_TRUE(without_history.Send("position fen " + position).empty());
  for (Driver* driver : {&with_history, &without_history}) {
    driver->Send("go depth 1");
    driver->session().Quit();
  }
  // Without history, C6-C5 is the best decision at depth 1; with it, C6-C5
  // repeats the position after the fourth decision and scores 0.
  EXPECT_EQ(LastBestMove(without_history), "C6-C5");
  EXPECT_NE(LastBestMove(with_history), "C6-C5");
}

TEST(UgiSession, MctsEngine) {
  Driver driver("damdaman");
  EXPECT_TRUE(driver.Send("setoption name engine value mcts").empty());
  EXPECT_TRUE(driver.Send("setoption name threads value 2").empty());
  EXPECT_TRUE(driver.Send("setoption name leaves value playout").empty());
  driver.Send("go nodes 300");
  driver.session().Quit();
  ASSERT_EQ(driver.CountStarting("bestmove"), 1);
  EXPECT_TRUE(driver.WaitFor("info iterations"));
  const std::string best = LastBestMove(driver);
  EXPECT_TRUE(best == "C4-D4" || best == "D3-D4") << best;
}

// Either evaluation searches; the two score the start of a 4-piece game (which
// the network judges) differently.
TEST(UgiSession, EvalOptionChoosesTheEvaluation) {
  std::map<std::string, std::string> scores;
  for (const char* evaluation : {"learned", "classic"}) {
    Driver driver("davxar:pieces=4");
    EXPECT_TRUE(driver.Send(absl::StrCat("setoption name eval value ", evaluation)).empty());
    driver.Send("go depth 3");
    ASSERT_TRUE(driver.WaitFor("bestmove"));
    for (const std::string& line : driver.Lines()) {
      // "info depth 3 score cp 35 nodes ...": the score's words.
      if (absl::StartsWith(line, "info depth 3 score ")) {
        scores[evaluation] = line.substr(0, line.find(" nodes "));
      }
    }
  }
  ASSERT_EQ(scores.size(), 2u);
  EXPECT_NE(scores["learned"], scores["classic"]);
}

TEST(UgiSession, SetOptionGameChangesTheGame) {
  Driver driver("damdaman");
  EXPECT_TRUE(driver.Send("setoption name game value davxar:lines=ludii,pieces=6").empty());
  EXPECT_EQ(driver.Ask("query game"), "response davxar:lines=ludii,pieces=6");
  EXPECT_TRUE(driver.Send("setoption name Hash value 8").empty());  // names in either case
  EXPECT_TRUE(driver.Send("uginewgame").empty());
  EXPECT_EQ(driver.Ask("query p1turn"), "response true");
}

TEST(UgiSession, BadInputIsReportedAndChangesNothing) {
  Driver driver("damdaman");
  ASSERT_TRUE(driver.Send("position startpos moves C4-D4").empty());
  const std::string position = driver.Ask("query position");
  for (const char* bad : {
           "frobnicate",
           "position",
           "position startpos D3-D4",
           "position fen",
           "position fen xxx x",
           "position fen ooooooo/ooooooo/ooooooo/xxx.ooo/xxxxxxx/xxxxxxx/xxxxxxx q",
           "position startpos moves Z9",
           "position startpos moves D3-D5",
           "position startpos moves C4-D4 C5-C4 C5-C4",
           "setoption",
           "setoption name",
           "setoption name bogus value 1",
           "setoption name hash",
           "setoption name hash value 0",
           "setoption name hash value many",
           "setoption name threads value 300",
           "setoption name engine value minimax",
           "setoption name leaves value rollout",
           "setoption name eval value neural",
           "setoption name game value chess",
           "setoption name game value davxar:pieces=99",
           "setoption name tb value /nonexistent/tables",
           "setoption name evalfile value /nonexistent/weights.lnet",
           "go depth",
           "go depth 0",
           "go depth 101",
           "go movetime -5",
           "go nodes lots",
           "go sideways 3",
           "query",
           "query colour",
           "query legal now",
       }) {
    const std::vector<std::string> answer = driver.Send(bad);
    ASSERT_EQ(answer.size(), 1u) << bad << ": " << absl::StrJoin(answer, " | ");
    EXPECT_TRUE(absl::StartsWith(answer[0], "info string error: ")) << bad << ": " << answer[0];
    EXPECT_EQ(driver.Ask("query position"), position) << "after " << bad;
    EXPECT_EQ(driver.Ask("query game"), "response damdaman") << "after " << bad;
    EXPECT_EQ(driver.Ask("isready"), "readyok") << "after " << bad;
  }
  EXPECT_EQ(driver.CountStarting("bestmove"), 0);
  // Errors name what is wrong.
  EXPECT_TRUE(absl::StrContains(driver.Ask("position startpos moves C4-D4 D3-D4"), "ply 2"));
  EXPECT_TRUE(absl::StrContains(driver.Ask("go depth 0"), "depth"));
  // The engine still searches.
  driver.Send("go depth 2");
  driver.session().Quit();
  EXPECT_EQ(driver.CountStarting("bestmove"), 1);
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

TEST(UgiSession, UnknownGameIsAnError) {
  EXPECT_FALSE(UgiSession::Create("chess", [](const std::string&) {}).ok());
}

}  // namespace
}  // namespace lud64::ugi_session_test
