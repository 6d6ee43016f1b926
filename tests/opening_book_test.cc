// Books balanced by score (play/opening_book.h with play/opening_score.h):
// every kept opening, scored again by a fresh session, lies in the window;
// the window rejects openings the unfiltered book keeps; the same seed makes
// the same book; a stop keeps what was found.
#include "play/opening_book.h"

#include <atomic>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

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

}  // namespace
}  // namespace lud64::opening_book_test
