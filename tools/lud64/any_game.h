// The type-erased face of a game, for the command line: each command is
// written once as a template over Game (the *_command.h files) and reached
// through one virtual call per command, never per node.
#ifndef LUD64_TOOLS_LUD64_ANY_GAME_H_
#define LUD64_TOOLS_LUD64_ANY_GAME_H_

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "search/playout_runner.h"

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

struct PlayoutsRequest {
  std::string position = "start";
  uint64_t count = 0;  // 0: run for `seconds`
  double seconds = 0;
  int threads = 1;
  uint64_t seed = 1;
  bool json = false;
};

struct BestMoveRequest {
  std::string position = "start";
  int depth = 64;
  uint64_t nodes = 0;    // 0: no limit
  double seconds = 0;    // per decision; 0: no limit
  double clock = 0;      // a game clock instead: seconds left
  double increment = 0;  // and seconds added per decision
  int hash_mib = 64;
};

struct SolveRequest {
  std::string position = "start";
  int depth = 100;     // iterations at most
  uint64_t nodes = 0;  // 0: no limit
  double seconds = 0;  // 0: no limit
  int hash_mib = 256;
  bool json = false;
};

struct MctsBestMoveRequest;  // mcts_command.h
struct MatchRequest;         // match.h

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
  virtual absl::Status Playouts(const PlayoutsRequest& request, std::ostream& out,
                                std::ostream& progress) const = 0;
  virtual absl::Status BestMove(const BestMoveRequest& request, std::ostream& out) const = 0;
  virtual absl::Status BestMoveMcts(const MctsBestMoveRequest& request,
                                    std::ostream& out) const = 0;
  virtual absl::Status Match(const MatchRequest& request, std::ostream& out,
                             std::ostream& progress) const = 0;
  virtual absl::Status Solve(const SolveRequest& request, std::ostream& out,
                             std::ostream& progress) const = 0;
  // Plain results, for `lud64 bench`.
  virtual absl::StatusOr<uint64_t> CountPerft(absl::string_view position, int depth) const = 0;
  virtual absl::StatusOr<PlayoutRun> RunPlayouts(absl::string_view position,
                                                 const PlayoutRequest& request) const = 0;
};

template <class G>
class GameAdapter;  // defined in game_adapter.h

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_ANY_GAME_H_
