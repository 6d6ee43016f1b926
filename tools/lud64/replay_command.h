// `lud64 replay`: plays game records and prints each result and final position.
#ifndef LUD64_TOOLS_LUD64_REPLAY_COMMAND_H_
#define LUD64_TOOLS_LUD64_REPLAY_COMMAND_H_

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

namespace lud64 {

struct ReplayRequest {
  std::string position = "start";
  bool counts = false;
};

// Plays one record from `position`; counts[i] is the number of legal
// decisions before ply i; hashes[i] the game.hash of the position before ply
// i (the game history of AlphaBeta::SetGameHistory). Errors name the ply
// (from 1) and the decision.
template <Game G>
absl::Status PlayRecord(const G& game, absl::string_view record, typename G::Position& position,
                        std::vector<int>* counts, std::vector<uint64_t>* hashes = nullptr) {
  int ply = 0;
  DecisionList list;
  for (absl::string_view text :
       absl::StrSplit(record, absl::ByAnyChar(" \t\r"), absl::SkipEmpty())) {
    ++ply;
    absl::StatusOr<Decision> decision = ParseDecision(text, game.site_names());
    if (!decision.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("ply ", ply, ": ", decision.status().message()));
    }
    LegalDecisions(game, position, list);
    if (!list.contains(*decision)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "ply ", ply, ": decision ", Quoted(text), " is illegal in ",
          FormatPosition(game, position), position.state.over() ? " (the game is over)" : ""));
    }
    if (counts != nullptr) counts->push_back(list.size());
    if (hashes != nullptr) hashes->push_back(game.hash(position));
    Apply(game, position, *decision);
  }
  return absl::OkStatus();
}

template <Game G>
absl::Status RunReplay(const G& game, const ReplayRequest& request, std::istream& in,
                       std::ostream& out) {
  absl::StatusOr<typename G::Position> start = ParsePosition(game, request.position);
  if (!start.ok()) return start.status();
  std::string line;
  for (int line_number = 1; std::getline(in, line); ++line_number) {
    // A blank line holds no game (a file may end with one).
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    typename G::Position position = *start;
    std::vector<int> counts;
    if (absl::Status status = PlayRecord(game, line, position, request.counts ? &counts : nullptr);
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

#endif  // LUD64_TOOLS_LUD64_REPLAY_COMMAND_H_
