// Books balanced by score (play/opening_book.h with play/opening_score.h):
// every kept opening, scored again by a fresh session, lies in the window;
// the window rejects openings the unfiltered book keeps; the same seed makes
// the same book; a stop keeps what was found. The checks of a request, which
// `lud64 book` and lud64.book share, name arguments as each front-end does.
#include "play/opening_book.h"

#include <atomic>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "play/engine_session.h"

namespace lud64::opening_book_test {
namespace {

AnyGame Davxar() {
  absl::StatusOr<AnyGame> game = MakeGame("davxar");
  EXPECT_TRUE(game.ok()) << game.status();
  return *game;
}

// The score for the player to move after `line` at `depth`, from a session of
// its own: what `lud64 bestmove --depth=D --moves=LINE` reports.
Score ScoreOf(const std::string& line, int depth) {
  absl::StatusOr<std::unique_ptr<EngineSession>> session = MakeEngineSession(Davxar(), {});
  EXPECT_TRUE(session.ok()) << session.status();
  EXPECT_TRUE((*session)->NewGame("start", line).ok()) << line;
  absl::StatusOr<EngineAnswer> answer = (*session)->Search({.depth = depth}, nullptr);
  EXPECT_TRUE(answer.ok()) << answer.status();
  return answer->info.score;
}

std::vector<std::string> Book(const RandomBookRequest& request) {
  std::vector<std::string> lines;
  const absl::Status status = MakeRandomBook(Davxar(), request, lines);
  EXPECT_TRUE(status.ok()) << status;
  return lines;
}

constexpr int kDepth = 4;

TEST(ScoredBook, EveryOpeningScoresWithinTheWindowAndTheWindowRejectsSome) {
  const ScoreWindow window{.depth = kDepth, .min = 20, .max = 150};
  const RandomBookRequest request{.count = 8, .plies = 8, .score = window, .seed = 5};
  const std::vector<std::string> book = Book(request);
  ASSERT_EQ(book.size(), 8u);
  for (const std::string& line : book) {
    const Score score = ScoreOf(line, kDepth);
    EXPECT_TRUE(window.Holds(score)) << line << ": " << score;
    EXPECT_GE(std::abs(score), 20) << line;
    EXPECT_LE(std::abs(score), 150) << line;
  }
  EXPECT_EQ(Book(request), book) << "the same seed, the same book";

  // The same draws without the window: some opening falls outside it (random
  // Davxar openings mostly favour the player to move by far more).
  const std::vector<std::string> all = Book({.count = 8, .plies = 8, .seed = 5});
  int outside = 0;
  for (const std::string& line : all) outside += !window.Holds(ScoreOf(line, kDepth));
  EXPECT_GT(outside, 0);
  EXPECT_NE(all, book);
}

TEST(ScoredBook, ATooNarrowWindowSaysSo) {
  std::vector<std::string> lines;
  // No opening of one decision scores more than 10000 (a win is proven, not
  // scored in centi-pieces, and none is proven at this depth).
  const absl::Status status = MakeRandomBook(
      Davxar(),
      {.count = 2, .plies = 1, .score = {.depth = 2, .min = 10000, .max = 10000}, .seed = 1},
      lines);
  EXPECT_TRUE(absl::IsInvalidArgument(status)) << status;
  EXPECT_NE(status.message().find("widen the score window"), absl::string_view::npos) << status;
  EXPECT_TRUE(lines.empty());
}

TEST(ScoredBook, AStopEndsTheBookWithTheOpeningsFound) {
  std::atomic<bool> stop{false};
  std::vector<std::string> lines;
  const absl::Status status = MakeRandomBook(Davxar(),
                                             {.count = 1000,
                                              .plies = 8,
                                              .score = {.depth = kDepth, .max = 100000},
                                              .seed = 1,
                                              .stop = &stop},
                                             lines, [&](const BookProgress& progress) {
                                               if (progress.found == 3) stop = true;
                                             });
  EXPECT_TRUE(absl::IsCancelled(status)) << status;
  EXPECT_EQ(lines.size(), 3u);
}

std::string PythonName(absl::string_view name) { return std::string(name); }
std::string FlagName(absl::string_view name) { return absl::StrCat("--", name); }

TEST(BookRequest, CarriesTheWindowGivenAndOtherwiseNone) {
  absl::StatusOr<RandomBookRequest> request =
      BookRequestOf({.count = 5, .plies = 8, .balanced = 2, .seed = 7}, PythonName);
  ASSERT_TRUE(request.ok()) << request.status();
  EXPECT_EQ(request->count, 5);
  EXPECT_EQ(request->plies, 8);
  EXPECT_EQ(request->balanced, 2);
  EXPECT_EQ(request->seed, 7u);
  EXPECT_EQ(request->score.depth, 0);
  request = BookRequestOf({.count = 5, .plies = 8, .score_depth = 4, .max_score = 90}, PythonName);
  ASSERT_TRUE(request.ok()) << request.status();
  EXPECT_EQ(request->score.depth, 4);
  EXPECT_EQ(request->score.min, 0);
  EXPECT_EQ(request->score.max, 90);
}

TEST(BookRequest, NamesTheFirstBadArgumentAsTheFrontEndWritesIt) {
  const std::pair<BookArguments, std::string> cases[] = {
      {{.count = 0, .plies = 1001}, "count=0: must be 1 to 1000000"},
      {{.count = 5, .plies = 1001}, "plies=1001: must be 1 to 1000"},
      {{.count = 5, .plies = 8, .balanced = 21}, "balanced=21: must be 0 to 20"},
      {{.count = 5, .plies = 8, .min_score = 3}, "min_score applies only with score_depth"},
      {{.count = 5, .plies = 8, .score_depth = 3}, "score_depth needs max_score=CP"},
      {{.count = 5, .plies = 8, .score_depth = 31, .max_score = 9},
       "score_depth=31: must be 1 to 30"},
      {{.count = 5, .plies = 8, .score_depth = 3, .max_score = 9, .min_score = 10},
       "min_score=10: must be 0 to 9 (max_score)"},
  };
  for (const auto& [arguments, message] : cases) {
    const absl::StatusOr<RandomBookRequest> request = BookRequestOf(arguments, PythonName);
    EXPECT_TRUE(absl::IsInvalidArgument(request.status())) << message;
    EXPECT_EQ(request.status().message(), message);
  }
  // The command's names: its flags, in the unit too.
  EXPECT_EQ(
      BookRequestOf({.count = 5, .plies = 8, .score_depth = 3, .max_score = 9, .min_score = 10},
                    FlagName)
          .status()
          .message(),
      "--min_score=10: must be 0 to 9 (--max_score)");
}

}  // namespace
}  // namespace lud64::opening_book_test
