// `lud64 match`'s report: the tally for the first engine with its Elo
// estimates (per game and per pair), the SPRT's state, as text or JSON.
#ifndef LUD64_TOOLS_LUD64_COMMANDS_MATCH_MATCH_REPORT_H_
#define LUD64_TOOLS_LUD64_COMMANDS_MATCH_MATCH_REPORT_H_

#include <optional>
#include <ostream>
#include <string>

#include "play/match_statistics.h"
#include "play/sprt.h"

namespace lud64 {

struct MatchSummary {
  std::string game;
  std::string first;  // engine texts
  std::string second;
  int games_requested = 0;
  int openings = 0;
  int balanced = 0;
  std::string book;  // the openings file, or "" for random openings
  MatchTally tally;
  double seconds = 0;
  bool stopped = false;  // by Ctrl-C: the tally counts the games finished
  std::optional<Sprt> sprt = std::nullopt;
  double llr = 0;
  SprtResult sprt_result = SprtResult::kContinue;
};

// Text, or one JSON object (infinite Elo values as null).
void PrintMatchSummary(const MatchSummary& summary, bool json, std::ostream& out);

// An Elo estimate for people: "+12 (95% interval -30 to +55)", never an
// infinite value: a score of 0 or 1 gives "at most -7 (score 0: the 95%
// interval's upper end)", an interval open on one side "(95% interval: at
// least +50)".
std::string EloWithInterval(const EloEstimate& estimate);
// The per-pair line after "pair elo ": the estimate, nElo and LOS; pairs all
// scored alike (no spread) give the point alone and nElo "-".
std::string PairEloText(const PentanomialEstimate& pairs);

// The SPRT's line, as fastchess writes it: `LLR 2.95 (-2.94, 2.94) [0.00, 10.00]`.
std::string SprtLine(const Sprt& sprt, double llr);

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_COMMANDS_MATCH_MATCH_REPORT_H_
