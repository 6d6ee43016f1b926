// lud64.SpielState: a mutable game state with OpenSpiel's names (apply_action
// in place, undo_action, history, returns), for the Python loops of
// reinforcement learning and search. Its legal actions are generated once per
// position and kept (as a list of ids and a bit mask) until the next action.
#ifndef LUD64_PYTHON_SPIEL_STATE_H_
#define LUD64_PYTHON_SPIEL_STATE_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "python/bindings.h"

namespace lud64::python {

// OpenSpiel's player id of a finished game (pyspiel.PlayerId.TERMINAL).
inline constexpr int kTerminalPlayer = -4;

struct SpielStateHandle {
  GamePtr game;
  AnyPosition start;                  // where the history starts
  AnyPosition position;               // now
  std::vector<AnyPosition> previous;  // before each action of `history`, for undo
  std::vector<int> history;           // action ids from `start`
  // The legal actions of `position`, once asked for.
  bool legal_known = false;
  std::vector<int> legal;
  std::array<uint64_t, 8> legal_bits{};  // by action id (every game has fewer than 512)

  SpielStateHandle(GamePtr g, const AnyPosition& at)
      : game(std::move(g)), start(at), position(at) {}

  const TurnState& state() const {
    return std::visit([](const auto& p) -> const TurnState& { return p.state; }, position);
  }
  // Fills `legal` and `legal_bits` unless known.
  void KnowLegal();
  bool IsLegalId(int id) {
    KnowLegal();
    return id >= 0 && id < 512 && ((legal_bits[id >> 6] >> (id & 63)) & 1) != 0;
  }
  // Plays a legal action id (IsLegalId) and records it.
  void ApplyLegal(int id);
};

template <>
inline constexpr bool kBoundClass<SpielStateHandle> = true;

}  // namespace lud64::python

#endif  // LUD64_PYTHON_SPIEL_STATE_H_
