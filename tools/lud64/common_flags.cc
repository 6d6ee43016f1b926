#include "tools/lud64/common_flags.h"

#include "absl/flags/flag.h"
#include "boards/game_list.h"

// The help of each flag here fits every command that takes it; a command
// whose range or default is its own says so in Command::flag_help.
ABSL_FLAG(std::string, game, std::string(lud64::kDefaultGame),
          "game name with options, e.g. davxar:lines=ludii,pieces=6");
ABSL_FLAG(std::string, position, "start", "position in lud64 notation, or 'start'");
ABSL_FLAG(std::string, moves, "", "decisions played from --position, separated by spaces");
ABSL_FLAG(int, depth, 0, "depth in plies");
ABSL_FLAG(double, time, 0, "seconds, decimals allowed");
ABSL_FLAG(uint64_t, count, 0, "how many");
ABSL_FLAG(int, balanced, 0,
          "draw an opening again when the solver finds its result decided within this many "
          "plies (0: off; 1 to 20)");
ABSL_FLAG(int, threads, 1, "worker threads (1 to 256)");
ABSL_FLAG(uint64_t, seed, 1, "random seed");
ABSL_FLAG(bool, json, false, "print one JSON object instead of text");
ABSL_FLAG(uint64_t, nodes, 0, "stop searching after about this many nodes (0: no limit)");
ABSL_FLAG(int, hash, 64, "transposition table size in MiB (1 to 65536)");
ABSL_FLAG(double, clock, 0, "game clock: seconds left for the rest of the game (up to 86400)");
ABSL_FLAG(double, inc, 0, "game clock: seconds added per decision (up to 86400; needs --clock)");
ABSL_FLAG(int, memory, 256, "memory bound in MiB");
ABSL_FLAG(std::string, tb, "",
          "endgame tablebase directory (default: $LUD64_TB, else ./tablebases)");
ABSL_FLAG(std::string, engine, "alphabeta", "the engine");
