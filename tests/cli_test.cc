// The command-line layer: games by name, and the replay and perft commands.
#include <sstream>

#include "gtest/gtest.h"
#include "tools/lud64/game_registry.h"

namespace lud64 {
namespace {

std::unique_ptr<AnyGame> Game(absl::string_view name) {
  absl::StatusOr<std::unique_ptr<AnyGame>> game = MakeGame(name);
  EXPECT_TRUE(game.ok()) << game.status();
  return game.ok() ? std::move(*game) : nullptr;
}

TEST(GameRegistry, RejectsUnknownGamesAndOptions) {
  EXPECT_FALSE(MakeGame("chess").ok());
  EXPECT_FALSE(MakeGame("damdaman:pieces=3").ok());
  EXPECT_NE(MakeGame("chess").status().message().find("chess"), absl::string_view::npos);
}

TEST(Replay, PrintsResultFinalPositionAndCounts) {
  std::istringstream in("C4-D4 C5-C4\nD3-D4 pass\n");
  std::ostringstream out;
  ASSERT_TRUE(Game("damdaman")->Replay({"start", true}, in, out).ok());
  EXPECT_EQ(out.str(),
            "ongoing ooooooo/ooooooo/oo.oooo/xxo.ooo/xxxxxxx/xxxxxxx/xxxxxxx x turn=2 counts=2,1\n"
            "ongoing ooooooo/ooooooo/ooooooo/xxxxooo/xxx.xxx/xxxxxxx/xxxxxxx x turn=2 passed "
            "counts=2,1\n");
}

TEST(Replay, IllegalDecisionNamesLinePlyAndDecision) {
  std::istringstream in("C4-D4 C5-C4\nC4-D4 C5-C4 E4-E5\n");
  std::ostringstream out;
  const absl::Status status = Game("damdaman")->Replay({"start", false}, in, out);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("line 2, ply 3"), absl::string_view::npos) << status;
  EXPECT_NE(status.message().find("E4-E5"), absl::string_view::npos) << status;
}

TEST(Replay, UnparsableDecisionIsAnError) {
  std::istringstream in("C4-Z9\n");
  std::ostringstream out;
  EXPECT_FALSE(Game("damdaman")->Replay({"start", false}, in, out).ok());
}

TEST(Perft, PrintsEachDepthAndDivide) {
  std::ostringstream out, progress;
  ASSERT_TRUE(Game("damdaman")->Perft({"start", 3, true}, out, progress).ok());
  const std::string text = out.str();
  EXPECT_NE(text.find("perft(1) = 2\nperft(2) = 2\nperft(3) = 5\n"), std::string::npos) << text;
  EXPECT_NE(text.find("D3-D4: 4\n"), std::string::npos) << text;
  EXPECT_NE(text.find("C4-D4: 1\n"), std::string::npos) << text;
}

TEST(Show, RejectsMalformedPosition) {
  std::ostringstream out;
  EXPECT_FALSE(Game("damdaman")->Show("xx x", out).ok());
}

}  // namespace
}  // namespace lud64
