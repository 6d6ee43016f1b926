// `lud64 bench`: a fixed, deterministic benchmark over every game (like
// Stockfish's bench). Its signature changes only when the rules do.
#ifndef LUD64_TOOLS_LUD64_BENCH_COMMAND_H_
#define LUD64_TOOLS_LUD64_BENCH_COMMAND_H_

#include <ostream>

#include "absl/status/status.h"

namespace lud64 {

absl::Status RunBench(std::ostream& out, std::ostream& progress);

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_BENCH_COMMAND_H_
