// Opening books: text files of one opening per line, each a position text or
// a line of decisions from the start (openings.h reads them for a game);
// blank lines and lines starting with `#` are skipped. Random books of
// distinct openings (`lud64 book`, lud64.book) are made here for any game.
#ifndef LUD64_PLAY_OPENING_BOOK_H_
#define LUD64_PLAY_OPENING_BOOK_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "boards/game_list.h"
#include "engine/stop.h"
#include "play/opening_score.h"

namespace lud64 {

struct BookLine {
  int number = 0;  // in the file, from 1
  std::string text;
};

struct OpeningBook {
  std::string path;
  std::vector<BookLine> lines;
};

// The openings of the file at `path`: an error naming the file when it cannot
// be read or holds none.
absl::StatusOr<OpeningBook> ReadOpeningBook(const std::string& path);

// The book's lines from text (the file's contents).
std::vector<BookLine> BookLines(absl::string_view text);

struct RandomBookRequest {
  int count = 0;     // distinct openings
  int plies = 0;     // random decisions from the start in each
  int balanced = 0;  // > 0: none the solver proves within this many plies
  // depth > 0: only openings whose alpha-beta score at that depth (for the
  // player to move, opening_score.h) lies in the window.
  ScoreWindow score = {};
  uint64_t seed = 1;
  StopFlag stop = nullptr;  // set: Cancelled, with the openings found so far
};

// The limits of a random book, which `lud64 book` and lud64.book share.
inline constexpr int64_t kMaxBookOpenings = 1'000'000;
inline constexpr int64_t kMaxBookPlies = 1000;
inline constexpr int64_t kMaxBookBalanced = 20;
inline constexpr int64_t kMaxBookScoreDepth = 30;

// A random book's arguments as a front-end reads them, before any check; the
// score window's absent unless given.
struct BookArguments {
  int64_t count = 0;
  int64_t plies = 0;
  int64_t balanced = 0;
  std::optional<int64_t> score_depth = std::nullopt;
  std::optional<int64_t> max_score = std::nullopt;
  std::optional<int64_t> min_score = std::nullopt;
  uint64_t seed = 1;
};

// The request `arguments` make (its `stop` unset), or an InvalidArgument
// error on the first argument out of range, or given without the one it needs:
// max_score and min_score only with score_depth, score_depth only with
// max_score. `name` writes an argument's name ("score_depth") as the
// front-end's user does: "--score-depth" (the command), "score_depth" (Python).
absl::StatusOr<RandomBookRequest> BookRequestOf(
    const BookArguments& arguments, absl::FunctionRef<std::string(absl::string_view)> name);

// How far a book is: openings kept, random draws, openings scored.
struct BookProgress {
  int found = 0;
  uint64_t draws = 0;
  int scored = 0;
};

// Appends to `lines` the request's openings, each a line of decisions in the
// game's notation (DistinctRandomOpenings of openings.h: the same seed, the
// same book); `on_draw` is called before each draw. An error when there are
// not `count` distinct ones (within the score window), or Cancelled once
// `stop` is set: `lines` then holds those found.
absl::Status MakeRandomBook(const AnyGame& game, const RandomBookRequest& request,
                            std::vector<std::string>& lines,
                            const std::function<void(const BookProgress&)>& on_draw = {});

}  // namespace lud64

#endif  // LUD64_PLAY_OPENING_BOOK_H_
