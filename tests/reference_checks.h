// Checks of a game against the Ludii reference data, written once for every
// game: start perft, middle-game perft and random-game traces.
#ifndef LUD64_TESTS_REFERENCE_CHECKS_H_
#define LUD64_TESTS_REFERENCE_CHECKS_H_

#include <string>

#include "engine/game.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "search/perft.h"
#include "tests/reference_data.h"

namespace lud64::testing {

// Plays decisions written in notation; fails the test on an illegal one.
template <Game G>
typename G::Position PlayDecisions(const G& game, const std::vector<std::string>& decisions) {
  typename G::Position position = game.start();
  for (const std::string& text : decisions) {
    absl::StatusOr<Decision> decision = ParseDecision(text, game.site_names());
    EXPECT_TRUE(decision.ok()) << decision.status();
    if (!decision.ok() || !IsLegal(game, position, *decision)) {
      ADD_FAILURE() << "illegal '" << text << "' in " << FormatPosition(game, position);
      break;
    }
    Apply(game, position, *decision);
  }
  return position;
}

template <Game G>
void ExpectStartPerft(const G& game, const std::string& name, int max_depth = 99) {
  const std::vector<uint64_t> expected = ReadStartPerft(name);
  for (size_t d = 1; d <= expected.size() && static_cast<int>(d) <= max_depth; ++d)
    EXPECT_EQ(Perft(game, game.start(), static_cast<int>(d)), expected[d - 1])
        << name << " perft(" << d << ")";
}

template <Game G>
void ExpectMidgamePerft(const G& game, const std::string& name) {
  for (const MidgamePerft& entry : ReadMidgamePerft(name)) {
    const typename G::Position position = PlayDecisions(game, entry.prefix);
    EXPECT_EQ(position.state.over(), entry.over) << "perft-midgame.txt:" << entry.line;
    for (size_t d = 1; d <= entry.perft.size(); ++d) {
      EXPECT_EQ(Perft(game, position, static_cast<int>(d)), entry.perft[d - 1])
          << "perft-midgame.txt:" << entry.line << " perft(" << d << ") from "
          << FormatPosition(game, position);
    }
  }
}

// The position text must read back to the same text, position and hash (the
// end of a game is not always visible in a position, so it is not compared).
template <Game G>
void ExpectNotationRoundTrip(const G& game, const typename G::Position& position) {
  const std::string text = FormatPosition(game, position);
  absl::StatusOr<typename G::Position> parsed = ParsePosition(game, text);
  ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.status();
  EXPECT_EQ(FormatPosition(game, *parsed), text);
  if (!position.state.over()) {
    EXPECT_TRUE(*parsed == position) << text;
    EXPECT_EQ(game.hash(*parsed), game.hash(position)) << text;
  }
}

// Replays every trace of vectors/<file>: at each ply the player to move, the
// number of legal decisions and the legality of the recorded decision; at the
// end the result, how it ended and the board, written by `ludii_board` in
// Ludii's site order.
template <Game G, class LudiiBoard>
void ExpectTracesReplay(const G& game, const std::string& file, LudiiBoard ludii_board,
                        bool check_notation = true) {
  for (const Trace& trace : ReadTraces(file)) {
    const std::string where = file + ":" + std::to_string(trace.line);
    typename G::Position position = game.start();
    DecisionList list;
    for (size_t ply = 0; ply < trace.moves.size(); ++ply) {
      const TracePly& expected = trace.moves[ply];
      if (check_notation) ExpectNotationRoundTrip(game, position);
      LegalDecisions(game, position, list);
      ASSERT_EQ(Index(position.state.to_move) + 1, expected.player) << where << " ply " << ply + 1;
      ASSERT_EQ(list.size(), expected.legal_count)
          << where << " ply " << ply + 1 << " in " << FormatPosition(game, position);
      absl::StatusOr<Decision> decision = ParseDecision(expected.decision, game.site_names());
      ASSERT_TRUE(decision.ok()) << where << ": " << decision.status();
      ASSERT_TRUE(list.contains(*decision))
          << where << " ply " << ply + 1 << ": " << expected.decision << " illegal in "
          << FormatPosition(game, position);
      Apply(game, position, *decision);
    }
    EXPECT_EQ(static_cast<int>(trace.moves.size()), trace.plies) << where;
    EXPECT_TRUE(position.state.over()) << where;
    EXPECT_EQ(OutcomeName(position.state.outcome), trace.result) << where;
    EXPECT_EQ(position.state.end == EndReason::kTurnLimit ? "TurnLimit" : "NaturalEnd", trace.end)
        << where;
    EXPECT_EQ(ludii_board(position), trace.board) << where;
  }
}

// A cell board in Ludii's order (site order): x, o, '.' (blocked cells too).
inline std::string CellBoardInLudiiOrder(const std::array<Bitboard, 2>& pieces, int sites) {
  std::string board;
  for (int s = 0; s < sites; ++s)
    board += Contains(pieces[0], s) ? 'x' : Contains(pieces[1], s) ? 'o' : '.';
  return board;
}

}  // namespace lud64::testing

#endif  // LUD64_TESTS_REFERENCE_CHECKS_H_
