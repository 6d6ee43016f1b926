// A match player whose decisions come from the caller rather than an engine
// (the Python module's callables in lud64.match): told each new game and each
// decision played, asked for its decision; an error forfeits the game, as an
// external engine's fault does.
#ifndef LUD64_PLAY_CALLER_PLAYER_H_
#define LUD64_PLAY_CALLER_PLAYER_H_

#include <functional>
#include <memory>

#include "absl/status/statusor.h"
#include "boards/game_list.h"
#include "engine/decision.h"

namespace lud64 {

class CallerPlayer {
 public:
  virtual ~CallerPlayer() = default;
  // A new game from `start` (the opening already played).
  virtual void NewGame(const AnyPosition& start) = 0;
  // A decision played, by either side.
  virtual void Played(Decision decision) = 0;
  // The decision to play in `position`, the start followed by the decisions
  // told by Played since.
  virtual absl::StatusOr<Decision> Choose(const AnyPosition& position) = 0;
};

// Makes a player for each thread of a match (and one to check it can).
using CallerPlayerFactory = std::function<std::unique_ptr<CallerPlayer>()>;

}  // namespace lud64

#endif  // LUD64_PLAY_CALLER_PLAYER_H_
