// Random playouts of every game (search/playout*.h).
#include "bench/bench_positions.h"
#include "boards/damdaman/damdaman.h"
#include "boards/guettal/guettal.h"
#include "tests/playout_checks.h"

namespace lud64 {
namespace {

TEST(DamdamanPlayouts, UniformChoice) {
  const Damdaman game;
  testing::ExpectUniformChoice(game, MidgamePositions(game, "damdaman"));
}

TEST(DamdamanPlayouts, Reproducible) { testing::ExpectReproduciblePlayouts(Damdaman(), 200); }

TEST(DamdamanPlayouts, MatchLudii) {
  testing::ExpectPlayoutsMatchLudii(Damdaman(), "damdaman", 10000);
}

TEST(GuettalPlayouts, UniformChoice) {
  const Guettal game;
  testing::ExpectUniformChoice(game, MidgamePositions(game, "guettal"));
}

TEST(GuettalPlayouts, Reproducible) { testing::ExpectReproduciblePlayouts(Guettal(), 20000); }

TEST(GuettalPlayouts, MatchLudii) {
  testing::ExpectPlayoutsMatchLudii(Guettal(), "guettal", 400000);
}

TEST(PlayoutStats, WilsonIntervalContainsTheShare) {
  const Interval ci = Wilson95(30, 100);
  EXPECT_LT(ci.low, 0.3);
  EXPECT_GT(ci.high, 0.3);
  EXPECT_NEAR(ci.low, 0.2189, 1e-3);
  EXPECT_NEAR(ci.high, 0.3958, 1e-3);
}

}  // namespace
}  // namespace lud64
