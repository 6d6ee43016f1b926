// Training samples from the files `lud64-train generate` writes
// (generate_file.h), for `fit --data=FILE.gen`: each position's target
// blends the game's result for its mover with the expected result of the
// search's score, or is the tables' exact value where the file has one.
// Whole games are held out for validation, so that no position of a
// validation game is trained on.
#ifndef LUD64_TOOLS_TRAIN_GENERATED_SAMPLES_H_
#define LUD64_TOOLS_TRAIN_GENERATED_SAMPLES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "engine/score.h"
#include "network/training.h"

namespace lud64 {

struct GeneratedSampling {
  // The result's weight in the target, the rest the search score's expected
  // result 1 / (1 + exp(-score / kLogisticScale)) (a proven win 1, loss 0).
  double blend = 0.5;
  double validation = 0.05;  // the share of games held out
  // The share of the other games trained on (the same games at every seed;
  // a smaller share's games are among a larger one's).
  double share = 1;
  // For a whole-game network: leaves out the positions the game's endgame
  // network judges, and gives the others the hand-written evaluation's
  // logit as their base (play/training_samples.h).
  bool whole_game = false;
};

struct GeneratedSamples {
  std::vector<TrainingSample> training;
  std::vector<TrainingSample> validation;          // the held-out games' positions
  std::vector<TrainingSample> validation_results;  // the same, the game's result the target
  uint64_t games = 0;                              // read, held out or not
  uint64_t left_out = 0;                           // positions whole_game left out
};

// The target of a position: the tables' value (`table`: "-" none, "d",
// "w<turns>", "l<turns>") where given, else the blend of `result` (1, 0.5, 0)
// and the expected result of `score`.
float GeneratedTarget(Score score, float result, absl::string_view table, double blend);

// Whether the file at `path` is a generate file rather than a sample file
// (network/training.h's .smp): it does not start with the samples' magic.
bool IsGeneratedFile(const std::string& path);

// Appends the samples of the generate file at `path` to `into`. A file that
// cannot be read or is not of the format, a game name or a position that
// does not read: InvalidArgument naming the file and the line.
absl::Status ReadGeneratedSamples(const std::string& path, const GeneratedSampling& sampling,
                                  GeneratedSamples& into);

}  // namespace lud64

#endif  // LUD64_TOOLS_TRAIN_GENERATED_SAMPLES_H_
