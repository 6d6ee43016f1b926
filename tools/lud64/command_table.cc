// The one table of commands: `lud64 help` lists them in this order, and main.cc
// dispatches through it. Adding a command: commands/<name>.cc defining
// `const Command k<Name>Command`, and one line here.
#include "tools/lud64/command.h"

#define LUD64_COMMANDS(X) \
  X(BestMove)             \
  X(Solve)                \
  X(Match)                \
  X(Book)                 \
  X(Accuracy)             \
  X(Ugi)                  \
  X(Serve)                \
  X(Play)                 \
  X(Games)                \
  X(Show)                 \
  X(Perft)                \
  X(Replay)               \
  X(Playouts)             \
  X(Tb)                   \
  X(Bench)

namespace lud64 {

#define LUD64_DECLARE_COMMAND(name) extern const Command k##name##Command;
LUD64_COMMANDS(LUD64_DECLARE_COMMAND)
#undef LUD64_DECLARE_COMMAND

const std::vector<const Command*>& Commands() {
#define LUD64_COMMAND_ADDRESS(name) &k##name##Command,
  static const auto* commands =
      new std::vector<const Command*>{LUD64_COMMANDS(LUD64_COMMAND_ADDRESS)};
#undef LUD64_COMMAND_ADDRESS
  return *commands;
}

}  // namespace lud64
