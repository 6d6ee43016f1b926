// `lud64 match`: plays a match (play/match.h), prints a line per game on the
// progress stream and the summary at the end, and records the games in the
// `replay` format (one line per game, in the order of the games). Ctrl-C
// stops the match and reports the games finished.
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

absl::Status RunMatch(const AnyGame& game, const MatchCommandRequest& request, std::ostream& out,
                      std::ostream& progress);

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_COMMANDS_MATCH_MATCH_COMMAND_H_
