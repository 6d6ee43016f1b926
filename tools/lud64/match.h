// `lud64 match`: engines, their specifications on the command line
// (`mcts:time=0.1,threads=2`), the tally of a match and its Elo estimate.
// The games themselves are played by match_play.h and match_command.h.
#ifndef LUD64_TOOLS_LUD64_MATCH_H_
#define LUD64_TOOLS_LUD64_MATCH_H_

#include <cstdint>
#include <ostream>
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
  // both: endgame tables from `tables` ("" for the default directory)
  bool use_tables = false;
  std::string tables;
  // ugi: an external engine, the shell command line that starts it; it must
  // answer within search.seconds + margin (search: its limits for `go`)
  std::string command;
  double margin = 2;
};

inline constexpr double kDefaultEngineSeconds = 0.1;

// `random`, `alphabeta[:time=S,depth=D,nodes=N,hash=MiB,quiescence=0|1,tb=DIR]`,
// `mcts[:time=S,iterations=N,threads=T,exploration=C,memory=MiB,tb=DIR]` or
// `ugi:[time=S,depth=D,nodes=N,margin=S,]cmd=<command line>` (cmd last: the
// rest of the text is the command, commas and all).
absl::StatusOr<EngineSpec> ParseEngineSpec(absl::string_view text);

struct MatchRequest {
  EngineSpec first;   // --p1: the engine the results are counted for
  EngineSpec second;  // --p2
  int games = 0;
  int openings = 0;  // random decisions from the start shared by each pair of games
  int balanced = 0;  // > 0: redraw openings decided within this many plies
  int threads = 1;   // games played at once
  uint64_t seed = 1;
  std::string record;  // file to write the games to, in the replay format; "" for none
  bool json = false;
};

// Results for the first engine.
struct MatchTally {
  int wins = 0;
  int losses = 0;
  int draws = 0;
  int forfeits_first = 0;  // games the first engine lost by forfeit
  int forfeits_second = 0;

  int games() const { return wins + losses + draws; }
  // 0 to 1, a draw counting half.
  double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }
};

// The Elo difference of the first engine over the second, with a 95%
// interval: the Wilson score interval of the score (draws counting half,
// which only widens the interval) carried through the logistic Elo curve.
// Perfect or null scores give infinite values.
struct EloEstimate {
  double elo = 0;
  double low = 0;
  double high = 0;
};
EloEstimate EstimateElo(const MatchTally& tally);

struct MatchSummary {
  std::string game;
  std::string first;  // engine texts
  std::string second;
  int games_requested = 0;
  int openings = 0;
  int balanced = 0;
  MatchTally tally;
  double seconds = 0;
  bool stopped = false;  // by Ctrl-C: the tally counts the games finished
};

// Text, or one JSON object (infinite Elo values as null).
void PrintMatchSummary(const MatchSummary& summary, bool json, std::ostream& out);

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_MATCH_H_
