#include "tools/lud64/match.h"

#include <cmath>
#include <limits>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/game_spec.h"
#include "engine/input_text.h"
#include "search/playout_stats.h"
#include "tools/lud64/common_flags.h"
#include "tools/lud64/json_string.h"

namespace lud64 {
namespace {

// Reads `value` into `out` when it is a number within [low, high].
template <class T>
absl::Status ReadOption(absl::string_view engine, absl::string_view name, absl::string_view value,
                        T low, T high, T& out) {
  bool ok;
  if constexpr (std::is_floating_point_v<T>) {
    ok = absl::SimpleAtod(value, &out);
  } else {
    ok = absl::SimpleAtoi(value, &out);
  }
  if (!ok || !(out >= low && out <= high)) {  // also rejects NaN
    return absl::InvalidArgumentError(absl::StrCat("engine ", Quoted(engine), ": option ", name,
                                                   "=", Escaped(value), " must be a number from ",
                                                   low, " to ", high));
  }
  return absl::OkStatus();
}

const char* OptionsOf(EngineKind kind) {
  switch (kind) {
    case EngineKind::kRandom:
      return "none";
    case EngineKind::kAlphaBeta:
      return "time, depth, nodes, hash, quiescence, tb";
    case EngineKind::kMcts:
      return "time, iterations, threads, exploration, memory, tb";
    case EngineKind::kUgi:
      return "time, depth, nodes, margin, then cmd last";
  }
  return "";
}

absl::Status ReadEngineOption(absl::string_view text, absl::string_view name,
                              absl::string_view value, EngineSpec& spec) {
  const bool alphabeta = spec.kind == EngineKind::kAlphaBeta, mcts = spec.kind == EngineKind::kMcts;
  const bool ugi = spec.kind == EngineKind::kUgi;
  if (name == "time" && (alphabeta || mcts || ugi)) {
    double seconds;
    absl::Status status = ReadOption(text, name, value, 1e-6, kMaxSeconds, seconds);
    spec.search.seconds = spec.mcts.seconds = seconds;
    return status;
  }
  if (name == "depth" && (alphabeta || ugi)) {
    return ReadOption(text, name, value, 1, 100, spec.search.depth);
  }
  if (name == "margin" && ugi) return ReadOption(text, name, value, 0.0, 86400.0, spec.margin);
  if (name == "nodes" && (alphabeta || ugi)) {
    return ReadOption<uint64_t>(text, name, value, 1, uint64_t{1} << 50, spec.search.nodes);
  }
  if (name == "hash" && alphabeta) return ReadOption(text, name, value, 1, 65536, spec.hash_mib);
  if (name == "quiescence" && alphabeta) {
    return ReadOption(text, name, value, 0, 1, spec.quiescence);
  }
  if (name == "iterations" && mcts) {
    return ReadOption<uint64_t>(text, name, value, 1, uint64_t{1} << 50, spec.mcts.iterations);
  }
  if (name == "threads" && mcts) return ReadOption(text, name, value, 1, 256, spec.threads);
  if (name == "exploration" && mcts) {
    return ReadOption(text, name, value, 0.0, 100.0, spec.exploration);
  }
  if (name == "memory" && mcts) return ReadOption(text, name, value, 1, 65536, spec.memory_mib);
  if (name == "tb" && (alphabeta || mcts)) {
    spec.use_tables = true;
    spec.tables = std::string(value);
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(absl::StrCat("engine ", Quoted(text), ": unknown option ",
                                                 Quoted(name), " (options: ", OptionsOf(spec.kind),
                                                 ")"));
}

double EloOfScore(double score) {
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  if (score <= 0) return -kInfinity;
  if (score >= 1) return kInfinity;
  return -400 * std::log10(1 / score - 1);
}

std::string EloText(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  return absl::StrFormat("%+.0f", elo + 0.0);  // -0 reads +0
}

std::string EloJson(double elo) {
  return std::isfinite(elo) ? absl::StrFormat("%.1f", elo + 0.0) : "null";
}

}  // namespace

absl::StatusOr<EngineSpec> ParseEngineSpec(absl::string_view text) {
  // An external engine's command line may hold anything: it is the rest of
  // the text after `cmd=`, which comes last.
  absl::string_view options = text;
  std::string command;
  if (absl::StartsWithIgnoreCase(text, "ugi:")) {
    size_t at = text.find("cmd=");
    while (at != absl::string_view::npos && text[at - 1] != ':' && text[at - 1] != ',') {
      at = text.find("cmd=", at + 1);
    }
    if (at == absl::string_view::npos || at + 4 == text.size()) {
      return absl::InvalidArgumentError(
          absl::StrCat("engine '", text, "': ugi needs cmd=<command line>, last"));
    }
    command = std::string(text.substr(at + 4));
    options = text.substr(0, at - 1);  // without the separator before cmd=
  }
  // An engine is written like a game with options, and read by the same parser.
  absl::StatusOr<GameSpec> parsed = ParseNameWithOptions(options, "engine");
  if (!parsed.ok()) return parsed.status();
  EngineSpec spec;
  spec.text = std::string(text);
  if (parsed->name == "random") {
    spec.kind = EngineKind::kRandom;
  } else if (parsed->name == "alphabeta") {
    spec.kind = EngineKind::kAlphaBeta;
  } else if (parsed->name == "mcts") {
    spec.kind = EngineKind::kMcts;
  } else if (parsed->name == "ugi" && !command.empty()) {
    spec.kind = EngineKind::kUgi;
    spec.command = command;
  } else {
    return absl::InvalidArgumentError(absl::StrCat(
        "unknown engine ", Quoted(parsed->name), "; engines: random, alphabeta, mcts, ugi:cmd=..."));
  }
  bool limited = false;
  for (const auto& [name, value] : parsed->options) {
    if (absl::Status status = ReadEngineOption(text, name, value, spec); !status.ok()) {
      return status;
    }
    limited =
        limited || name == "time" || name == "depth" || name == "nodes" || name == "iterations";
  }
  if (!limited) spec.search.seconds = spec.mcts.seconds = kDefaultEngineSeconds;
  return spec;
}

EloEstimate EstimateElo(const MatchTally& tally) {
  const double n = tally.games(), score = tally.score();
  if (n == 0) return {0, EloOfScore(0), EloOfScore(1)};
  const Interval ci = Wilson95Share(score, n);
  // At a score of 0 or 1 the interval reaches it exactly, not within rounding.
  return {EloOfScore(score), EloOfScore(score <= 0 ? 0 : ci.low),
          EloOfScore(score >= 1 ? 1 : ci.high)};
}

void PrintMatchSummary(const MatchSummary& s, bool json, std::ostream& out) {
  const MatchTally& t = s.tally;
  const EloEstimate elo = EstimateElo(t);
  if (json) {
    out << absl::StreamFormat(
        "{\"game\": %s, \"p1\": %s, \"p2\": %s, \"games\": %d, \"wins\": %d, "
        "\"losses\": %d, \"draws\": %d, \"score\": %.4f, \"elo\": %s, \"elo_low\": %s, "
        "\"elo_high\": %s, \"openings\": %d, \"balanced\": %d, \"seconds\": %.3f, "
        "\"stopped\": %s, \"forfeits_p1\": %d, \"forfeits_p2\": %d}\n",
        JsonString(s.game), JsonString(s.first), JsonString(s.second), t.games(), t.wins, t.losses,
        t.draws, t.score(), EloJson(elo.elo), EloJson(elo.low), EloJson(elo.high), s.openings,
        s.balanced, s.seconds, s.stopped ? "true" : "false", t.forfeits_first, t.forfeits_second);
    return;
  }
  out << absl::StreamFormat(
             "match    %s: %s against %s, openings of %d decisions%s\n", s.game, s.first, s.second,
             s.openings,
             s.balanced ? absl::StrCat(", none decided within ", s.balanced, " plies") : "")
      << absl::StreamFormat("games    %d of %d%s in %.1f s, colours alternating\n", t.games(),
                            s.games_requested, s.stopped ? " (interrupted)" : "", s.seconds)
      << absl::StreamFormat("result   %d wins, %d losses, %d draws for %s\n", t.wins, t.losses,
                            t.draws, s.first)
      << (t.forfeits_first + t.forfeits_second > 0
              ? absl::StrFormat("forfeits %d by %s, %d by %s\n", t.forfeits_first, s.first,
                                t.forfeits_second, s.second)
              : "")
      << absl::StreamFormat("score    %.3f (%g of %d)\n", t.score(), t.wins + 0.5 * t.draws,
                            t.games())
      << absl::StreamFormat("elo      %s (95%% interval %s to %s)\n", EloText(elo.elo),
                            EloText(elo.low), EloText(elo.high));
}

}  // namespace lud64
