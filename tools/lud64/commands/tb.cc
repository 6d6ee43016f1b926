// `lud64 tb`: endgame tablebases: build, probe, info, verify and compress.
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>

#include "absl/flags/flag.h"
#include "absl/functional/function_ref.h"
#include "absl/strings/str_format.h"
#include "play/engine_options.h"
#include "play/memory_check.h"
#include "play/table_operations.h"
#include "tools/common/interrupt.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/common_flags.h"

ABSL_FLAG(std::string, upto, "0",
          "tb build: movement endgames with at most N pieces a side on the board and none in "
          "hand, or with MvN at most M on one side and N on the other (0: every slice reachable "
          "from the game's start)");

ABSL_FLAG(bool, compress, true,
          "tb build: end with the files compressed (format 4); --nocompress keeps one or two "
          "bytes a position");

namespace lud64 {
namespace {

// Probes --position, or else each line of stdin (blank lines skipped), with
// the tables opened once: a terminal gets a hint on stderr, and input with no
// position is an error.
absl::Status Probe(const AnyGame& game, const std::string& dir, bool json) {
  absl::StatusOr<std::unique_ptr<TableProber>> prober = OpenTableProber(game, dir);
  if (!prober.ok()) return prober.status();
  const auto answer = [&](absl::string_view text) -> absl::Status {
    absl::StatusOr<std::string> result = (*prober)->Probe(text, json);
    if (!result.ok()) return result.status();
    std::cout << *result;
    return absl::OkStatus();
  };
  if (FlagGiven("position")) return answer(absl::GetFlag(FLAGS_position));
  if (absl::Status status = CheckStandardInput(); !status.ok()) return status;
  if (isatty(STDIN_FILENO)) {
    std::cerr << "lud64 tb probe: reading positions from standard input, one a line; Ctrl-D "
                 "ends\n";
  }
  std::string line;
  int probed = 0;
  for (int number = 1; std::getline(std::cin, line); ++number) {
    if (line.empty()) continue;
    if (absl::Status status = answer(line); !status.ok()) {
      // The code kept: a bad line is bad input (2), a damaged table an error (1).
      return absl::Status(status.code(), absl::StrCat("line ", number, ": ", status.message()));
    }
    ++probed;
  }
  if (probed == 0) {
    return absl::InvalidArgumentError(
        "tb probe: no position to probe: give --position=P, or positions on standard input, "
        "one a line");
  }
  return absl::OkStatus();
}

// The game of --game; for info and verify without it, the one family the
// directory's files name (their headers say which game made them).
absl::StatusOr<AnyGame> GameOfTables(const std::string& action, const std::string& dir) {
  if (FlagGiven("game") || (action != "info" && action != "verify" && action != "compress")) {
    return GameOfFlags(true);
  }
  absl::StatusOr<AnyGame> game = GameOfTableDir(dir);
  if (game.ok()) InstallInterruptHandler();
  return game;
}

// Runs `operation` on the game of the tables; the exit code.
int RunOnTables(const std::string& action, const std::string& dir,
                absl::FunctionRef<absl::Status(const AnyGame&)> operation) {
  absl::StatusOr<AnyGame> game = GameOfTables(action, dir);
  if (!game.ok()) return Fail(game.status());
  return ExitCodeOf(operation(*game));
}

int RunTb(const std::string& action) {
  const std::string dir = absl::GetFlag(FLAGS_tb);
  if (action == "build") {
    TableBuildRequest options;
    options.dir = dir;
    options.upto = absl::GetFlag(FLAGS_upto);
    const absl::Status upto = CheckTableLimit(options.upto, options.max_pieces);
    options.threads = absl::GetFlag(FLAGS_threads);
    // Without --memory, a build that cannot fit in this machine's memory is
    // refused at once rather than after hours, or killed (0, no bound, if the
    // memory is unknown).
    options.memory_mib = FlagGiven("memory") ? absl::GetFlag(FLAGS_memory)
                                             : static_cast<int64_t>(PhysicalMebibytes());
    if (absl::Status status = FirstError({
            upto.ok() ? absl::OkStatus()
                      : absl::InvalidArgumentError(absl::StrCat("--", upto.message())),
            CheckRange("threads", options.threads, 1, kMaxThreads),
            CheckRange<int64_t>("memory", options.memory_mib, 0, 1 << 24, " MiB"),
            RejectFlags({"position", "json"}, "tb probe"),
        });
        !status.ok()) {
      return Fail(status);
    }
    options.compress = absl::GetFlag(FLAGS_compress);
    options.stop = InterruptFlag();
    return RunOnAnyGame([&](const AnyGame& game) { return BuildTables(game, options, std::cerr); });
  }
  if (absl::Status status = RejectFlags({"upto", "memory", "compress"}, "tb build"); !status.ok()) {
    return Fail(status);
  }
  if (action != "verify" && action != "compress") {
    if (absl::Status status = RejectFlags({"threads"}, "tb build, tb verify and tb compress");
        !status.ok()) {
      return Fail(status);
    }
  }
  if (action == "probe") {
    const bool json = absl::GetFlag(FLAGS_json);
    return RunOnAnyGame([&](const AnyGame& game) { return Probe(game, dir, json); },
                        /*long_work=*/false);
  }
  if (absl::Status status = RejectFlags({"position", "json"}, "tb probe"); !status.ok()) {
    return Fail(status);
  }
  if (action == "info") {
    return RunOnTables(action, dir, [&](const AnyGame& game) -> absl::Status {
      absl::StatusOr<std::string> info = TablesInfo(game, dir);
      if (!info.ok()) return info.status();
      std::cout << *info;
      return absl::OkStatus();
    });
  }
  const int threads = absl::GetFlag(FLAGS_threads);
  if (absl::Status status = CheckRange("threads", threads, 1, kMaxThreads); !status.ok()) {
    return Fail(status);
  }
  if (action == "compress") {
    return RunOnTables(action, dir, [&](const AnyGame& game) -> absl::Status {
      absl::StatusOr<TablesCompressed> report =
          CompressTables(game, dir, threads, std::cerr, InterruptFlag());
      if (!report.ok()) return report.status();
      std::cout << absl::StreamFormat(
          "compressed %d files: %d bytes to %d (%.1fx); %d were in format 4 already\n",
          report->compressed, report->bytes_before, report->bytes_after,
          1.0 * report->bytes_before / std::max<uint64_t>(report->bytes_after, 1), report->already);
      return absl::OkStatus();
    });
  }
  return RunOnTables(action, dir, [&](const AnyGame& game) -> absl::Status {  // verify
    absl::StatusOr<TablesVerified> report =
        VerifyTables(game, dir, threads, std::cerr, InterruptFlag());
    if (!report.ok()) return report.status();
    std::cout << absl::StreamFormat("verified %d positions: %d mismatches\n", report->positions,
                                    report->mismatches);
    for (const std::string& example : report->examples) std::cout << "  " << example << "\n";
    if (report->mismatches > 0) {
      return absl::DataLossError(absl::StrCat(report->mismatches, " stored values disagree"));
    }
    return absl::OkStatus();
  });
}

}  // namespace

extern const Command kTbCommand;
const Command kTbCommand = {
    "tb",
    "lud64 tb build --game=G [--upto=N|MvN] [--threads=T] [--memory=MiB] [--nocompress] "
    "[--tb=DIR]\n"
    "  lud64 tb probe --game=G (--position=P | < positions.txt) [--json] [--tb=DIR]\n"
    "  lud64 tb info [--game=G] [--tb=DIR]\n"
    "  lud64 tb verify [--game=G] [--threads=T] [--tb=DIR]\n"
    "  lud64 tb compress [--game=G] [--threads=T] [--tb=DIR]",
    "Endgame tablebases (Davxar and Damdaman): exact values by retrograde analysis.\n"
    "  build: solve every slice reachable from the game's start, or with --upto=N the\n"
    "    movement endgames with at most N pieces a side (--upto=4v3: at most 4 on one\n"
    "    side and 3 on the other); complete files are kept, so an\n"
    "    interrupted build resumes, and ends by compressing the files (--nocompress:\n"
    "    one or two bytes a position). Davxar tables serve every pieces= option.\n"
    "  probe: the value of --position, or without it of each line of standard input\n"
    "    (blank lines skipped; none at all is an error), for the player to move:\n"
    "    win, draw or loss, the distance in turns (a Davxar removal is not a turn), the\n"
    "    plies of an optimal line, the best decision and every decision's value.\n"
    "  info: slices, sizes, value shares, checksums. verify: re-derive every value.\n"
    "  compress: turn uncompressed files (format 1), and those of the older compressed\n"
    "    formats 2 and 3, into format 4 in place.\n"
    "    Without --game, info, verify and compress take the family the directory's\n"
    "    files name.\n"
    "  Tables live in --tb, else $LUD64_TB, else ./tablebases.\n"
    "  example: lud64 tb build --game=davxar:pieces=3 &&\n"
    "           lud64 tb probe --game=davxar:pieces=3 --position=start",
    {"game", "position", "json", "tb", "upto", "threads", "memory", "compress"},
    RunTb,
    {"build", "probe", "info", "verify", "compress"},
    {},
    {{"position",
      "probe: the position to probe (default: none: positions are read from standard input, "
      "one a line)"},
     {"memory",
      "build: the solver's working memory in MiB (default: this machine's memory; 0: no "
      "bound)"}}};

}  // namespace lud64
