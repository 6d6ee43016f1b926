// The engines a match can play with, and their
// specifications on the command line (`mcts:time=0.1,threads=2`).
#ifndef LUD64_PLAY_ENGINE_SPEC_H_
#define LUD64_PLAY_ENGINE_SPEC_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "search/alphabeta.h"
#include "search/mcts.h"

namespace lud64 {

enum class EngineKind { kRandom, kAlphaBeta, kMcts, kUgi };

// An engine and its options. Without a limit, a searching engine thinks
// kDefaultEngineSeconds per decision.
struct EngineSpec {
  EngineKind kind = EngineKind::kRandom;
  std::string text;  // as given, for reports
  // alphabeta
  SearchLimits search;
  int hash_mib = 16;
  int quiescence = 1;  // 0: no quiescence search (to measure what it brings)
  // mcts
  MctsLimits mcts;
  int threads = 1;
  double exploration = kDefaultExploration;
  int memory_mib = 256;
  MctsLeaves leaves = MctsLeaves::kEvaluation;
  // both: the static evaluation, and for a learned one a weight file to use
  // instead of the program's network (weight_file.h; "": the program's)
  Evaluation evaluation = Evaluation::kLearned;
  std::string network_file;
  // both: endgame tables from `tables` ("" for the default directory)
  bool use_tables = false;
  std::string tables;
  // ugi: an external engine, the shell command line that starts it; it must
  // answer within search.seconds + margin (search: its limits for `go`)
  std::string command;
  double margin = 2;
};

inline constexpr double kDefaultEngineSeconds = 0.1;

// The same engine, stopped (its searches, or its process's answers) once
// `stop` is set.
inline EngineSpec StoppedBy(EngineSpec spec, StopFlag stop) {
  spec.search.stop = stop;
  spec.mcts.stop = stop;
  return spec;
}

// The most seconds any time limit takes, flags and engine options alike: a day.
inline constexpr double kMaxSeconds = 86400;

// Whether the engine plays the same game again from the same position
// against the same moves: alpha-beta without a time limit, MCTS without one
// on one thread with the evaluation at its leaves (its seed then changes
// nothing). Random play, playouts and external engines are taken as not.
bool RepeatsItsGames(const EngineSpec& spec);

// `random`, `alphabeta[:time=S,depth=D,nodes=N,hash=MiB,quiescence=0|1,eval=E,tb=DIR]`,
// `mcts[:time=S,iterations=N,threads=T,exploration=C,memory=MiB,leaves=playout|evaluation,eval=E,
// tb=DIR]` (E: learned or classic)
// or `ugi:[time=S,depth=D,nodes=N,margin=S,]cmd=<command line>` (cmd last: the rest of the text is
// the command, commas and all).
absl::StatusOr<EngineSpec> ParseEngineSpec(absl::string_view text);

}  // namespace lud64

#endif  // LUD64_PLAY_ENGINE_SPEC_H_
