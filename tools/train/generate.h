// `lud64-train generate`: labelled self-play games of the full game for a
// whole-game evaluation (play/labelled_games.h), written as generate_file.h
// says, over threads; seeded by game index, so resumable: a run on the same
// file appends the games it lacks. README.md gives the commands and figures.
#ifndef LUD64_TOOLS_TRAIN_GENERATE_H_
#define LUD64_TOOLS_TRAIN_GENERATE_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "tools/train/flags.h"

namespace lud64 {

extern const std::vector<std::string> kGenerateFlags;

absl::Status RunGenerate(const Flags& flags, const std::string& command_line);

}  // namespace lud64

#endif  // LUD64_TOOLS_TRAIN_GENERATE_H_
