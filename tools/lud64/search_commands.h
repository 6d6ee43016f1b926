// The lud64 commands that search: bestmove (alpha-beta or MCTS), solve and
// match. Each reads its flags, checks them, and runs on the game of --game.
#ifndef LUD64_TOOLS_LUD64_SEARCH_COMMANDS_H_
#define LUD64_TOOLS_LUD64_SEARCH_COMMANDS_H_

namespace lud64 {

// The exit code of each command.
int RunBestMoveCommand();
int RunSolveCommand();
int RunMatchCommand();

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_SEARCH_COMMANDS_H_
