// Checks of random playouts written once for every game: the choice is
// exactly uniform, totals are reproducible, and the distribution of results
// and lengths equals Ludii's.
#ifndef LUD64_TESTS_PLAYOUT_CHECKS_H_
#define LUD64_TESTS_PLAYOUT_CHECKS_H_

#include <cmath>
#include <string>
#include <vector>

#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "search/playout_runner.h"
#include "tests/reference_data.h"

namespace lud64::testing {

// The chi-square value exceeded with probability about 1e-4 at `dof` degrees
// of freedom (Wilson-Hilferty).
inline double ChiSquareCritical(int dof) {
  const double k = dof, z = 3.719;
  return k * std::pow(1 - 2 / (9 * k) + z * std::sqrt(2 / (9 * k)), 3);
}

// RandomDecision draws each legal decision of each position equally often.
template <Game G>
void ExpectUniformChoice(const G& game, const std::vector<typename G::Position>& positions) {
  Random random(7);
  int tested = 0;
  for (const auto& position : positions) {
    DecisionList list;
    LegalDecisions(game, position, list);
    if (list.size() < 2) continue;
    ++tested;
    const int per_decision = 2000;
    std::vector<int> counts(list.size());
    for (int i = 0; i < per_decision * list.size(); ++i) {
      const Decision d = RandomDecision(game, position, random);
      const auto* at = std::find(list.begin(), list.end(), d);
      ASSERT_NE(at, list.end()) << "illegal random decision in " << FormatPosition(game, position);
      ++counts[at - list.begin()];
    }
    double chi2 = 0;
    for (int n : counts) chi2 += double(n - per_decision) * (n - per_decision) / per_decision;
    EXPECT_LT(chi2, ChiSquareCritical(list.size() - 1))
        << list.size() << " decisions in " << FormatPosition(game, position);
  }
  EXPECT_GT(tested, 0);
}

// RandomPlayout (whatever loop it runs: two decisions an iteration for a
// TurnIsOneDecision game) plays the games that ApplyRandomDecision plays one
// decision at a time, and leaves the random stream where they do: from each
// position and from the one a random decision after it (so with either side
// to move), a few seeds each.
template <Game G>
void ExpectPlayoutMatchesDecisions(const G& game,
                                   const std::vector<typename G::Position>& positions) {
  std::vector<typename G::Position> starts;
  Random random(3);
  for (const typename G::Position& position : positions) {
    starts.push_back(position);
    if (position.state.over()) continue;
    starts.push_back(position);
    ApplyRandomDecision(game, starts.back(), random);
  }
  int to_move[2] = {0, 0};
  for (size_t i = 0; i < starts.size(); ++i) {
    ++to_move[Index(starts[i].state.to_move)];
    for (uint64_t seed = 0; seed < 4; ++seed) {
      Random playout_random(seed * 1000 + i), decision_random(seed * 1000 + i);
      const PlayoutResult result = RandomPlayout(game, starts[i], playout_random);
      typename G::Position position = starts[i];
      int plies = 0;
      for (; !position.state.over(); ++plies) ApplyRandomDecision(game, position, decision_random);
      ASSERT_EQ(result.plies, plies) << "from " << FormatPosition(game, starts[i]);
      ASSERT_EQ(result.outcome, position.state.outcome);
      ASSERT_EQ(result.end, position.state.end);
      ASSERT_EQ(playout_random.Next(), decision_random.Next()) << "random numbers used differ";
    }
  }
  EXPECT_GT(to_move[0], 0);
  EXPECT_GT(to_move[1], 0);
}

// A game's playout kernel (random_decision) draws exactly the decision the
// sets give for the same random number (same seeds, same games), and its
// random_play, if it has one, plays it: checked at every decision of a few
// random games from each position.
template <Game G>
void ExpectKernelMatchesSets(const G& game, const std::vector<typename G::Position>& positions) {
  static_assert(HasRandomDecision<G>);
  int tested = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    for (uint64_t seed = 0; seed < 4; ++seed) {
      Random kernel_random(seed * 1000 + i), sets_random(seed * 1000 + i);
      for (typename G::Position position = positions[i]; !position.state.over(); ++tested) {
        DecisionSets sets;
        game.decision_sets(position, sets);
        const int count = sets.count();
        const Decision expected =
            count == 0 ? Decision::Pass() : sets.Nth(static_cast<int>(sets_random.Below(count)));
        Random play_random = kernel_random;  // for random_play, below
        ASSERT_EQ(game.random_decision(position, kernel_random), expected)
            << "in " << FormatPosition(game, position);
        if constexpr (HasRandomPlay<G>) {
          // random_play plays that decision, with the same random numbers.
          typename G::Position played = position, applied = position;
          ApplyRandomDecision(game, played, play_random);
          Apply(game, applied, expected);
          ASSERT_EQ(played, applied) << "random_play in " << FormatPosition(game, position);
          ASSERT_EQ(play_random.Next(), Random(kernel_random).Next())
              << "random numbers used differ";
        }
        Apply(game, position, expected);
      }
      ASSERT_EQ(kernel_random.Next(), sets_random.Next()) << "random numbers used differ";
    }
  }
  EXPECT_GT(tested, 1000);
}

// Same seed and count: identical totals with one thread or two.
template <Game G>
void ExpectReproduciblePlayouts(const G& game, uint64_t count) {
  auto quiet = [](uint64_t, double) {};
  const PlayoutRun one = RunPlayouts(game, game.start(), {count, 0, 1, 99}, quiet);
  const PlayoutRun two = RunPlayouts(game, game.start(), {count, 0, 2, 99}, quiet);
  const PlayoutRun again = RunPlayouts(game, game.start(), {count, 0, 2, 99}, quiet);
  const PlayoutRun other = RunPlayouts(game, game.start(), {count, 0, 2, 100}, quiet);
  EXPECT_EQ(one.stats.playouts, count);
  EXPECT_TRUE(one.stats == two.stats);
  EXPECT_TRUE(two.stats == again.stats);
  EXPECT_FALSE(one.stats == other.stats);
}

// `count` playouts from the start: win, loss and draw shares and the mean
// length within 4 standard errors of Ludii's figures in playouts.md.
template <Game G>
void ExpectPlayoutsMatchLudii(const G& game, const std::string& name, uint64_t count) {
  const LudiiPlayouts ludii = ReadLudiiPlayouts(name);
  const PlayoutRun run =
      RunPlayouts(game, game.start(), {count, 0, 2, 2024}, [](uint64_t, double) {});
  const PlayoutStats& ours = run.stats;
  const double n1 = static_cast<double>(ours.playouts), n2 = static_cast<double>(ludii.playouts);
  const std::pair<Outcome, double> shares[] = {{Outcome::kP1Wins, ludii.p1_wins},
                                               {Outcome::kP2Wins, ludii.p2_wins},
                                               {Outcome::kDraw, ludii.draws}};
  for (const auto& [outcome, theirs] : shares) {
    const double mine = ours.share(outcome);
    const double pooled = (mine * n1 + theirs * n2) / (n1 + n2);
    const double se = std::sqrt(std::max(pooled * (1 - pooled), 1e-9) * (1 / n1 + 1 / n2));
    EXPECT_LE(std::abs(mine - theirs), 4 * se)
        << name << " " << OutcomeName(outcome) << ": lud64 " << mine << ", Ludii " << theirs;
  }
  const double se = ours.stddev_plies() * std::sqrt(1 / n1 + 1 / n2);
  EXPECT_LE(std::abs(ours.mean_plies() - ludii.mean_plies), 4 * se)
      << name << " mean plies: lud64 " << ours.mean_plies() << ", Ludii " << ludii.mean_plies;
}

}  // namespace lud64::testing

#endif  // LUD64_TESTS_PLAYOUT_CHECKS_H_
