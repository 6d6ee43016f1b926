#include "tools/lud64/commands/match/match_report.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "play/json_string.h"

namespace lud64 {
namespace {

// A finite Elo value.
std::string EloText(double elo) {
  return absl::StrFormat("%+.0f", elo + 0.0);  // -0 reads +0
}

}  // namespace

std::string EloWithInterval(const EloEstimate& e) {
  const bool low = std::isfinite(e.low), high = std::isfinite(e.high);
  if (std::isfinite(e.elo)) {
    if (low && high) {
      return absl::StrFormat("%s (95%% interval %s to %s)", EloText(e.elo), EloText(e.low),
                             EloText(e.high));
    }
    if (low || high) {
      return absl::StrFormat("%s (95%% interval: at %s %s)", EloText(e.elo), low ? "least" : "most",
                             EloText(low ? e.low : e.high));
    }
    return absl::StrFormat("%s (95%% interval unbounded)", EloText(e.elo));
  }
  // A score of 0 or 1: no estimate, only the interval's one finite end.
  if (e.elo < 0 && high) {
    return absl::StrFormat("at most %s (score 0: the 95%% interval's upper end)", EloText(e.high));
  }
  if (e.elo > 0 && low) {
    return absl::StrFormat("at least %s (score 1: the 95%% interval's lower end)", EloText(e.low));
  }
  return e.elo < 0 ? "unbounded below (score 0)" : "unbounded above (score 1)";
}

std::string PairEloText(const PentanomialEstimate& pairs) {
  std::string elo;
  if (pairs.variance > 0) {
    elo = EloWithInterval(pairs.elo);
  } else {
    // Every pair scored alike: no spread to make an interval or nElo of.
    const std::string alike = pairs.score <= 0   ? "every pair lost both games"
                              : pairs.score >= 1 ? "every pair won both games"
                                                 : "every pair scored alike";
    elo = absl::StrCat(std::isfinite(pairs.elo.elo) ? EloText(pairs.elo.elo) : "-", " (", alike,
                       ": no interval)");
  }
  return absl::StrFormat("%s, nElo %s, LOS %.1f%%", elo,
                         std::isfinite(pairs.nelo)
                             ? absl::StrFormat("%s +/- %.0f", EloText(pairs.nelo), pairs.nelo_error)
                             : std::string("-"),
                         100 * pairs.los);
}

namespace {

std::string EloJson(double elo) {
  return std::isfinite(elo) ? absl::StrFormat("%.1f", elo + 0.0) : "null";
}

std::string NumberJson(double value) {
  return std::isfinite(value) ? absl::StrFormat("%.4f", value + 0.0) : "null";
}

}  // namespace

std::string SprtLine(const Sprt& sprt, double llr) {
  return absl::StrFormat("LLR %.2f (%.2f, %.2f) [%.2f, %.2f]%s", llr, sprt.lower(), sprt.upper(),
                         sprt.elo0, sprt.elo1, sprt.model == SprtModel::kNormalized ? " nElo" : "");
}

void PrintMatchSummary(const MatchSummary& s, bool json, std::ostream& out) {
  const MatchTally& t = s.tally;
  const EloEstimate elo = EstimateElo(t);
  const PentanomialEstimate pairs = EstimatePentanomial(t.pentanomial);
  if (json) {
    out << absl::StreamFormat(
        "{\"game\": %s, \"p1\": %s, \"p2\": %s, \"games\": %d, \"wins\": %d, "
        "\"losses\": %d, \"draws\": %d, \"score\": %.4f, \"elo\": %s, \"elo_low\": %s, "
        "\"elo_high\": %s, \"openings\": %d, \"balanced\": %d, \"openings_file\": %s, "
        "\"seconds\": %.3f, \"stopped\": %s, \"forfeits_p1\": %d, \"forfeits_p2\": %d, "
        "\"pairs\": %d, \"pentanomial\": [%s], \"pair_score\": %.4f, \"pair_elo\": %s, "
        "\"pair_elo_low\": %s, \"pair_elo_high\": %s, \"nelo\": %s, \"nelo_error\": %s, "
        "\"los\": %s",
        JsonString(s.game), JsonString(s.first), JsonString(s.second), t.games(), t.wins, t.losses,
        t.draws, t.score(), EloJson(elo.elo), EloJson(elo.low), EloJson(elo.high), s.openings,
        s.balanced, s.book.empty() ? "null" : JsonString(s.book), s.seconds,
        s.stopped ? "true" : "false", t.forfeits_first, t.forfeits_second, pairs.pairs,
        absl::StrJoin(t.pentanomial, ", "), pairs.score, EloJson(pairs.elo.elo),
        EloJson(pairs.elo.low), EloJson(pairs.elo.high), EloJson(pairs.nelo),
        EloJson(pairs.nelo_error), NumberJson(pairs.los));
    if (s.sprt) {
      out << absl::StreamFormat(
          ", \"sprt\": {\"elo0\": %g, \"elo1\": %g, \"alpha\": %g, \"beta\": %g, "
          "\"model\": \"%s\", \"llr\": %.4f, \"lower\": %.4f, \"upper\": %.4f, \"result\": "
          "\"%s\"}",
          s.sprt->elo0, s.sprt->elo1, s.sprt->alpha, s.sprt->beta, SprtModelName(s.sprt->model),
          s.llr, s.sprt->lower(), s.sprt->upper(), SprtResultName(s.sprt_result));
    }
    out << "}\n";
    return;
  }
  const std::string openings =
      !s.book.empty()
          ? absl::StrCat("openings from ", s.book)
          : absl::StrCat(
                "openings of ", s.openings, " decisions",
                s.balanced ? absl::StrCat(", none decided within ", s.balanced, " plies") : "");
  out << absl::StreamFormat("match    %s: %s against %s, %s\n", s.game, s.first, s.second, openings)
      << absl::StreamFormat("games    %d of %d%s in %.1f s, colours swapped in each pair\n",
                            t.games(), s.games_requested, s.stopped ? " (interrupted)" : "",
                            s.seconds)
      << absl::StreamFormat("result   %d wins, %d losses, %d draws for %s\n", t.wins, t.losses,
                            t.draws, s.first)
      << (t.forfeits_first + t.forfeits_second > 0
              ? absl::StrFormat("forfeits %d by %s, %d by %s\n", t.forfeits_first, s.first,
                                t.forfeits_second, s.second)
              : "")
      << absl::StreamFormat("score    %.3f (%g of %d)\n", t.score(), t.wins + 0.5 * t.draws,
                            t.games())
      << absl::StreamFormat("elo      %s, games taken as independent\n",
                            t.games() > 0 ? EloWithInterval(elo) : "- (no game finished)")
      << absl::StreamFormat("Ptnml(0-2): [%s], %d pairs\n", absl::StrJoin(t.pentanomial, ", "),
                            pairs.pairs);
  if (pairs.pairs > 0) out << "pair elo " << PairEloText(pairs) << "\n";
  if (s.sprt) {
    const char* verdict = s.sprt_result == SprtResult::kH1   ? "H1 accepted"
                          : s.sprt_result == SprtResult::kH0 ? "H0 accepted"
                                                             : "no decision";
    out << "sprt     " << SprtLine(*s.sprt, s.llr) << ", " << verdict << "\n";
  }
}

}  // namespace lud64
