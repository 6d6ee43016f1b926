// The engines a match can play with, and their
// specifications on the command line (`mcts:time=0.1,threads=2`).
#ifndef LUD64_PLAY_ENGINE_SPEC_H_
#define LUD64_PLAY_ENGINE_SPEC_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/stop.h"
#include "play/caller_player.h"
#include "play/engine_options.h"  // IWYU pragma: export

namespace lud64 {

// An engine and its options, as a match or the accuracy measure plays it.
// Without a limit, a searching engine thinks kDefaultEngineSeconds per
// decision.
struct EngineSpec {
  std::string text;       // as given, for reports
  EngineOptions options;  // the engine (options.kind) and its options
  EngineLimits limits;    // of each decision
  StopFlag stop = nullptr;
  // ugi: an external engine, the shell command line that starts it; it must
  // answer within limits.seconds + margin
  std::string command;
  double margin = 2;
  // Set: the caller's player (caller_player.h), not an engine; `text` names
  // it and the rest is unused.
  CallerPlayerFactory caller;

  EngineKind kind() const { return options.kind; }
};

inline constexpr double kDefaultEngineSeconds = 0.1;

// The same engine, stopped (its searches, or its process's answers) once
// `stop` is set.
inline EngineSpec StoppedBy(EngineSpec spec, StopFlag stop) {
  spec.stop = stop;
  return spec;
}

// Whether the engine plays the same game again from the same position
// against the same moves: alpha-beta without a time limit on one thread, MCTS
// without one on one thread with the evaluation at its leaves (its seed then
// changes nothing). Random play, playouts, external engines and the caller's
// players are taken as not.
bool RepeatsItsGames(const EngineSpec& spec);

// `random`, `alphabeta[:time=S,depth=D,nodes=N,hash=MiB,threads=T,quiescence=0|1,eval=E,tb=DIR]`,
// `mcts[:time=S,iterations=N,threads=T,exploration=C,press=W,memory=MiB,leaves=playout|evaluation,
// eval=E,tb=DIR]` (E: learned, classic or whole)
// or `ugi:[time=S,depth=D,nodes=N,margin=S,]cmd=<command line>` (cmd last: the rest of the text is
// the command, commas and all).
absl::StatusOr<EngineSpec> ParseEngineSpec(absl::string_view text);

}  // namespace lud64

#endif  // LUD64_PLAY_ENGINE_SPEC_H_
