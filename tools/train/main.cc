// lud64-train: the training pipeline of the learned evaluations (network/).
// Its commands and their flags: kUsage below (`lud64-train --help`);
// tools/train/README.md runs them in order (tools/train/train.sh).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "network/network_file.h"
#include "network/training.h"
#include "play/training_samples.h"
#include "tools/common/interrupt.h"
#include "tools/train/flags.h"
#include "tools/train/generate.h"
#include "tools/train/generated_samples.h"
#include "tools/train/network_family.h"
#include "tools/train/output_file.h"
#include "tools/train/sample_file.h"

namespace lud64 {
namespace {

// Declares `lhs` as the value of a StatusOr expression, or returns its error.
// NOLINTBEGIN(bugprone-macro-parentheses): `lhs` names a variable.
#define LUD64_ASSIGN(lhs, expr)                 \
  auto lhs##_or = (expr);                       \
  if (!lhs##_or.ok()) return lhs##_or.status(); \
  auto lhs = *std::move(lhs##_or)
// NOLINTEND(bugprone-macro-parentheses)

// Writes `samples` to `out` unless Ctrl-C stopped their making: a file that
// holds only some of the games asked for would pass for a complete one.
absl::Status SaveSamples(const char* what, const std::vector<TrainingSample>& samples,
                         OutputFile& out) {
  const auto stopped = [&] {
    return absl::CancelledError(absl::StrCat("stopped by Ctrl-C; ", out.path(), " not written"));
  };
  if (Stopping(InterruptFlag())) return stopped();
  if (absl::Status written = WriteSamples(out.temporary(), samples); !written.ok()) return written;
  if (Stopping(InterruptFlag())) return stopped();
  if (absl::Status committed = out.Commit(); !committed.ok()) return committed;
  std::fprintf(stderr, "%s: %zu samples to %s\n", what, samples.size(), out.path().c_str());
  return absl::OkStatus();
}

absl::Status RunTables(const Flags& flags) {
  LUD64_ASSIGN(game_text, flags.Required("game"));
  LUD64_ASSIGN(out_path, flags.Required("out"));
  LUD64_ASSIGN(games, flags.Number<int>("games", 1000, 1, 100'000'000));
  LUD64_ASSIGN(seed, flags.Number<uint64_t>("seed", 1, 0, UINT64_MAX));
  LUD64_ASSIGN(share, flags.Number<double>("share", 0.25, 0.000001, 1));
  LUD64_ASSIGN(plies, flags.Number<int>("plies", TableSampling{}.max_plies, 1, 100'000));
  LUD64_ASSIGN(game, MakeGame(game_text));
  if (absl::Status can = CanSampleTables(game); !can.ok()) return can;
  LUD64_ASSIGN(out, OutputFile::Create("out", out_path));
  LUD64_ASSIGN(samples,
               TableSamples(game, flags.Text("tb"),
                            {.games = games, .seed = seed, .share = share, .max_plies = plies},
                            std::cerr, InterruptFlag()));
  return SaveSamples("tables", samples, *out);
}

// What `selfplay` and `terms` share: the game, the output file and the games,
// and the flags that say them.
const std::vector<std::string> kSelfPlayFlags = {"game", "out", "games", "depth", "seed"};

struct SelfPlayRun {
  AnyGame game;
  std::string out;
  SelfPlay plan;
};

absl::StatusOr<SelfPlayRun> ParseSelfPlayRun(const Flags& flags) {
  LUD64_ASSIGN(game_text, flags.Required("game"));
  LUD64_ASSIGN(out, flags.Required("out"));
  LUD64_ASSIGN(games, flags.Number<int>("games", 100, 1, 10'000'000));
  LUD64_ASSIGN(depth, flags.Number<int>("depth", 3, 1, 20));
  LUD64_ASSIGN(seed, flags.Number<uint64_t>("seed", 1, 0, UINT64_MAX));
  LUD64_ASSIGN(game, MakeGame(game_text));
  return SelfPlayRun{game, out, {.games = games, .seed = seed, .depth = depth}};
}

absl::Status RunSelfPlay(const Flags& flags) {
  LUD64_ASSIGN(run, ParseSelfPlayRun(flags));
  if (absl::Status can = CanSampleSelfPlay(run.game); !can.ok()) return can;
  LUD64_ASSIGN(out, OutputFile::Create("out", run.out));
  LUD64_ASSIGN(samples, SelfPlaySamples(run.game, run.plan, std::cerr, InterruptFlag()));
  return SaveSamples("self-play", samples, *out);
}

// Self-play positions as CSV rows: the game's result for the mover (1, 0.5,
// 0) and the hand-written evaluation's terms, for tune_evaluation.py.
absl::Status RunTerms(const Flags& flags) {
  LUD64_ASSIGN(run, ParseSelfPlayRun(flags));
  if (absl::Status can = CanWriteEvaluationTerms(run.game); !can.ok()) return can;
  LUD64_ASSIGN(out, OutputFile::Create("out", run.out));
  std::ofstream file(out->temporary());
  if (absl::Status written =
          WriteEvaluationTerms(run.game, run.plan, file, std::cerr, InterruptFlag());
      !written.ok()) {
    return written;
  }
  // The rows so far would pass for all the games asked for.
  if (Stopping(InterruptFlag())) {
    return absl::CancelledError(absl::StrCat("stopped by Ctrl-C; ", out->path(), " not written"));
  }
  file.close();
  if (!file) return absl::UnavailableError(absl::StrCat(out->temporary(), ": write failed"));
  return out->Commit();
}

absl::Status RunFit(const Flags& flags, const std::string& command_line) {
  LUD64_ASSIGN(data, flags.Required("data"));
  LUD64_ASSIGN(family, flags.Required("family"));
  LUD64_ASSIGN(out_path, flags.Required("out"));
  LUD64_ASSIGN(epochs, flags.Number<int>("epochs", 10, 1, 10'000));
  LUD64_ASSIGN(batch, flags.Number<int>("batch", 1024, 1, 1 << 20));
  LUD64_ASSIGN(rate, flags.Number<double>("rate", 0.002, 1e-6, 1));
  LUD64_ASSIGN(seed, flags.Number<uint64_t>("seed", 1, 0, UINT64_MAX));
  LUD64_ASSIGN(validation, flags.Number<double>("validation", 0.05, 0.001, 0.5));
  LUD64_ASSIGN(max_side_pieces, flags.Number<int>("max-side-pieces", 0, 0, 64));
  LUD64_ASSIGN(blend, flags.Number<double>("blend", 0.5, 0, 1));
  LUD64_ASSIGN(share, flags.Number<double>("share", 1, 0.000001, 1));
  if (absl::Status known = CheckNetworkFamily(family); !known.ok()) return known;
  // Both outputs are made before the samples are read and the fitting starts.
  LUD64_ASSIGN(out, OutputFile::Create("out", out_path));
  std::unique_ptr<OutputFile> curve_file;
  std::ofstream curve;
  if (flags.Has("curve")) {
    LUD64_ASSIGN(created, OutputFile::Create("curve", flags.Text("curve")));
    curve_file = std::move(created);
    curve.open(curve_file->temporary(), std::ios::trunc);
    curve << "seconds,epoch,samples,training_loss,validation_loss,validation_agreement,"
             "validation_result_loss\n";
  }

  // Sample files are held out by position, generate files by game (a
  // whole-game family's file leaves out what the endgame network judges).
  std::vector<TrainingSample> samples;
  GeneratedSamples generated;
  const GeneratedSampling sampling{.blend = blend,
                                   .validation = validation,
                                   .share = share,
                                   .whole_game = IsWholeGameFamily(family)};
  for (const absl::string_view data_path : absl::StrSplit(data, ',', absl::SkipEmpty())) {
    const std::string path(data_path);
    absl::Status read = IsGeneratedFile(path) ? ReadGeneratedSamples(path, sampling, generated)
                                              : ReadSamples(path, samples);
    if (!read.ok()) return read;
  }
  if (generated.games > 0) {
    std::fprintf(stderr,
                 "fit: %llu generated games: %zu training positions, %zu held out, %llu left to "
                 "the endgame network\n",
                 static_cast<unsigned long long>(generated.games), generated.training.size(),
                 generated.validation.size(), static_cast<unsigned long long>(generated.left_out));
  }
  if (samples.size() + generated.training.size() + generated.validation.size() < 20) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--data: ", samples.size() + generated.training.size() + generated.validation.size(),
        " samples, need 20"));
  }
  std::mt19937_64 random(seed);
  std::shuffle(samples.begin(), samples.end(), random);
  const size_t held_out = std::min(
      samples.size() / 2, std::max<size_t>(10, static_cast<size_t>(validation * samples.size())));
  std::vector<TrainingSample> validation_set(samples.begin(), samples.begin() + held_out);
  validation_set.insert(validation_set.end(), generated.validation.begin(),
                        generated.validation.end());
  std::vector<TrainingSample> training(samples.begin() + held_out, samples.end());
  training.insert(training.end(), generated.training.begin(), generated.training.end());
  if (validation_set.empty() || training.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("--data: ", training.size(), " training and ",
                                                   validation_set.size(),
                                                   " held-out samples; need some of each"));
  }
  const std::span<const TrainingSample> training_probe(
      training.data(), std::min<size_t>(training.size(), validation_set.size()));

  NetworkTrainer trainer(seed);
  const auto start = std::chrono::steady_clock::now();
  uint64_t seen = 0;
  auto record = [&](int epoch) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const TrainingFit train_fit = MeasureFit(trainer.weights(), training_probe);
    const TrainingFit fit = MeasureFit(trainer.weights(), validation_set);
    // Against the held-out games' results alone: comparable across blends.
    std::string results_loss;
    if (!generated.validation_results.empty()) {
      results_loss =
          absl::StrFormat("%.5f", MeasureFit(trainer.weights(), generated.validation_results).loss);
    }
    std::fprintf(
        stderr,
        "fit: epoch %d, %.0f s, training loss %.4f, validation loss %.4f, agreement "
        "%.3f%s\n",
        epoch, seconds, train_fit.loss, fit.loss, fit.agreement,
        results_loss.empty() ? "" : absl::StrCat(", against results ", results_loss).c_str());
    if (curve.is_open()) {
      curve << absl::StrFormat("%.1f,%d,%d,%.5f,%.5f,%.4f,%s\n", seconds, epoch, seen,
                               train_fit.loss, fit.loss, fit.agreement, results_loss);
    }
  };
  record(0);
  for (int epoch = 1; epoch <= epochs && !Stopping(InterruptFlag()); ++epoch) {
    std::shuffle(training.begin(), training.end(), random);
    // The rate halves at a third and at two thirds of the epochs.
    const float epoch_rate = static_cast<float>(rate / (1 << (3 * (epoch - 1) / epochs)));
    for (size_t at = 0; at < training.size() && !Stopping(InterruptFlag()); at += batch) {
      const size_t size = std::min<size_t>(batch, training.size() - at);
      trainer.Step(std::span<const TrainingSample>(training.data() + at, size), epoch_rate);
      seen += size;
    }
    record(epoch);
  }
  if (Stopping(InterruptFlag()))
    std::fprintf(stderr, "fit: interrupted; writing the weights so far\n");
  const QuantizationError error = MeasureQuantization(trainer.weights(), validation_set);
  std::fprintf(stderr, "fit: integer network against float: %.2f cp on average, %.1f at most\n",
               error.mean, error.largest);
  NetworkFile file{.family = family,
                   .origin = command_line,
                   .network = QuantizedNetwork::From(trainer.weights())};
  file.network.max_side_pieces = max_side_pieces;
  if (absl::Status written = WriteNetworkFile(out->temporary(), file); !written.ok()) {
    return written;
  }
  if (curve_file != nullptr) {
    curve.close();
    if (!curve) {
      return absl::UnavailableError(absl::StrCat(curve_file->temporary(), ": write failed"));
    }
    if (absl::Status committed = curve_file->Commit(); !committed.ok()) return committed;
  }
  if (absl::Status committed = out->Commit(); !committed.ok()) return committed;
  std::fprintf(stderr, "fit: %s written\n", out->path().c_str());
  return absl::OkStatus();
}

absl::Status RunInfo(const Flags& flags) {
  LUD64_ASSIGN(path, flags.Required("net"));
  absl::StatusOr<NetworkFile> file = ReadNetworkFile(path);
  // A missing file is bad input here (exit 2), as a corrupt one.
  if (!file.ok()) return absl::InvalidArgumentError(file.status().message());
  const std::string bytes = SerializeNetworkFile(*file);
  uint64_t checksum = 0;
  std::memcpy(&checksum, bytes.data() + bytes.size() - sizeof(checksum), sizeof(checksum));
  std::printf(
      "file     %s\nfamily   %s\njudges   %s\nbytes    %zu\nchecksum %016llx\norigin   %s\n",
      path.c_str(), file->family.c_str(),
      file->network.max_side_pieces == 0
          ? "every position"
          : absl::StrCat("positions with at most ", file->network.max_side_pieces, " pieces a side")
                .c_str(),
      bytes.size(), static_cast<unsigned long long>(checksum), file->origin.c_str());
  return absl::OkStatus();
}

constexpr char kUsage[] =
    "usage: lud64-train tables|selfplay|terms|generate|fit|info --flag=value ...\n"
    "  (tools/train/README.md)\n"
    "  tables   --game=G --tb=DIR --out=FILE [--games=N] [--seed=S] [--share=P] [--plies=N]\n"
    "  selfplay --game=G --out=FILE [--games=N] [--depth=D] [--seed=S]\n"
    "  terms    --game=G --out=CSV [--games=N] [--depth=D] [--seed=S]\n"
    "  generate --game=G --out=FILE [--games=N] [--seed=S] [--depth=D] [--nodes=N]\n"
    "           [--openings=K | --book=FILE] [--pieces=A-B] [--tb=DIR] [--threads=T]\n"
    "           [--max-plies=N]  (appends; resumes a file of the same command)\n"
    "  fit      --data=F1,F2,... --family=NAME --out=NET [--curve=CSV] [--epochs=E] [--batch=B]\n"
    "           [--rate=R] [--seed=S] [--validation=P] [--max-side-pieces=K]\n"
    "           [--blend=L] [--share=P]  (sample files, or generate's: the target L times the\n"
    "           result and 1-L the score's; P of the games not held out)\n"
    "  info     --net=NET\n"
    "exit codes: 0 done, 1 error (a failed write, a damaged table), 2 bad command line or\n"
    "input, 130 stopped by Ctrl-C (fit still writes what it learned).\n";

struct Subcommand {
  std::string name;
  std::vector<std::string> flags;
  std::function<absl::Status(const Flags&)> run;
};

// The exit code of an error, as lud64's: 130 for Ctrl-C, 2 for bad input, else 1.
int ExitCodeOf(const absl::Status& status) {
  switch (status.code()) {
    case absl::StatusCode::kCancelled:
      return 130;
    case absl::StatusCode::kInvalidArgument:
      return 2;
    default:
      return 1;
  }
}

bool IsHelp(absl::string_view arg) { return arg == "help" || arg == "--help" || arg == "-h"; }

int Main(int argc, char** argv) {
  InstallInterruptHandler();
  const std::string command = argc > 1 ? argv[1] : "";
  std::vector<std::string> words(argv, argv + argc);
  words[0] = "lud64-train";
  const std::string command_line = absl::StrJoin(words, " ");
  const std::vector<Subcommand> subcommands = {
      {"tables", {"game", "tb", "out", "games", "seed", "share", "plies"}, RunTables},
      {"selfplay", kSelfPlayFlags, RunSelfPlay},
      {"terms", kSelfPlayFlags, RunTerms},
      {"generate", kGenerateFlags,
       [&](const Flags& flags) { return RunGenerate(flags, command_line); }},
      {"fit",
       {"data", "family", "out", "curve", "epochs", "batch", "rate", "seed", "validation",
        "max-side-pieces", "blend", "share"},
       [&](const Flags& flags) { return RunFit(flags, command_line); }},
      {"info", {"net"}, RunInfo},
  };
  // `lud64-train --help`, `lud64-train help` and `lud64-train fit --help`.
  if (std::any_of(argv + 1, argv + argc, [](const char* arg) { return IsHelp(arg); })) {
    std::fputs(kUsage, stdout);
    return std::fflush(stdout) == 0 && !std::ferror(stdout) ? 0 : 1;
  }
  const auto it = std::find_if(subcommands.begin(), subcommands.end(),
                               [&](const Subcommand& s) { return s.name == command; });
  if (it == subcommands.end()) {
    if (!command.empty()) std::fprintf(stderr, "lud64-train: unknown command '%s'\n", argv[1]);
    std::fputs(kUsage, stderr);
    return 2;
  }
  absl::StatusOr<Flags> flags = Flags::Parse(argc, argv, 2, it->flags);
  const absl::Status status = flags.ok() ? it->run(*flags) : flags.status();
  if (!status.ok()) {
    std::fprintf(stderr, "lud64-train %s: %s\n", command.c_str(),
                 std::string(status.message()).c_str());
    return ExitCodeOf(status);
  }
  // fit says it was interrupted; the others were stopped once their output was whole.
  if (Stopping(InterruptFlag())) {
    if (command != "fit") std::fprintf(stderr, "lud64-train %s: stopped by Ctrl-C\n", argv[1]);
    return 130;
  }
  return 0;
}

}  // namespace
}  // namespace lud64

int main(int argc, char** argv) { return lud64::Main(argc, argv); }
