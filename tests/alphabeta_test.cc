// Alpha-beta search (search/alphabeta.h) on positions with known answers.
#include "search/alphabeta.h"

#include <atomic>

#include "boards/damdaman/damdaman.h"
#include "boards/damdaman/damdaman_text.h"
#include "boards/guettal/guettal.h"
#include "boards/guettal/guettal_text.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "play/search_instances.h"

namespace lud64::alphabeta_test {
namespace {

template <class G>
SearchReport SearchPosition(const G& game, absl::string_view text, int depth,
                            SearchOptions options = {}) {
  absl::StatusOr<typename G::Position> position = ParsePosition(game, text);
  EXPECT_TRUE(position.ok()) << position.status();
  TranspositionTable table(16);
  AlphaBeta<G> search(game, &table, options);
  return search.Search(*position, {.depth = depth});
}

template <class G>
std::string Text(const G& game, Decision d) {
  return FormatDecision(d, game.site_names());
}

TEST(AlphaBeta, GuettalFirstMoveWin) {
  const Guettal game;
  const SearchReport report = SearchPosition(game, "start", 6);
  ASSERT_FALSE(report.pv.empty());
  const std::string best = Text(game, report.pv[0]);
  EXPECT_TRUE(best == "A2" || best == "I3") << best;
  EXPECT_EQ(report.score, WinIn(3));  // the addition, then two forced passes
}

TEST(AlphaBeta, DamdamanCaptureOfTheLastPieceIsAWinInOne) {
  const Damdaman game;
  const SearchReport report =
      SearchPosition(game, "......./......./......./...ox../..x..../......./....... x", 3);
  ASSERT_FALSE(report.pv.empty());
  EXPECT_EQ(Text(game, report.pv[0]), "C3-C4");
  EXPECT_EQ(report.score, WinIn(1));
}

TEST(AlphaBeta, TakesAGainNowRatherThanAfterWaitingMoves) {
  // o is locked into passing; x wins a piece by F4-F3 (o's only reply is
  // F5-F4) and D4-E4. Waiting moves first reach the same leaves, but each
  // one pushes the capture later, and next turn later again.
  const Damdaman game;
  const char* text = "ooooooo/oooxooo/xxx.xoo/x.xx.xx/.xxx.../x.x.x.x/xx.xxx. x turn=2400 passed";
  for (int depth = 4; depth <= 7; ++depth) {
    const SearchReport report = SearchPosition(game, text, depth);
    ASSERT_GE(report.pv.size(), 3u) << depth;
    EXPECT_EQ(Text(game, report.pv[0]), "F4-F3") << depth;
    EXPECT_EQ(Text(game, report.pv[1]), "F5-F4") << depth;
    EXPECT_EQ(Text(game, report.pv[2]), "D4-E4") << depth;
  }
}

TEST(AlphaBeta, SameValueWithAndWithoutTable) {
  const Damdaman game;
  for (const char* text :
       {"start", "ooooo.o/ooooooo/ooooooo/xxxxooo/xxxxxxx/.xxxxxx/xxx.xxx x turn=40"}) {
    for (int depth = 1; depth <= 7; ++depth) {
      const SearchReport with = SearchPosition(game, text, depth);
      const SearchReport without = SearchPosition(game, text, depth, {.use_table = false});
      EXPECT_EQ(with.score, without.score) << text << " depth " << depth;
    }
  }
}

TEST(AlphaBeta, DeterministicSingleThreaded) {
  const Damdaman game;
  const SearchReport a = SearchPosition(game, "start", 8);
  const SearchReport b = SearchPosition(game, "start", 8);
  EXPECT_EQ(a.score, b.score);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.pv, b.pv);
}

// A protocol's `stop` can come before the search thread starts searching: the
// first iteration completes (its best decision is the answer) and no deeper one
// starts, without waiting for the first periodic check at 1024 nodes.
TEST(AlphaBeta, StopBeforeTheSearchBeginsEndsItAfterDepthOne) {
  const Damdaman game;
  absl::StatusOr<Damdaman::Position> start = ParsePosition(game, "start");
  ASSERT_TRUE(start.ok()) << start.status();
  TranspositionTable table(16);
  AlphaBeta<Damdaman> search(game, &table);
  const std::atomic<bool> stop{true};
  const SearchReport report = search.Search(*start, {.stop = &stop});
  EXPECT_EQ(report.depth, 1);
  EXPECT_LT(report.nodes, 1024u);
  const SearchReport depth_one = SearchPosition(game, "start", 1);
  EXPECT_EQ(report.pv, depth_one.pv);
}

}  // namespace
}  // namespace lud64::alphabeta_test
