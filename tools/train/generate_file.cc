#include "tools/train/generate_file.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace lud64 {
namespace {

const char* ResultText(Outcome outcome) {
  return outcome == Outcome::kP1Wins ? "1-0" : outcome == Outcome::kP2Wins ? "0-1" : "1/2-1/2";
}

const char* ResultFor(Outcome outcome, Player mover) {
  if (outcome == Outcome::kDraw || outcome == Outcome::kOngoing) return "0.5";
  return outcome == WinFor(mover) ? "1" : "0";
}

std::string TableText(const std::optional<TableLabel>& table) {
  if (!table) return "-";
  if (table->sign == 0) return "d";
  return absl::StrCat(table->sign > 0 ? "w" : "l", table->turns);
}

// Whether `line` is a position line: score, result, table, position.
bool IsPositionLine(absl::string_view line) {
  const std::vector<absl::string_view> words = absl::StrSplit(line, absl::MaxSplits(' ', 3));
  int score;
  int turns;
  return words.size() == 4 && absl::SimpleAtoi(words[0], &score) &&
         (words[1] == "1" || words[1] == "0.5" || words[1] == "0") &&
         (words[2] == "-" || words[2] == "d" ||
          ((words[2][0] == 'w' || words[2][0] == 'l') &&
           absl::SimpleAtoi(words[2].substr(1), &turns))) &&
         !words[3].empty();
}

}  // namespace

std::string GameBlock(const LabelledGame& game, const std::string& game_name) {
  std::string block =
      absl::StrCat("game ", game.index, " ", game_name, " ", ResultText(game.outcome), " ",
                   game.plies, " ", game.positions.size(), "\n");
  for (const LabelledPosition& p : game.positions) {
    absl::StrAppend(&block, p.score, " ", ResultFor(game.outcome, p.mover), " ", TableText(p.table),
                    " ", p.position, "\n");
  }
  return block;
}

absl::StatusOr<GeneratedSoFar> ResumeGeneratedFile(const std::string& path) {
  GeneratedSoFar so_far;
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return so_far;
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::InvalidArgumentError(absl::StrCat(path, ": cannot be read"));
  const auto bad = [&](int number, absl::string_view why) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": line ", number, ": ", why, "; not a file of lud64-train generate"));
  };
  std::string line;
  uint64_t complete_end = 0;  // the offset after the last complete block
  uint64_t offset = 0;
  int number = 0;
  uint64_t index = 0, left = 0, positions = 0;  // the open block's
  bool in_block = false;
  while (std::getline(in, line)) {
    ++number;
    const bool whole = !in.eof();  // a last line without its newline was cut
    offset += line.size() + (whole ? 1 : 0);
    if (!whole) break;
    if (number == 1 && line.starts_with("# lud64-train generate")) {
      so_far.has_header = true;
      complete_end = offset;
      continue;
    }
    if (in_block) {
      if (!IsPositionLine(line)) return bad(number, "expected a position line");
      if (--left > 0) continue;
    } else {
      const std::vector<absl::string_view> words = absl::StrSplit(line, ' ');
      int plies;
      if (words.size() != 6 || words[0] != "game" || !absl::SimpleAtoi(words[1], &index) ||
          !absl::SimpleAtoi(words[4], &plies) || !absl::SimpleAtoi(words[5], &left)) {
        return bad(number, "expected a line `game <index> <game> <result> <plies> <positions>`");
      }
      positions = left;
      in_block = left > 0;
      if (in_block) continue;
    }
    // The block is complete.
    in_block = false;
    so_far.games.insert(index);
    so_far.positions += positions;
    complete_end = offset;
  }
  in.close();
  if (std::filesystem::file_size(path, error) != complete_end) {
    std::filesystem::resize_file(path, complete_end, error);
    if (error) return absl::UnavailableError(absl::StrCat(path, ": ", error.message()));
  }
  return so_far;
}

}  // namespace lud64
