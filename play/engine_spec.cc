#include "play/engine_spec.h"

#include <optional>
#include <type_traits>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "engine/game_spec.h"
#include "engine/input_text.h"
#include "play/engine_options.h"

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
      return "time, depth, nodes, hash, threads, quiescence, eval, evalfile, tb";
    case EngineKind::kMcts:
      return "time, iterations, threads, exploration, press, memory, leaves, eval, evalfile, tb";
    case EngineKind::kSolver:
      return "time, depth, nodes, hash, tb";
    case EngineKind::kUgi:
      return "time, depth, nodes, margin, then cmd last";
  }
  return "";
}

absl::Status ReadEngineOption(absl::string_view text, absl::string_view name,
                              absl::string_view value, EngineSpec& spec) {
  const EngineKind kind = spec.kind();
  const bool alphabeta = kind == EngineKind::kAlphaBeta, mcts = kind == EngineKind::kMcts;
  const bool ugi = kind == EngineKind::kUgi, solver = kind == EngineKind::kSolver;
  const bool searches = alphabeta || mcts || solver;
  EngineOptions& options = spec.options;
  EngineLimits& limits = spec.limits;
  if (name == "time" && (searches || ugi)) {
    return ReadOption(text, name, value, 1e-6, kMaxSeconds, limits.seconds);
  }
  if (name == "depth" && (alphabeta || solver || ugi)) {
    return ReadOption(text, name, value, 1, kMaxDepth, limits.depth);
  }
  if (name == "margin" && ugi) return ReadOption(text, name, value, 0.0, 86400.0, spec.margin);
  if (name == "nodes" && (alphabeta || solver || ugi)) {
    return ReadOption<uint64_t>(text, name, value, 1, uint64_t{1} << 50, limits.nodes);
  }
  if (name == "hash" && (alphabeta || solver)) {
    return ReadOption(text, name, value, 1, kMaxTableMib, options.hash_mib);
  }
  if (name == "quiescence" && alphabeta) {
    int quiescence = 1;
    absl::Status status = ReadOption(text, name, value, 0, 1, quiescence);
    options.quiescence = quiescence != 0;
    return status;
  }
  if (name == "iterations" && mcts) {
    return ReadOption<uint64_t>(text, name, value, 1, uint64_t{1} << 50, limits.nodes);
  }
  if (name == "threads" && (alphabeta || mcts))
    return ReadOption(text, name, value, 1, kMaxThreads, options.threads);
  if (name == "exploration" && mcts) {
    return ReadOption(text, name, value, 0.0, kMaxExploration, options.exploration);
  }
  if (name == "press" && mcts) return ReadOption(text, name, value, 0.0, 1.0, options.press);
  if (name == "memory" && mcts) {
    return ReadOption(text, name, value, 1, kMaxTableMib, options.memory_mib);
  }
  if (name == "leaves" && mcts) {
    if (const std::optional<MctsLeaves> leaves = ValueNamed(kMctsLeavesNames, value)) {
      options.leaves = *leaves;
      return absl::OkStatus();
    }
    return absl::InvalidArgumentError(absl::StrCat("engine ", Quoted(text),
                                                   ": option leaves=", Escaped(value), " must be ",
                                                   NameChoices(kMctsLeavesNames)));
  }
  if (name == "eval" && (alphabeta || mcts)) {
    if (const std::optional<Evaluation> evaluation = ValueNamed(kEvaluationNames, value)) {
      options.evaluation = *evaluation;
      return absl::OkStatus();
    }
    return absl::InvalidArgumentError(absl::StrCat("engine ", Quoted(text),
                                                   ": option eval=", Escaped(value), " must be ",
                                                   NameChoices(kEvaluationNames)));
  }
  if (name == "evalfile" && (alphabeta || mcts) && !value.empty()) {
    options.evalfile = std::string(value);
    return absl::OkStatus();
  }
  if (name == "tb" && searches) {
    options.tables = std::string(value);
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(absl::StrCat("engine ", Quoted(text), ": unknown option ",
                                                 Quoted(name), " (options: ", OptionsOf(kind),
                                                 ")"));
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
    spec.options.kind = EngineKind::kRandom;
  } else if (parsed->name == "alphabeta") {
    spec.options.kind = EngineKind::kAlphaBeta;
  } else if (parsed->name == "mcts") {
    spec.options.kind = EngineKind::kMcts;
  } else if (parsed->name == "solver") {
    spec.options.kind = EngineKind::kSolver;
  } else if (parsed->name == "ugi" && !command.empty()) {
    spec.options.kind = EngineKind::kUgi;
    spec.command = command;
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown engine ", Quoted(parsed->name),
                     "; engines: random, alphabeta, mcts, solver, ugi:cmd=..."));
  }
  bool limited = false;
  for (const auto& [name, value] : parsed->options) {
    if (absl::Status status = ReadEngineOption(text, name, value, spec); !status.ok()) {
      return status;
    }
    limited =
        limited || name == "time" || name == "depth" || name == "nodes" || name == "iterations";
  }
  if (!limited) spec.limits.seconds = kDefaultEngineSeconds;
  return spec;
}

bool RepeatsItsGames(const EngineSpec& spec) {
  if (spec.caller) return false;
  const EngineOptions& options = spec.options;
  switch (spec.kind()) {
    case EngineKind::kAlphaBeta:
      return spec.limits.seconds == 0 && options.threads == 1;
    case EngineKind::kSolver:
      return spec.limits.seconds == 0;
    case EngineKind::kMcts:
      return spec.limits.seconds == 0 && options.threads == 1 &&
             options.leaves == MctsLeaves::kEvaluation;
    default:
      return false;
  }
}

}  // namespace lud64
