// The command-line layer: games by name, and the replay and perft commands.
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "boards/davxar/davxar.h"
#include "boards/game_list.h"
#include "gtest/gtest.h"
#include "play/game_record.h"
#include "tools/lud64/commands/match/match_command.h"
#include "tools/lud64/commands/perft/perft_command.h"
#include "tools/lud64/commands/replay/replay_command.h"
#include "tools/lud64/commands/show/show_command.h"

namespace lud64::cli_test {
namespace {

TEST(GameList, MakesEachGameByNameWithItsOptions) {
  for (const GameInfo& info : KnownGames()) {
    absl::StatusOr<AnyGame> game = MakeGame(info.name);
    ASSERT_TRUE(game.ok()) << game.status();
    EXPECT_EQ(GameName(*game), info.name);
  }
  EXPECT_EQ(KnownGames().size(), std::variant_size_v<AnyGame>);
  absl::StatusOr<AnyGame> davxar = MakeGame("Davxar:pieces=6,lines=ludii");
  ASSERT_TRUE(davxar.ok()) << davxar.status();
  EXPECT_EQ(GameName(*davxar), "davxar:lines=ludii,pieces=6");
  EXPECT_EQ(std::get<Davxar>(*davxar).pieces(), 6);
}

TEST(GameList, RejectsUnknownGamesAndOptions) {
  EXPECT_FALSE(MakeGame("chess").ok());
  EXPECT_NE(MakeGame("chess").status().message().find("known games: damdaman, davxar, guettal"),
            absl::string_view::npos)
      << MakeGame("chess").status();
  const absl::Status options = MakeGame("damdaman:pieces=3").status();
  EXPECT_EQ(options.message(), "game 'damdaman:pieces=3': damdaman has no options") << options;
  EXPECT_FALSE(MakeGame("guettal:x=1").ok());
  EXPECT_FALSE(MakeGame("davxar:pieces=17").ok());
}

TEST(Replay, PrintsResultFinalPositionAndCounts) {
  std::istringstream in("C4-D4 C5-C4\nD3-D4 pass\n");
  std::ostringstream out;
  ASSERT_TRUE(RunReplay(Damdaman(), {"start", true}, in, out).ok());
  EXPECT_EQ(out.str(),
            "ongoing ooooooo/ooooooo/oo.oooo/xxo.ooo/xxxxxxx/xxxxxxx/xxxxxxx x turn=2 counts=2,1\n"
            "ongoing ooooooo/ooooooo/ooooooo/xxxxooo/xxx.xxx/xxxxxxx/xxxxxxx x turn=2 passed "
            "counts=2,1\n");
}

TEST(Replay, IllegalDecisionNamesLinePlyAndDecision) {
  std::istringstream in("C4-D4 C5-C4\nC4-D4 C5-C4 E4-E5\n");
  std::ostringstream out;
  const absl::Status status = RunReplay(Damdaman(), {"start", false}, in, out);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("line 2, ply 3: illegal decision 'E4-E5' in "),
            absl::string_view::npos)
      << status;
  // The legal decisions there, all of them: few.
  EXPECT_TRUE(absl::EndsWith(status.message(), "; legal are D3-D4")) << status;
}

TEST(PlayRecord, IllegalDecisionListsTheFirst20LegalOnesAndTheirNumber) {
  const Davxar game;
  Davxar::Position position = game.start();
  const absl::Status status = PlayRecord(game, "D4 D4", position, nullptr);
  ASSERT_FALSE(status.ok());
  const absl::string_view message = status.message();
  EXPECT_TRUE(absl::StartsWith(message, "ply 2: illegal decision 'D4' in ")) << status;
  const size_t legal = message.find("; legal are ");
  ASSERT_NE(legal, absl::string_view::npos) << status;
  const std::vector<absl::string_view> words = absl::StrSplit(message.substr(legal + 12), ' ');
  ASSERT_EQ(words.size(), 20u + 4) << status;  // 20 decisions, "... (31 in all)"
  EXPECT_EQ(absl::StrJoin(words.begin() + 20, words.end(), " "), "... (31 in all)") << status;
  EXPECT_EQ(message.find('\n'), absl::string_view::npos) << status;
}

TEST(Replay, SkipsCommentLines) {
  std::istringstream in("# [Round \"1\"]\n\t# more\nC4-D4 C5-C4\n");
  std::ostringstream out;
  ASSERT_TRUE(RunReplay(Damdaman(), {"start", false}, in, out).ok());
  EXPECT_EQ(out.str(),
            "ongoing ooooooo/ooooooo/oo.oooo/xxo.ooo/xxxxxxx/xxxxxxx/xxxxxxx x turn=2\n");
}

TEST(Replay, UnparsableDecisionIsAnError) {
  std::istringstream in("C4-Z9\n");
  std::ostringstream out;
  EXPECT_FALSE(RunReplay(Damdaman(), {"start", false}, in, out).ok());
}

TEST(Perft, PrintsEachDepthAndDivide) {
  std::ostringstream out, progress;
  ASSERT_TRUE(RunPerft(Damdaman(), {"start", 3, true}, out, progress).ok());
  const std::string text = out.str();
  EXPECT_NE(text.find("perft(1) = 2\nperft(2) = 2\nperft(3) = 5\n"), std::string::npos) << text;
  EXPECT_NE(text.find("D3-D4: 4\n"), std::string::npos) << text;
  EXPECT_NE(text.find("C4-D4: 1\n"), std::string::npos) << text;
}

TEST(Perft, SummaryGivesNoSpeedUnderAMillisecond) {
  // Runs of microseconds printed "time 0.000s" and speeds like "nps 1977246132".
  EXPECT_EQ(PerftSummary(12, 6.1e-6), "nodes 12 time 0.000006s nps -\n");
  EXPECT_EQ(PerftSummary(12, 0), "nodes 12 time 0.000000s nps -\n");
  EXPECT_EQ(PerftSummary(84409, 0.0123456), "nodes 84409 time 0.012346s nps 6837173\n");
  EXPECT_EQ(PerftSummary(3000000, 2.5), "nodes 3000000 time 2.500s nps 1200000\n");
}

TEST(Show, RejectsMalformedPosition) {
  std::ostringstream out;
  EXPECT_FALSE(RunShow(Damdaman(), "xx x", out).ok());
}

TEST(Show, PlaysMovesFromThePosition) {
  std::ostringstream out;
  ASSERT_TRUE(RunShow(Damdaman(), "start", out, "C4-D4 C5-C4").ok());
  EXPECT_NE(out.str().find("position:  ooooooo/ooooooo/oo.oooo/xxo.ooo/xxxxxxx/xxxxxxx/xxxxxxx x "
                           "turn=2\n"),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("decisions: 1: D3-D4\n"), std::string::npos) << out.str();
  const absl::Status illegal = RunShow(Damdaman(), "start", out, "C4-D4 E4-E5");
  EXPECT_TRUE(absl::StartsWith(illegal.message(), "--moves: ply 2: illegal decision 'E4-E5'"))
      << illegal;
}

GameRecord Played(int index, Outcome outcome, std::string forfeit = "") {
  GameRecord record;
  record.index = index;
  record.first_colour = FirstEngineColour(index);
  record.outcome = outcome;
  record.forfeit = std::move(forfeit);
  return record;
}

TEST(MatchRecord, HeaderNamesEnginesByColourOpeningAndResult) {
  MatchRequest request{.first = ParseEngineSpec("alphabeta:depth=2").value(),
                       .second = ParseEngineSpec("random").value(),
                       .openings = 4};
  EXPECT_EQ(RecordHeader("davxar", request, Played(0, Outcome::kP1Wins)),
            "# [Round \"1\"] [Game \"davxar\"] [P1 \"alphabeta:depth=2\"] [P2 \"random\"] "
            "[Opening \"4 random decisions\"] [Result \"1-0\"]");
  request.balanced = 3;
  EXPECT_EQ(RecordHeader("davxar", request, Played(1, Outcome::kDraw)),
            "# [Round \"2\"] [Game \"davxar\"] [P1 \"random\"] [P2 \"alphabeta:depth=2\"] "
            "[Opening \"4 random decisions, none decided within 3\"] [Result \"1/2-1/2\"]");
  request.book = OpeningBook{.path = "b.txt", .lines = {{3, "D4"}, {5, "E4"}}};
  request.first.text = "ugi:cmd=say \"hi\"\\\n";
  EXPECT_EQ(RecordHeader("damdaman", request, Played(2, Outcome::kP2Wins, "P1 forfeits")),
            "# [Round \"3\"] [Game \"damdaman\"] [P1 \"ugi:cmd=say \\\"hi\\\"\\\\\\n\"] "
            "[P2 \"random\"] [Opening \"b.txt:5\"] [Result \"0-1\"] [Termination \"P1 forfeits\"]");
  request.book.reset();
  request.openings = 0;
  EXPECT_NE(
      RecordHeader("guettal", request, Played(5, Outcome::kDraw)).find("[Opening \"the start\"]"),
      std::string::npos);
}

}  // namespace
}  // namespace lud64::cli_test
