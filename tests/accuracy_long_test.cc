// `lud64 accuracy` (play/accuracy.h) on the davxar:pieces=3 tables: every
// sampled position and every verdict recomputed from the tables' values of
// each decision, position by position.
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "play/accuracy.h"
#include "tests/scoped_temp_dir.h"
#include "tests/tablebase_test_support.h"

namespace lud64::tablebase::accuracy_test {
namespace {

// Each legal decision's value for the player making it, under the turn
// limit, from the tables' value of the position it leads to.
std::vector<std::pair<Decision, TbValue>> DecisionValues(const Davxar& game,
                                                         const Tablebase<DavxarTb>& base,
                                                         const Davxar::Position& position) {
  std::vector<std::pair<Decision, TbValue>> values;
  DecisionList list;
  LegalDecisions(game, position, list);
  for (Decision d : list) {
    Davxar::Position next = position;
    Apply(game, next, d);
    TbValue value;
    if (next.state.over()) {
      if (next.state.outcome == WinFor(position.state.to_move)) value = {TbResult::kWin, 1};
    } else {
      absl::StatusOr<TbValue> child = base.Probe(next);
      EXPECT_TRUE(child.ok()) << child.status();
      value = FromParent(*child, next.state.to_move == position.state.to_move);
    }
    values.emplace_back(d, UnderTurnLimit(value, position.state.turn));
  }
  return values;
}

EngineSpec Spec(const std::string& text) {
  absl::StatusOr<EngineSpec> spec = ParseEngineSpec(text);
  EXPECT_TRUE(spec.ok()) << spec.status();
  return *spec;
}

AccuracyRequest Request(const std::string& dir) {
  return {.engines = {Spec("random"), Spec("alphabeta:depth=2")},
          .tables = dir,
          .positions = 40,
          .seed = 11,
          .placement = true,
          .movement = true,
          .positions_file = ""};
}

TEST(AccuracyLong, CountsAgreeWithEveryDecisionsValue) {
  const Davxar game(MillTest::kHistorical, 3);
  const Pieces3Tables& tables = Pieces3Build(MillTest::kHistorical);
  absl::StatusOr<AccuracyReport> report =
      MeasureAccuracy(game, Request(tables.dir()), [](const std::string&) {});
  ASSERT_TRUE(report.ok()) << report.status();
  ASSERT_EQ(report->positions.size(), 40u);
  ASSERT_EQ(report->engines.size(), 2u);
  std::vector<EngineAccuracy> recount(2);
  std::set<std::string> seen;
  for (const CriticalRecord& record : report->positions) {
    EXPECT_TRUE(seen.insert(record.position).second) << record.position << " sampled twice";
    absl::StatusOr<Davxar::Position> position = ParsePosition(game, record.position);
    ASSERT_TRUE(position.ok()) << position.status();
    const auto values = DecisionValues(game, tables.base(), *position);
    TbValue best = values.front().second;
    for (const auto& [d, value] : values)
      if (Better(value, best)) best = value;
    EXPECT_EQ(best, record.value) << record.position;
    EXPECT_NE(best.result, TbResult::kLoss) << record.position;
    bool slip_possible = false;
    for (const auto& [d, value] : values) slip_possible |= value.result < best.result;
    EXPECT_TRUE(slip_possible) << record.position << " is not critical";
    const bool placement = position->hand[0] + position->hand[1] > 0;
    EXPECT_EQ(record.phase, placement ? GamePhase::kPlacement : GamePhase::kMovement);
    ASSERT_EQ(record.decisions.size(), 2u);
    for (int e = 0; e < 2; ++e) {
      const absl::StatusOr<Decision> chosen = ParseDecision(record.decisions[e], game.site_names());
      ASSERT_TRUE(chosen.ok()) << chosen.status();
      const TbValue* kept = nullptr;
      for (const auto& [d, value] : values)
        if (d == *chosen) kept = &value;
      ASSERT_NE(kept, nullptr) << record.decisions[e] << " is not legal in " << record.position;
      EXPECT_EQ(*kept, record.outcomes[e]);
      AccuracyCount& cell =
          recount[e].cells[static_cast<int>(record.phase)][best.result == TbResult::kWin ? 0 : 1];
      ++cell.decisions;
      cell.lost += kept->result < best.result;
      cell.slower += best.result == TbResult::kWin && kept->result == TbResult::kWin &&
                     kept->turns > best.turns;
    }
  }
  for (int e = 0; e < 2; ++e) {
    for (int phase = 0; phase < kGamePhases; ++phase) {
      for (int value = 0; value < kCriticalValues; ++value) {
        const AccuracyCount& got = report->engines[e].cells[phase][value];
        const AccuracyCount& want = recount[e].cells[phase][value];
        EXPECT_EQ(got.decisions, want.decisions) << e << phase << value;
        EXPECT_EQ(got.lost, want.lost) << e << phase << value;
        EXPECT_EQ(got.slower, want.slower) << e << phase << value;
      }
    }
  }
  // Random decisions throw values away; a search of two plies, less often.
  EXPECT_GT(report->engines[0].Total().lost, report->engines[1].Total().lost);

  // The same seed samples the same positions.
  AccuracyRequest again = Request(tables.dir());
  again.engines = {Spec("random")};
  absl::StatusOr<AccuracyReport> repeat = MeasureAccuracy(game, again, [](const std::string&) {});
  ASSERT_TRUE(repeat.ok()) << repeat.status();
  ASSERT_EQ(repeat->positions.size(), report->positions.size());
  for (size_t i = 0; i < repeat->positions.size(); ++i)
    EXPECT_EQ(repeat->positions[i].position, report->positions[i].position);
}

TEST(AccuracyLong, PhasesAndPositionFiles) {
  const Davxar game(MillTest::kHistorical, 3);
  const Pieces3Tables& tables = Pieces3Build(MillTest::kHistorical);
  AccuracyRequest request = Request(tables.dir());
  request.engines = {Spec("alphabeta:depth=1")};
  request.positions = 10;
  request.placement = false;
  absl::StatusOr<AccuracyReport> movement = MeasureAccuracy(game, request, [](const auto&) {});
  ASSERT_TRUE(movement.ok()) << movement.status();
  for (const CriticalRecord& record : movement->positions)
    EXPECT_EQ(record.phase, GamePhase::kMovement) << record.position;

  // A file of those positions, the start (critical too, or skipped) and a
  // lost position, which is skipped.
  const ScopedTempDir temp("accuracy_file");
  const std::string path = temp.path() + "/positions.txt";
  {
    std::ofstream file(path);
    file << "# sampled\n";
    for (const CriticalRecord& record : movement->positions) file << record.position << "\n";
  }
  request.positions_file = path;
  absl::StatusOr<AccuracyReport> from_file = MeasureAccuracy(game, request, [](const auto&) {});
  ASSERT_TRUE(from_file.ok()) << from_file.status();
  ASSERT_EQ(from_file->positions.size(), movement->positions.size());
  EXPECT_EQ(from_file->skipped_not_critical, 0);
  EXPECT_EQ(from_file->random_games, 0);

  // In the placement phase only, none of them is asked for.
  request.placement = true;
  request.movement = false;
  absl::StatusOr<AccuracyReport> none = MeasureAccuracy(game, request, [](const auto&) {});
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(none.status().message(), "no critical position")) << none.status();

  // A position the tables do not hold (four pieces a side): named by its line.
  {
    std::ofstream file(path, std::ios::app);
    file << "xxx/x../ooo/o../......../.../.../.../... x\n";
  }
  request.movement = true;
  absl::StatusOr<AccuracyReport> outside = MeasureAccuracy(game, request, [](const auto&) {});
  ASSERT_FALSE(outside.ok());
  EXPECT_EQ(outside.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(outside.status().message(),
                                absl::StrCat(path, ":", movement->positions.size() + 2, ": ")))
      << outside.status();
}

TEST(Accuracy, BadRequestsAreNamed) {
  const Davxar game(MillTest::kHistorical, 3);
  const ScopedTempDir empty("accuracy_empty");
  const auto error = [&](const AnyGame& any, const AccuracyRequest& request) {
    absl::StatusOr<AccuracyReport> report = MeasureAccuracy(any, request, [](const auto&) {});
    EXPECT_FALSE(report.ok());
    EXPECT_EQ(report.status().code(), absl::StatusCode::kInvalidArgument) << report.status();
    return std::string(report.status().message());
  };
  AccuracyRequest with_tables = Request(empty.path());
  with_tables.engines = {Spec(absl::StrCat("alphabeta:depth=1,tb=", empty.path()))};
  EXPECT_TRUE(absl::StrContains(error(game, with_tables), "without tables"));
  EXPECT_TRUE(absl::StrContains(error(Guettal(), Request(empty.path())), "guettal"));
  EXPECT_TRUE(absl::StrContains(error(game, Request(empty.path())), "no davxar tablebase"));
  EXPECT_TRUE(absl::StrContains(error(Damdaman(), Request(empty.path())), "no damdaman tablebase"));
}

}  // namespace
}  // namespace lud64::tablebase::accuracy_test
