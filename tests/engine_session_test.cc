// The engine session (play/engine_session.h): multi-PV, the table kept between
// searches and cleared by a new game, illegal decisions, options that fail,
// and every engine kind through the one interface.
#include "play/engine_session.h"

#include <memory>
#include <set>
#include <string>

#include "absl/strings/match.h"
#include "gtest/gtest.h"

namespace lud64::engine_session_test {
namespace {

std::unique_ptr<EngineSession> Session(const std::string& game, EngineOptions options = {}) {
  absl::StatusOr<std::unique_ptr<EngineSession>> session = MakeEngineSession(game, options);
  EXPECT_TRUE(session.ok()) << session.status();
  return *std::move(session);
}

// Positions a few decisions into each game.
struct Case {
  const char* game;
  const char* moves;
};
constexpr Case kCases[] = {{"davxar", "D4 E4 F4 D5"},
                           {"davxar:lines=ludii,pieces=6", "D4 E4"},
                           {"damdaman", "D3-D4 pass D4-D3"},
                           {"guettal", ""}};

TEST(EngineSession, MultiPvLinesAreDistinctBestFirstAndTheFirstIsTheSearchs) {
  for (const Case& c : kCases) {
    std::unique_ptr<EngineSession> single = Session(c.game);
    ASSERT_TRUE(single->NewGame("start", c.moves).ok()) << c.game;
    const absl::StatusOr<EngineAnswer> one = single->Search({.depth = 4}, nullptr);
    ASSERT_TRUE(one.ok()) << one.status();

    std::unique_ptr<EngineSession> multi = Session(c.game);
    ASSERT_TRUE(multi->NewGame("start", c.moves).ok());
    const absl::StatusOr<EngineAnswer> lines = multi->Search({.depth = 4, .multipv = 3}, nullptr);
    ASSERT_TRUE(lines.ok()) << lines.status();
    const size_t legal = multi->LegalDecisions(multi->position()).size();
    ASSERT_EQ(lines->lines.size(), std::min<size_t>(3, legal)) << c.game;
    std::set<std::string> firsts;
    for (size_t i = 0; i < lines->lines.size(); ++i) {
      const EngineInfo& line = lines->lines[i];
      EXPECT_EQ(line.multipv, static_cast<int>(i) + 1);
      EXPECT_EQ(line.depth, 4);
      firsts.insert(multi->DecisionText(line.pv.front()));
      if (i > 0) {
        EXPECT_LE(line.score, lines->lines[i - 1].score) << c.game;
      }
    }
    EXPECT_EQ(firsts.size(), lines->lines.size()) << c.game;
    EXPECT_EQ(lines->lines.front().score, one->info.score) << c.game;
    EXPECT_TRUE(absl::StrContains(multi->InfoLine(lines->lines[1]), " multipv 2 "));
  }
}

TEST(EngineSession, TheTableIsKeptBetweenSearchesAndClearedByANewGame) {
  std::unique_ptr<EngineSession> session = Session("davxar");
  const EngineLimits limits{.depth = 6};
  const absl::StatusOr<EngineAnswer> first = session->Search(limits, nullptr);
  const absl::StatusOr<EngineAnswer> again = session->Search(limits, nullptr);
  ASSERT_TRUE(first.ok() && again.ok());
  EXPECT_LT(again->info.nodes, first->info.nodes);  // the table remembers
  ASSERT_TRUE(session->NewGame("start", "").ok());
  const absl::StatusOr<EngineAnswer> fresh = session->Search(limits, nullptr);
  ASSERT_TRUE(fresh.ok());
  EXPECT_EQ(fresh->info.nodes, first->info.nodes);
  EXPECT_EQ(fresh->best, first->best);
}

TEST(EngineSession, AnIllegalDecisionNamesTheLegalOnesAndChangesNothing) {
  std::unique_ptr<EngineSession> session = Session("damdaman");
  const std::string before = session->PositionText(session->position());
  const absl::Status status = session->Play("A1-A2");
  EXPECT_FALSE(status.ok());
  EXPECT_TRUE(absl::StrContains(status.message(), "legal are ")) << status;
  EXPECT_TRUE(absl::StrContains(status.message(), "D3-D4")) << status;
  EXPECT_EQ(session->PositionText(session->position()), before);
  EXPECT_FALSE(session->Play("Q9").ok());
  EXPECT_TRUE(session->Play("D3-D4").ok());
}

TEST(EngineSession, OptionsThatFailChangeNothing) {
  EngineOptions options;
  options.hash_mib = 8;
  std::unique_ptr<EngineSession> session = Session("davxar", options);
  EngineOptions bad = options;
  bad.hash_mib = 16;
  bad.evalfile = "/nonexistent/weights.lnet";
  EXPECT_FALSE(session->Configure(bad).ok());
  EXPECT_EQ(session->options().hash_mib, 8);
  EXPECT_TRUE(session->options().evalfile.empty());
  bad.evalfile.clear();
  bad.tables = "/nonexistent/tables";
  EXPECT_FALSE(session->Configure(bad).ok());
  EXPECT_FALSE(session->options().tables.has_value());
  EngineOptions tables;
  tables.tables = "";
  EXPECT_FALSE(MakeEngineSession("guettal", tables).ok());  // Guettal has no tables
  EXPECT_FALSE(MakeEngineSession("nogame", EngineOptions()).ok());
  EngineOptions external;
  external.kind = EngineKind::kUgi;
  EXPECT_FALSE(MakeEngineSession("davxar", external).ok());
}

TEST(EngineSession, EveryEngineKindAnswers) {
  for (const EngineKind kind :
       {EngineKind::kRandom, EngineKind::kAlphaBeta, EngineKind::kMcts, EngineKind::kSolver}) {
    EngineOptions options;
    options.kind = kind;
    std::unique_ptr<EngineSession> session = Session("guettal", options);
    const absl::StatusOr<EngineAnswer> answer =
        session->Search({.depth = 4, .nodes = kind == EngineKind::kMcts ? 3000u : 0u}, nullptr);
    ASSERT_TRUE(answer.ok()) << answer.status();
    const std::string best = session->DecisionText(answer->best);
    if (kind != EngineKind::kRandom) {
      EXPECT_TRUE(best == "A2" || best == "I3") << best;
    }
  }
  // Random play follows its seed.
  EngineOptions random_play;
  random_play.kind = EngineKind::kRandom;
  std::unique_ptr<EngineSession> random = Session("davxar", random_play);
  std::string first, second;
  for (std::string* line : {&first, &second}) {
    ASSERT_TRUE(random->NewGame("start", "").ok());
    random->NewGame(random->position(), 7);
    for (int i = 0; i < 10; ++i) {
      const absl::StatusOr<EngineAnswer> answer = random->Search({}, nullptr);
      ASSERT_TRUE(answer.ok());
      *line += random->DecisionText(answer->best) + " ";
      ASSERT_TRUE(random->Play(answer->best).ok());
    }
  }
  EXPECT_EQ(first, second);
}

TEST(EngineSession, AFinishedGameHasNoDecision) {
  std::unique_ptr<EngineSession> session = Session("guettal");
  ASSERT_TRUE(session->NewGame("start", "A2 pass pass").ok());
  EXPECT_TRUE(PositionIsOver(session->position()));
  EXPECT_EQ(session->Search({.depth = 2}, nullptr).status().code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_FALSE(session->Solve({.depth = 2}, nullptr).ok());
}

}  // namespace
}  // namespace lud64::engine_session_test
