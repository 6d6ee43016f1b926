// `lud64 accuracy`: engines measured against perfect play (play/accuracy.h).
#include "play/accuracy.h"

#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_format.h"
#include "play/json_string.h"
#include "play/wilson_interval.h"
#include "tools/common/interrupt.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/common_flags.h"

ABSL_FLAG(int, positions, 100, "accuracy: critical positions to sample (1 to 100000)");
ABSL_FLAG(std::string, phase, "all", "accuracy: the phase to sample: placement, movement or all");
ABSL_FLAG(std::string, positions_file, "",
          "accuracy: positions to measure instead of sampling, one a line (a position, or "
          "decisions from the start, as match --openings-file)");

namespace lud64 {
namespace {

constexpr int kMaxPositions = 100'000;

// "5.7% (3.1-9.9)": a share of decisions with its 95% interval.
std::string ShareText(int k, int n) {
  if (n == 0) return "-";
  const Interval ci = Wilson95(k, n);
  return absl::StrFormat("%.1f%% (%.1f-%.1f)", 100.0 * k / n, 100 * ci.low, 100 * ci.high);
}

std::string ShareJson(int k, int n) {
  const Interval ci = Wilson95(k, n);
  return absl::StrFormat(
      "{\"count\": %d, \"of\": %d, \"share\": %.6f, \"low\": %.6f, \"high\": %.6f}", k, n,
      n ? static_cast<double>(k) / n : 0.0, ci.low, ci.high);
}

// The lost share among all decisions, and the slower share among those in won positions.
std::string CountJson(const AccuracyCount& count, int won_decisions) {
  return absl::StrFormat("{\"decisions\": %d, \"lost\": %s, \"slower_wins\": %s}", count.decisions,
                         ShareJson(count.lost, count.decisions),
                         ShareJson(count.slower, won_decisions));
}

void PrintText(const AccuracyReport& report) {
  int by_value[kCriticalValues] = {};
  for (const CriticalRecord& r : report.positions) {
    ++by_value[r.value.result == tablebase::TbResult::kWin ? 0 : 1];
  }
  std::cout << absl::StreamFormat(
      "game      %s\npositions %d critical (%d won, %d drawn for the player to move)%s\n",
      report.game, report.positions.size(), by_value[0], by_value[1],
      report.random_games ? absl::StrFormat(", from %d random games", report.random_games) : "");
  if (report.skipped_not_critical) {
    std::cout << absl::StreamFormat(
        "skipped   %d lines of the file: not critical, or another phase\n",
        report.skipped_not_critical);
  }
  std::cout << "\nshare of decisions that throw the value away, with 95% intervals\n";
  for (const EngineAccuracy& engine : report.engines) {
    const AccuracyCount total = engine.Total();
    const AccuracyCount won = engine.OfValue(CriticalValue::kWin);
    std::cout << absl::StreamFormat("\n%s  (%.3f s a decision)\n", engine.engine,
                                    total.decisions ? engine.seconds / total.decisions : 0.0);
    std::cout << absl::StreamFormat("  all         %-22s of %d\n",
                                    ShareText(total.lost, total.decisions), total.decisions);
    for (GamePhase phase : {GamePhase::kPlacement, GamePhase::kMovement}) {
      const AccuracyCount c = engine.OfPhase(phase);
      if (c.decisions == 0) continue;
      std::cout << absl::StreamFormat("  %-11s %-22s of %d\n", PhaseName(phase),
                                      ShareText(c.lost, c.decisions), c.decisions);
    }
    const AccuracyCount drawn = engine.OfValue(CriticalValue::kDraw);
    if (won.decisions) {
      std::cout << absl::StreamFormat("  won         %-22s of %d\n",
                                      ShareText(won.lost, won.decisions), won.decisions);
    }
    if (drawn.decisions) {
      std::cout << absl::StreamFormat("  drawn       %-22s of %d\n",
                                      ShareText(drawn.lost, drawn.decisions), drawn.decisions);
    }
    if (won.decisions) {
      std::cout << absl::StreamFormat("  slower win  %-22s of %d won\n",
                                      ShareText(won.slower, won.decisions), won.decisions);
    }
  }
}

void PrintJson(const AccuracyReport& report) {
  std::cout << absl::StreamFormat(
      "{\"game\": %s, \"random_games\": %d, \"skipped\": %d, "
      "\"stopped\": %s, \"engines\": [",
      JsonString(report.game), report.random_games, report.skipped_not_critical,
      report.stopped ? "true" : "false");
  for (size_t e = 0; e < report.engines.size(); ++e) {
    const EngineAccuracy& engine = report.engines[e];
    const int won = engine.OfValue(CriticalValue::kWin).decisions;
    std::cout << (e ? ", " : "")
              << absl::StreamFormat("{\"engine\": %s, \"seconds\": %.3f, \"all\": %s",
                                    JsonString(engine.engine), engine.seconds,
                                    CountJson(engine.Total(), won));
    for (GamePhase phase : {GamePhase::kPlacement, GamePhase::kMovement}) {
      std::cout << absl::StreamFormat(
          ", \"%s\": %s", PhaseName(phase),
          CountJson(engine.OfPhase(phase), engine.cells[static_cast<int>(phase)][0].decisions));
    }
    std::cout << absl::StreamFormat(", \"won\": %s, \"drawn\": %s}",
                                    CountJson(engine.OfValue(CriticalValue::kWin), won),
                                    CountJson(engine.OfValue(CriticalValue::kDraw), 0));
  }
  std::cout << "], \"positions\": [";
  for (size_t i = 0; i < report.positions.size(); ++i) {
    const CriticalRecord& r = report.positions[i];
    std::cout << (i ? ", " : "")
              << absl::StreamFormat(
                     "{\"position\": %s, \"phase\": \"%s\", \"value\": \"%s\", "
                     "\"turns\": %d, \"decisions\": [",
                     JsonString(r.position), PhaseName(r.phase),
                     r.value.result == tablebase::TbResult::kWin ? "win" : "draw", r.value.turns);
    for (size_t e = 0; e < r.decisions.size(); ++e) {
      const char* kept = r.outcomes[e].result == tablebase::TbResult::kWin    ? "win"
                         : r.outcomes[e].result == tablebase::TbResult::kDraw ? "draw"
                                                                              : "loss";
      std::cout << (e ? ", " : "")
                << absl::StreamFormat("{\"decision\": %s, \"value\": \"%s\", \"turns\": %d}",
                                      JsonString(r.decisions[e]), kept, r.outcomes[e].turns);
    }
    std::cout << "]}";
  }
  std::cout << "]}\n";
}

int RunAccuracyCommand(const std::string&) {
  AccuracyRequest request;
  request.stop = InterruptFlag();
  const std::vector<std::string> engines = FlagValues("engine");
  if (engines.empty()) {
    return Fail(absl::InvalidArgumentError("accuracy needs --engine=SPEC, once per engine"));
  }
  for (const std::string& text : engines) {
    absl::StatusOr<EngineSpec> spec = ParseEngineSpec(text);
    if (!spec.ok()) return Fail(absl::InvalidArgumentError(spec.status().message()));
    request.engines.push_back(*std::move(spec));
  }
  request.tables = absl::GetFlag(FLAGS_tb);
  request.positions = absl::GetFlag(FLAGS_positions);
  request.seed = absl::GetFlag(FLAGS_seed);
  request.positions_file = absl::GetFlag(FLAGS_positions_file);
  const std::string phase = absl::GetFlag(FLAGS_phase);
  if (phase == "placement") {
    request.movement = false;
  } else if (phase == "movement") {
    request.placement = false;
  } else if (phase != "all") {
    return Fail(absl::InvalidArgumentError(
        absl::StrCat("--phase=", phase, ": expected placement, movement or all")));
  }
  if (absl::Status status = CheckRange("positions", request.positions, 1, kMaxPositions);
      !status.ok()) {
    return Fail(status);
  }
  if (absl::Status status = RejectEmptyFileFlags({"positions_file"}); !status.ok()) {
    return Fail(status);
  }
  if (FlagGiven("positions") && FlagGiven("positions_file")) {
    return Fail(absl::InvalidArgumentError(
        "--positions and --positions-file exclude each other: the file says which positions"));
  }
  absl::StatusOr<AnyGame> game = GameOfFlags(/*long_work=*/true);
  if (!game.ok()) return Fail(game.status());
  absl::StatusOr<AccuracyReport> report =
      MeasureAccuracy(*game, request, [](const std::string& line) { std::cerr << line << "\n"; });
  if (!report.ok()) return Fail(report.status());
  if (absl::GetFlag(FLAGS_json)) {
    PrintJson(*report);
  } else {
    PrintText(*report);
  }
  if (report->stopped) {
    std::cout.flush();
    std::cerr << "lud64 accuracy: stopped; the counts are those of the positions decided\n";
    return 130;
  }
  return 0;
}

}  // namespace

extern const Command kAccuracyCommand;
const Command kAccuracyCommand = {
    "accuracy",
    "lud64 accuracy [--game=G] [--tb=DIR] [--positions=N | --positions-file=FILE] [--seed=S]\n"
    "               [--phase=placement|movement|all] [--json] --engine=SPEC [--engine=SPEC ...]",
    "Measure engines against perfect play: sample critical positions the endgame tables\n"
    "  hold (one from each seeded random game: the player to move is not lost and some\n"
    "  decision changes the exact value), ask each engine for its decision without tables,\n"
    "  and report the share of decisions that throw the value away (a win to a draw or a\n"
    "  loss, a draw to a loss) with its 95% interval, by phase and by value, and the share\n"
    "  of won positions where the win is kept but slower. Engines as match's --p1.\n"
    "  example: lud64 accuracy --game=davxar:pieces=4 --tb=tables --positions=200\n"
    "           --engine=alphabeta:time=0.1 --engine=mcts:time=0.1",
    {"game", "tb", "positions", "positions_file", "seed", "phase", "json", "engine"},
    RunAccuracyCommand,
    {},
    {"engine"},
    {{"engine", "an engine to measure, as match's --p1 takes it; once per engine (required)"}}};

}  // namespace lud64
