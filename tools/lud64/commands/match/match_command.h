// `lud64 match`: plays a match (play/match.h), prints a line per game on the
// progress stream and the summary at the end, and records the games in the
// `replay` format (one line per game, in the order of the games, each after a
// `#` line of PGN-like tags, which replay skips). Ctrl-C stops the match and
// reports the games finished.
#ifndef LUD64_TOOLS_LUD64_COMMANDS_MATCH_MATCH_COMMAND_H_
#define LUD64_TOOLS_LUD64_COMMANDS_MATCH_MATCH_COMMAND_H_

#include <ostream>
#include <string>

#include "absl/status/status.h"
#include "boards/game_list.h"
#include "play/match.h"

namespace lud64 {

struct MatchCommandRequest {
  MatchRequest match;
  std::string record;  // file to write the games to; "" for none
  bool json = false;
};

// The `#` line before a recorded game: `# [Round "1"] [Game "davxar"] [P1 "..."]
// [P2 "..."] [Opening "4 random decisions"] [Result "1-0"]`, and
// `[Termination "<reason>"]` after a forfeit. Opening: "the start", "K random
// decisions[, none decided within P]", or the book's "<file>:<line>".
std::string RecordHeader(const std::string& game_name, const MatchRequest& request,
                         const GameRecord& played);

absl::Status RunMatch(const AnyGame& game, const MatchCommandRequest& request, std::ostream& out,
                      std::ostream& progress);

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_COMMANDS_MATCH_MATCH_COMMAND_H_
