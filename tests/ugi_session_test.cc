// The UGI protocol session (tools/lud64/ugi/ugi_session.h), driven line by
// line: the handshake, every query against the rules, the game history and
// the options a search uses, and bad input that is reported and changes
// nothing (its searches' threads: ugi_session_search_test.cc).
#include "tools/lud64/ugi/ugi_session.h"

#include <map>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "boards/game_list.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "play/best_move.h"
#include "play/game_record.h"
#include "search/playout.h"
#include "tests/ugi_session_driver.h"

namespace lud64::ugi_session_test {
namespace {

using ugi_session_driver::Driver;
using ugi_session_driver::LastBestMove;

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
      "option name leaves type combo default evaluation var playout var evaluation";
  for (const char* option :
       {"option name game type string default davxar:pieces=6", engine_option,
        "option name hash type spin", "option name threads type spin", leaves_option,
        "option name eval type combo default whole var learned var classic var whole",
        "option name evalfile type string default <empty>", "option name tb type string",
        "option name exploration type string default 1",
        "option name press type string default 0.5"}) {
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

// MCTS's options reach its search. x far ahead (nine pieces against five):
// the pressing term changes every leaf's value, so the root's win rate.
TEST(UgiSession, MctsPressReachesTheSearch) {
  std::set<std::string> win_rates;
  for (const char* press : {"0", "1"}) {
    Driver driver("davxar");
    ASSERT_TRUE(driver.Send("setoption name engine value mcts").empty());
    ASSERT_TRUE(driver.Send(absl::StrCat("setoption name press value ", press)).empty());
    ASSERT_TRUE(
        driver.Send("position fen xo./xo./x../..o/....x..o/o../.xx/x.x/x.. x turn=100 hand=0,0")
            .empty());
    driver.Send("go nodes 3000");
    ASSERT_TRUE(driver.WaitFor("bestmove"));
    for (const std::string& line : driver.Lines()) {
      if (absl::StartsWith(line, "info iterations 3000 ")) {
        win_rates.insert(line.substr(line.find(" winrate ")));
      }
    }
  }
  EXPECT_EQ(win_rates.size(), 2u);
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
           "setoption name exploration value -1",
           "setoption name press value 1.5",
           "setoption name press value much",
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
           "go depth 2 depth 3",
           "go infinite depth 2",
           "ugi now",
           "isready extra",
           "uginewgame please",
           "stop now",
           "quit now",
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

TEST(UgiSession, UnknownGameIsAnError) {
  EXPECT_FALSE(UgiSession::Create("chess", [](const std::string&) {}).ok());
}

}  // namespace
}  // namespace lud64::ugi_session_test
