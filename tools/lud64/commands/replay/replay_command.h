// `lud64 replay`: plays game records and prints each result and final position.
#ifndef LUD64_TOOLS_LUD64_COMMANDS_REPLAY_REPLAY_COMMAND_H_
#define LUD64_TOOLS_LUD64_COMMANDS_REPLAY_REPLAY_COMMAND_H_

#include <istream>
#include <ostream>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "engine/input_text.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "play/game_record.h"

namespace lud64 {

struct ReplayRequest {
  std::string position = "start";
  bool counts = false;
};

template <Game G>
absl::Status RunReplay(const G& game, const ReplayRequest& request, std::istream& in,
                       std::ostream& out) {
  absl::StatusOr<typename G::Position> start = ParsePosition(game, request.position);
  if (!start.ok()) return start.status();
  std::string line;
  for (int line_number = 1; std::getline(in, line); ++line_number) {
    // A blank line holds no game (a file may end with one); a line starting
    // with '#' is a comment (match records head each game with one).
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    // A line of its own start (`fen <position> moves ...`, as match records
    // games from book positions) overrides --position.
    const RecordParts parts = SplitRecordLine(line);
    typename G::Position position = *start;
    if (parts.position != "start") {
      absl::StatusOr<typename G::Position> own = ParsePosition(game, parts.position);
      if (!own.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat("line ", line_number, ", fen: ", own.status().message()));
      }
      position = *own;
    }
    std::vector<int> counts;
    if (absl::Status status =
            PlayRecord(game, parts.decisions, position, request.counts ? &counts : nullptr);
        !status.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("line ", line_number, ", ", status.message()));
    }
    out << OutcomeName(position.state.outcome) << " " << FormatPosition(game, position);
    if (request.counts) out << " counts=" << absl::StrJoin(counts, ",");
    out << "\n";
  }
  return absl::OkStatus();
}

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_COMMANDS_REPLAY_REPLAY_COMMAND_H_
