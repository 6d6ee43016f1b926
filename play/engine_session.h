// One engine session: what every front-end (the `lud64` commands, the UGI
// protocol, match players, the Python module, lud64-train, the board server)
// asks its engine through, as Stockfish's UCI loop talks to one Engine. It
// owns the engine (alpha-beta, MCTS, random play, the solver), its table or
// tree, the endgame tables, the network and the swindle, with one set of
// defaults (engine_options.h). Tables are allocated and cleared by Configure
// and NewGame, outside any search's clock, and kept from one search to the
// next. The interface is not a template: one implementation per game,
// compiled once (engine_session_<game>.cc), so no front-end compiles a search.
#ifndef LUD64_PLAY_ENGINE_SESSION_H_
#define LUD64_PLAY_ENGINE_SESSION_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "boards/game_list.h"
#include "engine/decision.h"
#include "engine/player.h"
#include "engine/score.h"
#include "engine/stop.h"
#include "play/engine_options.h"

namespace lud64 {

// What the endgame tables say of a position they hold.
struct TableVerdict {
  std::string family;          // the tables' family, as `tb info` names it
  int sign = 0;                // for the player to move: +1 a win, 0 a draw, -1 a loss
  int turns = 0;               // to the end with best play (0 for a draw)
  std::vector<Decision> line;  // an optimal line to the end (empty for a draw)
};

// "win", "draw" or "loss".
const char* VerdictName(const TableVerdict& verdict);

// An MCTS root decision: how often the search tried it, and what it found.
struct RootDecision {
  Decision decision = Decision::Pass();
  uint64_t visits = 0;
  double win_rate = 0;                 // the mean reward for the player to move, 0 to 1
  Outcome proven = Outcome::kOngoing;  // under best play after it, when proven
};

// What a search knows now: after each alpha-beta iteration, about every
// second of MCTS, and at the end.
struct EngineInfo {
  EngineKind kind = EngineKind::kAlphaBeta;
  Player mover = Player::kP1;  // to move at the root
  int multipv = 0;             // with multi-PV, which line (1 the best); else 0
  double seconds = 0;
  // Alpha-beta's principal variation, MCTS's most visited line, or the
  // tables' line.
  std::vector<Decision> pv;
  // Alpha-beta: the completed depth, the score for the player to move, nodes.
  int depth = 0;
  Score score = 0;
  uint64_t nodes = 0;
  // MCTS: this search's iterations, the tree's nodes, the chosen root
  // decision, every root decision, and whether the tree filled its bound.
  uint64_t iterations = 0;
  RootDecision best;
  std::vector<RootDecision> root;
  bool memory_full = false;
  // Set when the endgame tables answered for the root.
  std::optional<TableVerdict> table;
};

struct EngineAnswer {
  Decision best = Decision::Pass();
  EngineInfo info;                // the last report (with multi-PV, the best line's)
  std::vector<EngineInfo> lines;  // with multi-PV, every line's, best first
  bool swindle = false;           // `best` is the swindle's, not the search's
};

// What the solver proved, or the bounds it reached.
struct SolveAnswer {
  bool proven = false;
  Score lower = 0, upper = 0;  // for the player to move; equal when proven
  int depth = 0;               // iterations completed
  uint64_t nodes = 0;
  double seconds = 0;
  Decision best = Decision::Pass();
  // The best line: through the tables to the end when they held a position
  // of the proof's line, in which case `turns` counts the turns to the end.
  std::vector<Decision> line;
  int plies = -1;                     // to the end, when proven
  int turns = -1;                     // known when the line reaches the tables or an end
  std::optional<TableVerdict> table;  // the tables held the root itself
};

class EngineSession {
 public:
  using InfoCallback = std::function<void(const EngineInfo&)>;
  using SolveCallback = std::function<void(const SolveAnswer&)>;

  virtual ~EngineSession() = default;

  // Applies `options`: opens the tables and the weight file, makes and clears
  // the table, all before any search's clock. On an error nothing changes.
  virtual absl::Status Configure(const EngineOptions& options) = 0;
  virtual const EngineOptions& options() const = 0;
  // Whether the engine can search this game (alpha-beta and the solver need
  // an evaluation); Search and Solve give the same error.
  virtual absl::Status CanSearch() const = 0;

  virtual const AnyGame& game() const = 0;
  // The current position (after the game so far).
  virtual AnyPosition position() const = 0;

  // A new game from `start`: the tables forget earlier searches, and MCTS
  // and random play restart from `seed`.
  virtual void NewGame(const AnyPosition& start, uint64_t seed) = 0;
  // The same from text: a position (or `start`) then decisions played from
  // it, the game so far. On an error nothing changes.
  virtual absl::Status NewGame(absl::string_view position, absl::string_view moves) = 0;
  // A new root within the same game (UGI's `position`): the table is kept.
  virtual absl::Status SetPosition(absl::string_view position, absl::string_view moves) = 0;
  // A decision played from the current position; an illegal one changes
  // nothing and says which decisions are legal.
  virtual absl::Status Play(Decision decision) = 0;
  virtual absl::Status Play(absl::string_view decision) = 0;

  // The engine's decision in the current position within `limits`, stopped
  // early once `stop` is set; `on_info` sees what it knows as it goes. An
  // error when the game is over or the engine cannot play this game.
  virtual absl::StatusOr<EngineAnswer> Search(const EngineLimits& limits, StopFlag stop,
                                              const InfoCallback& on_info = {}) = 0;
  // The proven value of the current position, or the bounds reached.
  virtual absl::StatusOr<SolveAnswer> Solve(const EngineLimits& limits, StopFlag stop,
                                            const SolveCallback& on_iteration = {}) = 0;

  // The position after `moves` from `position` (text or `start`), with the
  // session unchanged; errors name the decision (`moves: ply 3: ...`).
  virtual absl::StatusOr<AnyPosition> PositionAfter(absl::string_view position,
                                                    absl::string_view moves) const = 0;
  virtual std::string PositionText(const AnyPosition& position) const = 0;
  virtual std::vector<Decision> LegalDecisions(const AnyPosition& position) const = 0;

  // Text in the game's notation.
  virtual std::string DecisionText(Decision decision) const = 0;
  virtual std::string LineText(const std::vector<Decision>& line) const = 0;
  // The protocol's `info ...` line of `info` (bestmove, UGI).
  std::string InfoLine(const EngineInfo& info) const;
};

// Whether `position` is over, and who is to move there.
inline bool PositionIsOver(const AnyPosition& position) {
  return std::visit([](const auto& p) { return p.state.over(); }, position);
}
inline Player PlayerToMove(const AnyPosition& position) {
  return std::visit([](const auto& p) { return p.state.to_move; }, position);
}

// A session playing `game` from its start with `options` (Configure's errors).
absl::StatusOr<std::unique_ptr<EngineSession>> MakeEngineSession(const AnyGame& game,
                                                                 const EngineOptions& options);
// The same for a game spec (`davxar:pieces=6`).
absl::StatusOr<std::unique_ptr<EngineSession>> MakeEngineSession(absl::string_view game_spec,
                                                                 const EngineOptions& options);

}  // namespace lud64

#endif  // LUD64_PLAY_ENGINE_SESSION_H_
