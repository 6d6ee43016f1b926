#include "engine/player.h"

namespace lud64 {

const char* OutcomeName(Outcome outcome) {
  switch (outcome) {
    case Outcome::kP1Wins:
      return "P1";
    case Outcome::kP2Wins:
      return "P2";
    case Outcome::kDraw:
      return "draw";
    case Outcome::kOngoing:
      break;
  }
  return "ongoing";
}

const char* EndReasonName(EndReason reason) {
  switch (reason) {
    case EndReason::kOwnRule:
      return "own rule";
    case EndReason::kAllPass:
      return "all-pass";
    case EndReason::kTurnLimit:
      return "turn limit";
    case EndReason::kNone:
      break;
  }
  return "none";
}

}  // namespace lud64
