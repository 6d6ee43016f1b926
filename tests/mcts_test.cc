// Monte Carlo tree search (search/mcts.h): proofs, determinism, the memory
// bound, subtree reuse and threads.
#include "search/mcts.h"

#include <algorithm>
#include <numeric>

#include "boards/damdaman/damdaman.h"
#include "boards/damdaman/damdaman_text.h"
#include "boards/davxar/davxar.h"
#include "boards/davxar/davxar_text.h"
#include "boards/guettal/guettal.h"
#include "boards/guettal/guettal_text.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "play/search_instances.h"
#include "search/solver.h"

namespace lud64::mcts_test {
namespace {

template <class G>
std::string Text(const G& game, Decision d) {
  return FormatDecision(d, game.site_names());
}

template <class G>
typename G::Position Parse(const G& game, absl::string_view text) {
  absl::StatusOr<typename G::Position> position = ParsePosition(game, text);
  EXPECT_TRUE(position.ok()) << position.status();
  return *position;
}

uint64_t TotalVisits(const std::vector<MctsChoice>& choices) {
  return std::accumulate(choices.begin(), choices.end(), uint64_t{0},
                         [](uint64_t sum, const MctsChoice& c) { return sum + c.visits; });
}

TEST(Mcts, ProvesTheGuettalFirstMoveWin) {
  const Guettal game;
  for (int threads : {1, 2}) {
    Mcts<Guettal> mcts(game, {.threads = threads});
    const MctsReport report = mcts.Search({.iterations = 1'000'000});
    EXPECT_EQ(report.root_value, Outcome::kP1Wins) << threads;
    EXPECT_LT(report.iterations, 1'000'000u) << "a proven root stops the search";
    const std::string best = Text(game, report.best.decision);
    EXPECT_TRUE(best == "A2" || best == "I3") << best;
    EXPECT_EQ(report.best.proven, Outcome::kP1Wins);
  }
}

// With the static evaluation at the leaves, an iteration draws no random
// number: every seed searches alike, and a side far ahead sees it at once.
TEST(Mcts, EvaluationLeavesAreDeterministicAndSeeMaterial) {
  const Damdaman game;
  const auto position = Parse(game, "xxxx.../xxxx.../......./......./......./.....o./......o x");
  const auto search = [&](MctsLeaves leaves, uint64_t seed) {
    Mcts<Damdaman> mcts(game, {.leaves = leaves, .seed = seed});
    mcts.SetRoot(position);
    return mcts.Search({.iterations = 2000});
  };
  const MctsReport evaluated[] = {search(MctsLeaves::kEvaluation, 1),
                                  search(MctsLeaves::kEvaluation, 2)};
  EXPECT_EQ(evaluated[0].best.visits, evaluated[1].best.visits);
  EXPECT_EQ(evaluated[0].line, evaluated[1].line);
  EXPECT_GT(evaluated[0].best.win_rate, 0.9);
  // Random playouts from the same position differ with the seed.
  const MctsReport playouts[] = {search(MctsLeaves::kPlayout, 1), search(MctsLeaves::kPlayout, 2)};
  EXPECT_NE(playouts[0].best.win_rate, playouts[1].best.win_rate);
}

TEST(Mcts, ProvesAWinInOne) {
  const Damdaman game;
  Mcts<Damdaman> mcts(game, {});
  mcts.SetRoot(Parse(game, "......./......./......./...ox../..x..../......./....... x"));
  const MctsReport report = mcts.Search({.iterations = 100'000});
  EXPECT_EQ(report.root_value, Outcome::kP1Wins);
  EXPECT_EQ(Text(game, report.best.decision), "C3-C4");
  EXPECT_EQ(report.best.plies, 1);
  EXPECT_LT(report.iterations, 100u);
}

// The first iteration goes to a child the evaluation ranks best for the
// player to move, where unvisited children were once taken in order.
TEST(Mcts, FirstIterationFollowsTheEvaluation) {
  const Davxar game(davxar::MillTest::kHistorical, 4);
  for (const char* text : {".../..x/.../.../......../.../.../o../... x turn=2 hand=3,3",
                           "xo./..x/.../..o/o......./x../..o/.../..x x turn=18 hand=0,0"}) {
    const Davxar::Position position = Parse(game, text);
    DecisionList list;
    LegalDecisions(game, position, list);
    std::vector<Score> scores;
    for (const Decision d : list) {
      Davxar::Position next = position;
      Apply(game, next, d);
      const Score score = Evaluate(game, next, Evaluation::kLearned);
      scores.push_back(next.state.to_move == position.state.to_move ? score : -score);
    }
    const Score best = *std::max_element(scores.begin(), scores.end());
    // The first decision is not among the best: taking children in order
    // would fail here.
    ASSERT_NE(scores[0], best) << text;
    Mcts<Davxar> mcts(game, {});
    mcts.SetRoot(position);
    mcts.Search({.iterations = 1});
    const std::vector<MctsChoice> choices = mcts.Choices();
    ASSERT_EQ(choices.size(), static_cast<size_t>(list.size()));
    int visited = 0;
    for (int i = 0; i < list.size(); ++i) {
      if (choices[i].visits == 0) continue;
      ++visited;
      EXPECT_EQ(scores[i], best) << text << ": " << Text(game, choices[i].decision);
    }
    EXPECT_EQ(visited, 1) << text;
  }
}

TEST(Mcts, ProvesAForcedLoss) {
  // o's piece on B1 can go to A1 or C1; either way B2-B1 captures it (in the
  // corner against A2, or between B1 and D1) and x wins.
  const Damdaman game;
  Mcts<Damdaman> mcts(game, {});
  mcts.SetRoot(Parse(game, "......./......./......./......./......./xx...../.o.x... o"));
  const MctsReport report = mcts.Search({.iterations = 100'000});
  EXPECT_EQ(report.root_value, Outcome::kP1Wins);
  const std::vector<MctsChoice> choices = mcts.Choices();
  ASSERT_EQ(choices.size(), 2u);
  for (const MctsChoice& choice : choices) {
    EXPECT_EQ(choice.proven, Outcome::kP1Wins);
    EXPECT_EQ(choice.plies, 2) << "o's step, then x's capture of its last piece";
  }
}

// Positions a few random decisions before the end of random Guettal games.
std::vector<Guettal::Position> GuettalEndgames(const Guettal& game, int count) {
  std::vector<Guettal::Position> positions;
  Random random(7);
  while (static_cast<int>(positions.size()) < count) {
    std::vector<Guettal::Position> line = {game.start()};
    while (!line.back().state.over()) {
      Guettal::Position next = line.back();
      Apply(game, next, RandomDecision(game, next, random));
      line.push_back(next);
    }
    if (line.size() > 6) positions.push_back(line[line.size() - 6]);
  }
  return positions;
}

TEST(Mcts, ProofsAgreeWithTheSolver) {
  const Guettal game;
  int proven = 0;
  for (const Guettal::Position& position : GuettalEndgames(game, 30)) {
    Solver<Guettal> solver(game, 1);
    const SolveReport exact = solver.Solve(position, {});
    ASSERT_TRUE(exact.proven);
    Mcts<Guettal> mcts(game, {.memory_bytes = 16 << 20});
    mcts.SetRoot(position);
    const MctsReport report = mcts.Search({.iterations = 200'000});
    if (report.root_value == Outcome::kOngoing) continue;
    ++proven;
    const Player me = position.state.to_move;
    const Outcome expected = exact.lower > 0   ? WinFor(me)
                             : exact.lower < 0 ? WinFor(Opponent(me))
                                               : Outcome::kDraw;
    EXPECT_EQ(report.root_value, expected) << FormatPosition(game, position);
    if (expected == WinFor(me)) {
      EXPECT_EQ(report.best.proven, expected);
    }
  }
  EXPECT_GE(proven, 25);
}

// A proven win's distance is kept by play: the winner takes its shortest
// proven win, the loser its longest loss, so a game played on with the tree
// kept ends after exactly the plies the first proof reported.
TEST(Mcts, AProvenWinEndsInItsDistance) {
  const Guettal game;
  int checked = 0;
  for (const Guettal::Position& position : GuettalEndgames(game, 30)) {
    Mcts<Guettal> mcts(game, {.memory_bytes = 16 << 20});
    mcts.SetRoot(position);
    const MctsReport first = mcts.Search({.iterations = 200'000});
    if (first.root_value != WinFor(position.state.to_move)) continue;
    ASSERT_EQ(first.best.proven, first.root_value);
    int plies = 0;
    while (!mcts.root_position().state.over() && plies <= first.best.plies) {
      const Decision d = mcts.Search({.iterations = 200'000}).best.decision;
      mcts.Advance(std::span(&d, 1));
      ++plies;
    }
    EXPECT_EQ(mcts.root_position().state.outcome, first.root_value);
    EXPECT_EQ(plies, first.best.plies) << FormatPosition(game, position);
    checked += first.best.plies > 1;
  }
  EXPECT_GE(checked, 5) << "wins longer than one decision";
}

template <class G>
void ExpectDeterministic(const G& game, uint64_t iterations) {
  const auto search = [&](uint64_t seed) {
    // Random playouts: the seed chooses their streams.
    Mcts<G> mcts(game, {.leaves = MctsLeaves::kPlayout, .seed = seed});
    mcts.Search({.iterations = iterations});
    return mcts.Choices();
  };
  const std::vector<MctsChoice> a = search(5), b = search(5), c = search(6);
  ASSERT_EQ(a.size(), b.size());
  bool differs_with_seed = false;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].decision, b[i].decision);
    EXPECT_EQ(a[i].visits, b[i].visits);
    EXPECT_EQ(a[i].win_rate, b[i].win_rate);
    differs_with_seed = differs_with_seed || a[i].visits != c[i].visits;
  }
  EXPECT_TRUE(differs_with_seed);
}

TEST(Mcts, DeterministicWithOneThreadAndASeed) {
  ExpectDeterministic(Davxar(), 3000);
  ExpectDeterministic(Damdaman(), 500);
}

TEST(Mcts, KeepsSearchingWhenTheArenaIsFull) {
  const Davxar game;
  for (int threads : {1, 2}) {
    Mcts<Davxar> mcts(game, {.threads = threads, .memory_bytes = 64 << 10});
    const MctsReport report = mcts.Search({.iterations = 5000});
    EXPECT_EQ(report.node_capacity, (64u << 10) / sizeof(MctsNode));
    EXPECT_TRUE(report.memory_full);
    EXPECT_LE(report.nodes, report.node_capacity);
    EXPECT_GT(report.nodes, report.node_capacity * 9 / 10);
    EXPECT_EQ(report.iterations, 5000u);
    EXPECT_EQ(TotalVisits(mcts.Choices()), 5000u);
    EXPECT_TRUE(IsLegal(game, game.start(), report.best.decision));
  }
}

TEST(Mcts, ReusesTheSubtreeAfterTheDecisionsPlayed) {
  const Davxar game;
  Mcts<Davxar> mcts(game, {});
  MctsReport report = mcts.Search({.iterations = 20'000});
  const size_t nodes_before = mcts.nodes();
  // Two plies down the most visited line.
  ASSERT_GE(report.line.size(), 2u);
  const std::vector<Decision> played(report.line.begin(), report.line.begin() + 2);
  uint64_t kept_visits = 0;
  {
    // The visits of the second decision, read one ply down in a twin search.
    Mcts<Davxar> twin(game, {});
    twin.Search({.iterations = 20'000});
    twin.Advance(std::span(played).first(1));
    for (const MctsChoice& c : twin.Choices())
      if (c.decision == played[1]) kept_visits = c.visits;
  }
  ASSERT_GT(kept_visits, 1u);
  mcts.Advance(played);
  EXPECT_LT(mcts.nodes(), nodes_before);
  Davxar::Position position = game.start();
  for (Decision d : played) Apply(game, position, d);
  EXPECT_EQ(mcts.root_position(), position);
  EXPECT_EQ(mcts.Report().root_visits, kept_visits);
  // The root's first visit was a playout; every later one went to a child.
  EXPECT_EQ(TotalVisits(mcts.Choices()), kept_visits - 1);
  report = mcts.Search({.iterations = 1000});
  EXPECT_EQ(report.root_visits, kept_visits + 1000);
  EXPECT_EQ(TotalVisits(mcts.Choices()), kept_visits + 999);
}

TEST(Mcts, SelfPlayWithReuseKeepsTheTreeConsistent) {
  // Both sides share one tree, advanced after every decision, in an arena
  // small enough to fill: every kept root must hold its visits exactly.
  // Random playouts make the game long enough to fill it often.
  const Davxar game;
  Mcts<Davxar> mcts(game, {.leaves = MctsLeaves::kPlayout, .memory_bytes = 64 << 10});
  int kept = 0, full = 0;
  while (!mcts.root_position().state.over()) {
    const MctsReport report = mcts.Search({.iterations = 300});
    full += report.memory_full;
    const Decision d = report.best.decision;
    ASSERT_TRUE(IsLegal(game, mcts.root_position(), d));
    mcts.Advance(std::span(&d, 1));
    const std::vector<MctsChoice> choices = mcts.Choices();
    if (choices.empty() || mcts.Report().root_value != Outcome::kOngoing) continue;
    ++kept;
    // The root's first visit, as a child, was a playout; every later one went
    // to a child.
    EXPECT_EQ(TotalVisits(choices), mcts.Report().root_visits - 1);
  }
  EXPECT_GT(kept, 10);
  EXPECT_GT(full, 10);
}

TEST(Mcts, StartsANewTreeAfterDecisionsItDoesNotHold) {
  const Davxar game;
  Mcts<Davxar> mcts(game, {});
  mcts.Search({.iterations = 10});
  DecisionList list;
  LegalDecisions(game, game.start(), list);
  const Decision last = list[list.size() - 1];  // not visited in 10 iterations
  mcts.Advance(std::span(&last, 1));
  EXPECT_EQ(mcts.nodes(), 1u);
  EXPECT_EQ(mcts.Report().root_visits, 0u);
  Davxar::Position position = game.start();
  Apply(game, position, last);
  EXPECT_EQ(mcts.root_position(), position);
}

TEST(Mcts, HeldBackUpdatesAreWrittenAtTheirShareAndOnFlush) {
  using mcts_internal::kPendingShare;
  MctsNode hot, other;
  hot.visits.store(10 * kPendingShare);
  {
    mcts_internal::PendingUpdates<MctsNode> pending;
    for (int i = 0; i < 9; ++i) pending.Add(hot, 3, hot.visits.load());
    EXPECT_EQ(hot.visits.load(), 10 * kPendingShare) << "held back below its share";
    pending.Add(hot, 3, hot.visits.load());
    EXPECT_EQ(hot.visits.load(), 10 * kPendingShare + 10) << "written at its share";
    EXPECT_EQ(hot.reward.load(), 30u);
    other.visits.store(1'000'000);
    pending.Add(other, 5, other.visits.load());
    pending.Flush();
    EXPECT_EQ(other.visits.load(), 1'000'001u);
    EXPECT_EQ(other.reward.load(), 5u);
    pending.Add(other, 7, other.visits.load());
  }
  EXPECT_EQ(other.visits.load(), 1'000'002u) << "written when the thread is done";
  EXPECT_EQ(other.reward.load(), 12u);
}

TEST(Mcts, TwoThreadsKeepEveryVisitOfShortIterations) {
  // After E3 D2 most Guettal iterations end at a proven draw a few plies
  // down: the nodes near the root get many visits, held back by each thread.
  const Guettal game;
  Guettal::Position position = game.start();
  for (const char* text : {"E3", "D2"}) {
    absl::StatusOr<Decision> d = ParseDecision(text, game.site_names());
    ASSERT_TRUE(d.ok()) << d.status();
    Apply(game, position, *d);
  }
  Mcts<Guettal> mcts(game, {.threads = 2});
  mcts.SetRoot(position);
  const MctsReport report = mcts.Search({.iterations = 300'000});
  EXPECT_EQ(report.iterations, 300'000u);
  EXPECT_EQ(report.root_visits, 300'000u);
  EXPECT_EQ(TotalVisits(mcts.Choices()), 300'000u);
  // One ply down, the visits of the best decision's children add up to its
  // own but for those that played out from it: its first, and any while the
  // other thread was adding its children.
  const uint64_t best_visits = report.best.visits;
  EXPECT_GT(best_visits, 2 * mcts_internal::kPendingShare);
  const Decision best = report.best.decision;
  mcts.Advance(std::span(&best, 1));
  EXPECT_EQ(mcts.Report().root_visits, best_visits);
  EXPECT_LE(TotalVisits(mcts.Choices()), best_visits - 1);
  EXPECT_GE(TotalVisits(mcts.Choices()), best_visits - 4);
}

TEST(Mcts, TwoThreadsShareTheTree) {
  const Davxar game;
  Mcts<Davxar> mcts(game, {.threads = 2});
  const MctsReport report = mcts.Search({.iterations = 4000});
  EXPECT_EQ(report.iterations, 4000u);
  EXPECT_EQ(TotalVisits(mcts.Choices()), 4000u);
  const MctsReport timed = mcts.Search({.seconds = 0.05});
  EXPECT_GT(timed.iterations, 0u);
  EXPECT_EQ(TotalVisits(mcts.Choices()), 4000u + timed.iterations);
  EXPECT_TRUE(IsLegal(game, game.start(), timed.best.decision));
}

}  // namespace
}  // namespace lud64::mcts_test
