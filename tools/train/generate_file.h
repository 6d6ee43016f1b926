// The file `lud64-train generate` writes and resumes: text, a block a game.
//
//   # lud64-train generate <the command line that began the file>
//   game <index> <game name> <result> <plies> <positions>
//   <score> <result for the mover> <table> <position text>    (a line a position)
//
// <result>: 1-0, 0-1 or 1/2-1/2 (a game cut at --max-plies is a draw);
// <score>: the search's, for the player to move, in centi-pieces, or a
// proven result as engine/score.h writes it in integers (1000000 - N: a win
// in N plies); <result for the mover>: 1, 0.5 or 0; <table>: `-` where the
// tables do not hold the position, else `w<turns>`, `d` or `l<turns>`. Fields
// are separated by one space; the position text, last, has spaces of its own.
// A block is written whole, at once, in no particular order of games.
#ifndef LUD64_TOOLS_TRAIN_GENERATE_FILE_H_
#define LUD64_TOOLS_TRAIN_GENERATE_FILE_H_

#include <cstdint>
#include <set>
#include <string>

#include "absl/status/statusor.h"
#include "play/labelled_games.h"

namespace lud64 {

// The block of `game` (its name: `game_name`).
std::string GameBlock(const LabelledGame& game, const std::string& game_name);

struct GeneratedSoFar {
  std::set<uint64_t> games;  // the indices of the complete blocks
  uint64_t positions = 0;    // in them
  bool has_header = false;
};

// Reads the file at `path` (none: nothing done) and cuts off what follows
// its last complete block: the end of a run stopped while writing. A line
// that is not of this format is an error (bad input) naming the file and
// the line.
absl::StatusOr<GeneratedSoFar> ResumeGeneratedFile(const std::string& path);

}  // namespace lud64

#endif  // LUD64_TOOLS_TRAIN_GENERATE_FILE_H_
