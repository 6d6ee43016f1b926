// The flags several lud64 commands share, defined once in common_flags.cc.
// A flag only one command takes is defined in that command's file.
#ifndef LUD64_TOOLS_LUD64_COMMON_FLAGS_H_
#define LUD64_TOOLS_LUD64_COMMON_FLAGS_H_

#include <cstdint>
#include <string>

#include "absl/flags/declare.h"
#include "play/engine_spec.h"  // IWYU pragma: export (kMaxSeconds)

ABSL_DECLARE_FLAG(std::string, game);
ABSL_DECLARE_FLAG(std::string, position);
ABSL_DECLARE_FLAG(std::string, moves);
ABSL_DECLARE_FLAG(int, depth);
ABSL_DECLARE_FLAG(double, time);
ABSL_DECLARE_FLAG(uint64_t, count);
ABSL_DECLARE_FLAG(int, balanced);
ABSL_DECLARE_FLAG(int, threads);
ABSL_DECLARE_FLAG(uint64_t, seed);
ABSL_DECLARE_FLAG(bool, json);
ABSL_DECLARE_FLAG(uint64_t, nodes);
ABSL_DECLARE_FLAG(int, hash);
ABSL_DECLARE_FLAG(double, clock);
ABSL_DECLARE_FLAG(double, inc);
ABSL_DECLARE_FLAG(int, memory);
ABSL_DECLARE_FLAG(std::string, tb);
ABSL_DECLARE_FLAG(std::string, engine);

#endif  // LUD64_TOOLS_LUD64_COMMON_FLAGS_H_
