// The type-erased face of a game, for the command line: each command is
// written once as a template over Game (the *_command.h files) and reached
// through one virtual call per command, never per node.
#ifndef LUD64_TOOLS_LUD64_ANY_GAME_H_
#define LUD64_TOOLS_LUD64_ANY_GAME_H_

#include <iosfwd>
#include <memory>
#include <string>
#include "absl/strings/string_view.h"

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace lud64 {

struct PerftRequest {
  std::string position = "start";
  int depth = 1;
  bool divide = false;
};

struct ReplayRequest {
  std::string position = "start";
  bool counts = false;
};

class AnyGame {
 public:
  virtual ~AnyGame() = default;
  virtual std::string name() const = 0;
  // Board picture, position text, player to move, status and legal decisions.
  virtual absl::Status Show(absl::string_view position, std::ostream& out) const = 0;
  virtual absl::Status Perft(const PerftRequest& request, std::ostream& out,
                             std::ostream& progress) const = 0;
  // Reads games (one per line, decisions separated by spaces) and prints one
  // line per game: `<result> <final position>[ counts=...]`.
  virtual absl::Status Replay(const ReplayRequest& request, std::istream& in,
                              std::ostream& out) const = 0;
};

template <class G>
class GameAdapter;  // defined in game_adapter.h

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_ANY_GAME_H_
