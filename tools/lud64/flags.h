// The flags of the lud64 command, defined in main.cc; each command reads the
// ones it takes (main.cc's command table says which).
#ifndef LUD64_TOOLS_LUD64_FLAGS_H_
#define LUD64_TOOLS_LUD64_FLAGS_H_

#include <cstdint>
#include <string>

#include "absl/flags/declare.h"

ABSL_DECLARE_FLAG(std::string, game);
ABSL_DECLARE_FLAG(std::string, position);
ABSL_DECLARE_FLAG(int, depth);
ABSL_DECLARE_FLAG(bool, divide);
ABSL_DECLARE_FLAG(bool, counts);
ABSL_DECLARE_FLAG(uint64_t, count);
ABSL_DECLARE_FLAG(double, time);
ABSL_DECLARE_FLAG(int, threads);
ABSL_DECLARE_FLAG(uint64_t, seed);
ABSL_DECLARE_FLAG(bool, json);
ABSL_DECLARE_FLAG(uint64_t, nodes);
ABSL_DECLARE_FLAG(int, hash);
ABSL_DECLARE_FLAG(double, clock);
ABSL_DECLARE_FLAG(double, inc);
ABSL_DECLARE_FLAG(std::string, engine);
ABSL_DECLARE_FLAG(uint64_t, iterations);
ABSL_DECLARE_FLAG(double, exploration);
ABSL_DECLARE_FLAG(int, memory);
ABSL_DECLARE_FLAG(std::string, p1);
ABSL_DECLARE_FLAG(std::string, p2);
ABSL_DECLARE_FLAG(int, games);
ABSL_DECLARE_FLAG(int, openings);
ABSL_DECLARE_FLAG(int, balanced);
ABSL_DECLARE_FLAG(std::string, record);

#endif  // LUD64_TOOLS_LUD64_FLAGS_H_
