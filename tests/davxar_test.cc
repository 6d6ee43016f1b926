// Davxar Zirge (Type 2) against Ludii's reference data, and the rules of play:
// placement, movement, removal after a mill, forced passes and the end.
#include "boards/davxar/davxar.h"

#include "boards/davxar/davxar_text.h"
#include "engine/game_spec.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "search/perft.h"
#include "search/playout.h"
#include "tests/reference_checks.h"

namespace lud64::davxar_test {
namespace {

using davxar::PointSet;

Davxar Game(absl::string_view name) {
  absl::StatusOr<Davxar> game = GameFromSpec<Davxar>(ParseGameSpec(name).value());
  EXPECT_TRUE(game.ok()) << name << ": " << game.status();
  return game.value_or(Davxar());
}

std::string LudiiBoard(const Davxar::Position& position) {
  return testing::CellBoardInLudiiOrder(position.pieces, davxar::kPoints);
}

// A position with pieces on the named points (e.g. "A1 E1").
Davxar::Position Make(const Davxar& game, const char* x, const char* o, Player to_move,
                      int hand_x = 0, int hand_o = 0) {
  Davxar::Position position = game.start();
  position.pieces = {PointSet(x), PointSet(o)};
  position.hand = {static_cast<uint8_t>(hand_x), static_cast<uint8_t>(hand_o)};
  position.state.to_move = to_move;
  return position;
}

Decision Parse(const Davxar& game, absl::string_view text) {
  return ParseDecision(text, game.site_names()).value();
}

std::vector<std::string> Decisions(const Davxar& game, const Davxar::Position& position) {
  DecisionList list;
  LegalDecisions(game, position, list);
  std::vector<std::string> names;
  for (Decision d : list) names.push_back(FormatDecision(d, game.site_names()));
  std::sort(names.begin(), names.end());
  return names;
}

// Plays a decision, which must be legal.
void Play(const Davxar& game, Davxar::Position& position, absl::string_view text) {
  const Decision decision = Parse(game, text);
  ASSERT_TRUE(IsLegal(game, position, decision))
      << text << " in " << FormatPosition(game, position);
  Apply(game, position, decision);
}

TEST(DavxarReference, StartPerftHistorical) {
  EXPECT_EQ(testing::ReadStartPerft("davxar").size(), 4u);
  testing::ExpectStartPerft(Game("davxar"), "davxar");
}

TEST(DavxarReference, StartPerftLudii) {
  EXPECT_EQ(testing::ReadStartPerft("davxar:lines=ludii").size(), 4u);
  testing::ExpectStartPerft(Game("davxar:lines=ludii"), "davxar:lines=ludii");
}

// Up to depth 4 the piece count changes nothing (perft.md).
TEST(DavxarReference, StartPerftOtherPieceCounts) {
  for (const char* name : {"davxar:pieces=6", "davxar:lines=ludii,pieces=16"}) {
    EXPECT_EQ(Perft(Game(name), Game(name).start(), 4), 863040u) << name;
  }
}

TEST(DavxarReference, MidgamePerft) {
  for (const char* name :
       {"davxar", "davxar:pieces=6", "davxar:lines=ludii", "davxar:lines=ludii,pieces=6"}) {
    SCOPED_TRACE(name);
    EXPECT_FALSE(testing::ReadMidgamePerft(name).empty());
    testing::ExpectMidgamePerft(Game(name), name);
  }
}

// vectors/<file>, as tests/data/README.md pairs them with game names.
struct TraceFile {
  const char* file;
  const char* game;
};
void PrintTo(const TraceFile& trace_file, std::ostream* out) { *out << trace_file.file; }
class DavxarTraces : public ::testing::TestWithParam<TraceFile> {};

TEST_P(DavxarTraces, Replay) {
  testing::ExpectTracesReplay(Game(GetParam().game), GetParam().file, LudiiBoard);
}

INSTANTIATE_TEST_SUITE_P(
    Ludii, DavxarTraces,
    ::testing::Values(TraceFile{"davxar-historical-12.txt", "davxar"},
                      TraceFile{"davxar-historical-6.txt", "davxar:pieces=6"},
                      TraceFile{"davxar-historical-16.txt", "davxar:pieces=16"},
                      TraceFile{"davxar-ludii-12.txt", "davxar:lines=ludii"},
                      TraceFile{"davxar-ludii-6.txt", "davxar:lines=ludii,pieces=6"},
                      TraceFile{"davxar-ludii-16.txt", "davxar:lines=ludii,pieces=16"}),
    [](const ::testing::TestParamInfo<TraceFile>& info) {
      std::string name = info.param.file;
      name = name.substr(0, name.find('.'));
      for (char& c : name)
        if (c == '-') c = '_';
      return name;
    });

TEST(DavxarPlay, StartHasEveryPointToPlaceOn) {
  const Davxar game;
  EXPECT_EQ(Decisions(game, game.start()).size(), 32u);
  EXPECT_EQ(game.start().hand[0], 12);
  EXPECT_EQ(Game("davxar:pieces=3").start().hand[1], 3);
}

// Each player switches to movement once their own hand is empty: P1 first.
TEST(DavxarPlay, PlacementThenMovementPerPlayer) {
  const Davxar game = Game("davxar:pieces=3");
  Davxar::Position position = game.start();
  for (const char* decision : {"A1", "B2", "E9", "H8", "F4"}) Play(game, position, decision);
  EXPECT_EQ(position.hand[0], 0);
  EXPECT_EQ(position.hand[1], 1);
  // P2 still places, on any of the 27 empty points.
  EXPECT_EQ(Decisions(game, position).size(), 27u);
  Play(game, position, "D5");
  // P1 now moves: A1 to A5 or E1 (B2 is taken), E9 to A9 B8 E8 or I9 (H8 is taken), F4 anywhere.
  EXPECT_EQ(Decisions(game, position),
            (std::vector<std::string>{"A1-A5", "A1-E1", "E9-A9", "E9-B8", "E9-E8", "E9-I9", "F4-E3",
                                      "F4-E4", "F4-F5", "F4-G3", "F4-G5"}));
  Play(game, position, "F4-F5");
  // Then P2 moves too.
  EXPECT_EQ(Decisions(game, position).size(), 13u);
  for (const std::string& d : Decisions(game, position)) EXPECT_NE(d.find('-'), std::string::npos);
}

TEST(DavxarPlay, MillByPlacementRemovesANonMillPiece) {
  const Davxar game;
  // o has a mill on the side A9 E9 I9 and a loose piece on D5.
  Davxar::Position position = Make(game, "A1 E1", "A9 E9 I9 D5", Player::kP1, 9, 8);
  Play(game, position, "I1");
  EXPECT_TRUE(position.remove);
  EXPECT_EQ(position.state.to_move, Player::kP1);
  EXPECT_EQ(position.state.turn, 0);
  EXPECT_EQ(Decisions(game, position), (std::vector<std::string>{"xD5"}));
  Play(game, position, "xD5");
  EXPECT_FALSE(position.remove);
  EXPECT_EQ(position.state.to_move, Player::kP2);
  EXPECT_EQ(position.state.turn, 1);
  EXPECT_EQ(position.pieces[1], PointSet("A9 E9 I9"));
}

TEST(DavxarPlay, MillByMoveInMovementPhase) {
  const Davxar game;
  Davxar::Position position = Make(game, "A1 E1 H2", "D5 F5", Player::kP1);
  Play(game, position, "H2-I1");
  EXPECT_TRUE(position.remove);
  EXPECT_EQ(Decisions(game, position), (std::vector<std::string>{"xD5", "xF5"}));
  // Moving out of the mill and back in forms it again.
  Play(game, position, "xD5");
  Play(game, position, "F5-F4");
  Play(game, position, "I1-H2");
  EXPECT_FALSE(position.remove);
  EXPECT_EQ(position.state.to_move, Player::kP2);
  Play(game, position, "F4-F5");
  Play(game, position, "H2-I1");
  EXPECT_TRUE(position.remove);
}

// The point a piece leaves is empty when the mill test is made.
TEST(DavxarPlay, LeftPointIsEmptyForTheMillTest) {
  const Davxar game;
  // x on E1 E2 E3 E4 is an arm; E3 steps to D4: A1 B2 C3 D4 is not full.
  Davxar::Position position = Make(game, "E1 E2 E3 A1 B2 C3", "I9", Player::kP1);
  Play(game, position, "E3-D4");
  EXPECT_TRUE(position.remove);  // the diagonal A1 B2 C3 D4
  Davxar::Position back = Make(game, "E1 E2 E4 A1", "I9", Player::kP1);
  Play(game, back, "E4-E3");
  EXPECT_FALSE(back.remove);  // E4 left: the arm is not full
}

TEST(DavxarPlay, DoubleMillStillRemovesOnePiece) {
  const Davxar game;
  // E1 completes the side A1 E1 I1 and the arm E1 E2 E3 E4.
  Davxar::Position position = Make(game, "A1 I1 E2 E3 E4", "D5 F5 D6", Player::kP1, 1, 3);
  Play(game, position, "E1");
  EXPECT_TRUE(position.remove);
  EXPECT_EQ(Decisions(game, position).size(), 3u);
  Play(game, position, "xD6");
  EXPECT_EQ(position.state.to_move, Player::kP2);
  EXPECT_FALSE(position.remove);
  EXPECT_EQ(PopCount(position.pieces[1]), 2);
}

// When every opponent piece is in a mill the removal is a forced pass, which
// does not count towards the all-pass draw even after the opponent passed.
TEST(DavxarPlay, ForcedPassAfterMillIsNotAnAllPassDraw) {
  const Davxar game;
  Davxar::Position position = Make(game, "A1 E1 H2", "A9 E9 I9", Player::kP1);
  position.state.passed = true;  // o's last turn was only a pass
  Play(game, position, "H2-I1");
  ASSERT_TRUE(position.remove);
  EXPECT_EQ(Decisions(game, position), (std::vector<std::string>{"pass"}));
  Play(game, position, "pass");
  EXPECT_FALSE(position.state.over());
  EXPECT_FALSE(position.state.passed);
  EXPECT_FALSE(position.remove);
  EXPECT_EQ(position.state.to_move, Player::kP2);
  EXPECT_EQ(position.pieces[1], PointSet("A9 E9 I9"));
}

// By contrast, a blocked player's pass after the opponent's pass draws.
TEST(DavxarPlay, BlockedPassAfterOpponentsPassDraws) {
  const Davxar game;
  Davxar::Position position = Make(game, "E4", "E3 D4 F4", Player::kP1);
  position.state.passed = true;
  EXPECT_EQ(Decisions(game, position), (std::vector<std::string>{"pass"}));
  Play(game, position, "pass");
  EXPECT_EQ(position.state.outcome, Outcome::kDraw);
  EXPECT_EQ(position.state.end, EndReason::kAllPass);
}

TEST(DavxarEnd, RemovingTheLastPieceWins) {
  const Davxar game;
  Davxar::Position position = Make(game, "A1 E1 H2", "D5", Player::kP1);
  Play(game, position, "H2-I1");
  Play(game, position, "xD5");
  EXPECT_EQ(position.state.outcome, Outcome::kP1Wins);
  EXPECT_EQ(position.state.end, EndReason::kOwnRule);
  EXPECT_TRUE(Decisions(game, position).empty());
}

TEST(DavxarEnd, PiecesInHandOrTwoPiecesDoNotLose) {
  const Davxar game;
  // o has no piece on the board but one in hand.
  Davxar::Position position = Make(game, "A1 E1", "D5", Player::kP1, 1, 1);
  Play(game, position, "I1");
  Play(game, position, "xD5");
  EXPECT_FALSE(position.state.over());
  EXPECT_EQ(Decisions(game, position).size(), 29u);
  // Reduced to two pieces, o plays on.
  Davxar::Position two = Make(game, "A1 E1 H2", "D5 F5 E6", Player::kP1);
  Play(game, two, "H2-I1");
  Play(game, two, "xD5");
  EXPECT_FALSE(two.state.over());
}

TEST(DavxarEnd, TurnLimitDraws) {
  const Davxar game;
  Davxar::Position position = game.start();
  position.state.turn = kTurnLimit - 1;
  Play(game, position, "A1");
  EXPECT_EQ(position.state.end, EndReason::kTurnLimit);
}

// The evaluation (davxar_eval.cc) is for the player to move, the same for
// both colours, and bounded.
Davxar::Position ColoursSwapped(Davxar::Position position) {
  std::swap(position.pieces[0], position.pieces[1]);
  std::swap(position.hand[0], position.hand[1]);
  position.state.to_move = Opponent(position.state.to_move);
  return position;
}

TEST(DavxarEval, LevelAtTheStartAndTheSameForBothColours) {
  for (const char* name : {"davxar", "davxar:lines=ludii,pieces=6"}) {
    const Davxar game = Game(name);
    EXPECT_EQ(game.evaluate(game.start()), 0) << name;
    Random random(5);
    for (int playout = 0; playout < 20; ++playout) {
      Davxar::Position position = game.start();
      while (!position.state.over()) {
        const Score score = game.evaluate(position);
        ASSERT_LT(std::abs(score), kMaxHeuristic);
        ASSERT_EQ(game.evaluate(ColoursSwapped(position)), score) << FormatPosition(game, position);
        Apply(game, position, RandomDecision(game, position, random));
      }
    }
  }
}

TEST(DavxarEval, MaterialThreatsAndRemovals) {
  const Davxar game;
  // A piece more (on the board or in hand) is worth about a piece (100 or more).
  const Score ahead = game.evaluate(Make(game, "A1 D5", "I9", Player::kP1));
  EXPECT_GT(ahead, 50);
  EXPECT_LT(game.evaluate(Make(game, "A1", "I9 D5", Player::kP1)), -50);
  EXPECT_GT(game.evaluate(Make(game, "A1", "I9", Player::kP1, 1, 0)), 50);
  // Two on a line with the third point empty and a piece in hand: a threat.
  EXPECT_GT(game.evaluate(Make(game, "A1 E1", "D5 F5", Player::kP1, 1, 1)),
            game.evaluate(Make(game, "A1 E2", "D5 F5", Player::kP1, 1, 1)));
  // About to remove a piece.
  Davxar::Position removing = Make(game, "A1 E1 I1", "D5 F5 E6", Player::kP1);
  const Score before = game.evaluate(removing);
  removing.remove = true;
  EXPECT_GT(game.evaluate(removing), before + 50);
}

TEST(DavxarEval, RemovalsAndMillsAreTactical) {
  const Davxar game;
  const Davxar::Position placing = Make(game, "A1 E1", "D5", Player::kP1, 1, 1);
  EXPECT_TRUE(game.is_tactical(placing, Parse(game, "I1")));
  EXPECT_FALSE(game.is_tactical(placing, Parse(game, "E2")));
  const Davxar::Position moving = Make(game, "A1 E1 H2", "D5 F5", Player::kP1);
  EXPECT_TRUE(game.is_tactical(moving, Parse(game, "H2-I1")));
  EXPECT_FALSE(game.is_tactical(moving, Parse(game, "H2-H5")));
  Davxar::Position removing = moving;
  removing.pieces[0] = PointSet("A1 E1 I1");
  removing.remove = true;
  EXPECT_TRUE(game.is_tactical(removing, Parse(game, "xD5")));
}

}  // namespace
}  // namespace lud64::davxar_test
