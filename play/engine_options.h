// What an engine session (engine_session.h) is: the engine and its options,
// chosen once and kept from one search to the next, and the limits of one
// search. Every front-end fills these, so the defaults here are the only ones.
#ifndef LUD64_PLAY_ENGINE_OPTIONS_H_
#define LUD64_PLAY_ENGINE_OPTIONS_H_

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include "search/search_settings.h"

namespace lud64 {

// kSolver plays the solver's best decision (proven, or the lower bound's);
// kUgi is an external engine, played by a match over pipes
// (external_engine.h), never by a session.
enum class EngineKind : uint8_t { kRandom, kAlphaBeta, kMcts, kSolver, kUgi };

// The sizes every front-end starts from: alpha-beta's (and the solver's)
// transposition table, and MCTS's tree.
inline constexpr int kDefaultHashMib = 64;
inline constexpr int kDefaultTreeMib = 256;
// The most seconds any time limit takes, flags and engine options alike: a day.
inline constexpr double kMaxSeconds = 86400;
// The ranges every front-end takes (flags, engine specs, UGI, Python): a
// table's or tree's MiB, threads, alpha-beta's depth and lines.
inline constexpr int kMaxTableMib = 65536;
inline constexpr int kMaxThreads = 256;
inline constexpr int kMaxDepth = 100;
inline constexpr int kMaxMultipv = 64;

// What `evalfile` means, as every front-end's help prints it beside
// kEvaluationHelp (bestmove's --evalfile, match's engine specs, the Python
// docstring; UGI's README quotes it): written once.
inline constexpr const char* kEvaluationFileHelp =
    "a weight file (.lnet, made by lud64-train fit) to judge with instead of the built-in "
    "network of its family, with eval=learned or whole; one of another game or variant is "
    "refused";

struct EngineOptions {
  EngineKind kind = EngineKind::kAlphaBeta;
  int hash_mib = kDefaultHashMib;    // alpha-beta's and the solver's table
  int memory_mib = kDefaultTreeMib;  // MCTS's tree
  int threads = 1;                   // alpha-beta's (lazy SMP) and MCTS's threads
  uint64_t seed = 1;                 // MCTS's and random play's
  bool quiescence = true;            // alpha-beta (off: to measure what it brings)
  double exploration = kDefaultExploration;
  double press = kDefaultPress;  // MCTS's pressing term's weight (search/mcts.h)
  MctsLeaves leaves = MctsLeaves::kEvaluation;
  Evaluation evaluation = kDefaultEvaluation;
  std::string evalfile;               // a weight file for the learned one; "": the built-in network
  std::optional<std::string> tables;  // endgame tables' directory ("": the default one)
  // In a position proven lost or drawn, the decision that leaves the opponent
  // most ways to err (search/swindle.h), in the time the search leaves.
  bool swindle = true;
};

// The limits of one search; all zero: until stopped (or a proof).
struct EngineLimits {
  int depth = 0;         // alpha-beta plies, solver iterations; 0: no limit
  uint64_t nodes = 0;    // alpha-beta and solver nodes, MCTS iterations; 0: no limit
  double seconds = 0;    // 0: no limit
  double clock = 0;      // > 0: the mover's clock, seconds left, instead of `seconds`
  double increment = 0;  // with `clock`: seconds added per decision
  int multipv = 1;       // alpha-beta: the best this many lines, each scored exactly

  bool limited() const { return depth > 0 || nodes > 0 || seconds > 0 || clock > 0; }
};

// The seconds to spend on one decision with `clock` seconds left and
// `increment` seconds added per decision: a fortieth of the clock plus most
// of the increment, never more than a third of what is left.
inline double TimeForDecision(double clock, double increment) {
  return std::min(clock / 3, clock / 40 + 0.8 * increment);
}

}  // namespace lud64

#endif  // LUD64_PLAY_ENGINE_OPTIONS_H_
