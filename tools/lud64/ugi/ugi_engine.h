// What the UGI session (ugi_session.h) asks of the engine: its position with
// the game history, the queries of the protocol, and searches run on the
// session's search thread, all through one engine session.
#ifndef LUD64_TOOLS_LUD64_UGI_UGI_ENGINE_H_
#define LUD64_TOOLS_LUD64_UGI_UGI_ENGINE_H_

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "boards/game_list.h"
#include "play/engine_session.h"

namespace lud64 {

// The engine options of the protocol (`setoption`), other than the game.
struct UgiSettings {
  EngineKind engine = EngineKind::kAlphaBeta;   // or kMcts
  int hash_mib = kDefaultHashMib;               // alpha-beta's table, or MCTS's tree
  int threads = 1;                              // either engine's threads
  int multipv = 1;                              // alpha-beta's lines
  std::string tb;                               // endgame table directory; "" for none
  MctsLeaves leaves = MctsLeaves::kEvaluation;  // MCTS: what a new leaf is worth
  double exploration = kDefaultExploration;     // MCTS: the UCB1 constant
  double press = kDefaultPress;                 // MCTS: the pressing term's weight
  Evaluation evaluation = kDefaultEvaluation;   // both: the static evaluation
  std::string evalfile;  // a weight file for the learned one; "" for the built-in network
};

// The limits of one `go`, times in seconds; negative: not given.
struct UgiGo {
  double p1time = -1, p2time = -1;
  double p1inc = 0, p2inc = 0;
  double movetime = -1;
  int depth = 0;       // 0: no limit
  uint64_t nodes = 0;  // 0: no limit (MCTS: iterations)
  bool infinite = false;

  bool limited() const {
    return p1time >= 0 || p2time >= 0 || movetime >= 0 || depth > 0 || nodes > 0;
  }
};

// The protocol's view of one engine session (play/engine_session.h): the
// position the interface last sent, the queries, and searches run on the
// session's search thread. A `position` sent during a search is kept aside
// and given to the session by the next `go`, once the search has ended.
class UgiEngine {
 public:
  using Emit = std::function<void(const std::string& line)>;
  // Runs on the search thread: emits `info` lines, returns the decision.
  using SearchTask = std::function<std::string(const Emit& emit)>;

  explicit UgiEngine(std::unique_ptr<EngineSession> session);

  std::string game_name() const;
  // `position`: `text` (a position or `start`) then `moves`; on an error
  // nothing changes.
  absl::Status SetPosition(absl::string_view text, absl::string_view moves);
  // gameover, p1turn, result, and the extensions legal, position, game.
  absl::StatusOr<std::string> Query(absl::string_view what) const;
  // The options; the table is made here, before any `go`. On an error
  // nothing changes.
  absl::Status Configure(const UgiSettings& settings);
  // Forgets what earlier searches learnt (the table, the tree).
  void NewGame();
  // A search of the position as it is now; the task stops early once `stop`
  // is set. An error when the game is over.
  absl::StatusOr<SearchTask> PrepareSearch(const UgiGo& go, const std::atomic<bool>& stop);

 private:
  std::unique_ptr<EngineSession> session_;
  int multipv_ = 1;
  // The position last sent, its text and moves, not yet given to the session.
  AnyPosition position_;
  std::optional<std::pair<std::string, std::string>> pending_;
};

// An engine for `game_spec` (a game name with options) at its start.
absl::StatusOr<std::unique_ptr<UgiEngine>> MakeUgiEngine(absl::string_view game_spec,
                                                         const UgiSettings& settings);

// The session options of the protocol's settings.
EngineOptions SessionOptions(const UgiSettings& settings);

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_UGI_UGI_ENGINE_H_
