// Players, results and the bookkeeping every position carries for the shared
// end rules (engine/RULES.md: forced passes, all-pass draw, turn limit).
#ifndef LUD64_ENGINE_PLAYER_H_
#define LUD64_ENGINE_PLAYER_H_

#include <cstdint>

namespace lud64 {

enum class Player : uint8_t { kP1 = 0, kP2 = 1 };

constexpr Player Opponent(Player p) { return static_cast<Player>(1 - static_cast<int>(p)); }
constexpr int Index(Player p) { return static_cast<int>(p); }
constexpr char PieceChar(Player p) { return p == Player::kP1 ? 'x' : 'o'; }

enum class Outcome : uint8_t { kOngoing, kP1Wins, kP2Wins, kDraw };

constexpr Outcome WinFor(Player p) {
  return p == Player::kP1 ? Outcome::kP1Wins : Outcome::kP2Wins;
}
// "P1", "P2", "draw" or "ongoing", as in replay output and the reference traces.
const char* OutcomeName(Outcome outcome);

// Why a game ended.
enum class EndReason : uint8_t { kNone, kOwnRule, kAllPass, kTurnLimit };
const char* EndReasonName(EndReason reason);

// The game draws when this many turns have been played.
inline constexpr int kTurnLimit = 2500;

// The part of every position that the shared rules read and write.
struct TurnState {
  uint16_t turn = 0;             // decisions after which the player to move changed
  Player to_move = Player::kP1;  //
  bool passed = false;           // the opponent's last turn was only a pass
  Outcome outcome = Outcome::kOngoing;
  EndReason end = EndReason::kNone;

  bool over() const { return outcome != Outcome::kOngoing; }
  friend bool operator==(const TurnState&, const TurnState&) = default;
};

}  // namespace lud64

#endif  // LUD64_ENGINE_PLAYER_H_
