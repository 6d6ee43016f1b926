// lud64-train: the training pipeline of the learned evaluations (network/).
//
//   lud64-train tables   --game=G --tb=DIR --out=FILE [--games=N] [--seed=S] [--share=P]
//                        [--plies=N]
//   lud64-train selfplay --game=G --out=FILE [--games=N] [--depth=D] [--seed=S]
//   lud64-train terms    --game=G --out=CSV [--games=N] [--depth=D] [--seed=S]
//   lud64-train fit      --data=F1,F2,... --family=NAME --out=NET [--curve=CSV]
//                        [--epochs=E] [--batch=B] [--rate=R] [--seed=S] [--validation=P]
//                        [--max-side-pieces=K]
//   lud64-train info     --net=NET
//
// tools/train/README.md runs them in order (tools/train/train.sh).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "boards/game_tablebases.h"
#include "engine/interrupt.h"
#include "network/network_file.h"
#include "network/training.h"
#include "play/search_instances.h"
#include "tablebase/probe/engine_probe.h"
#include "tools/train/sample_file.h"
#include "tools/train/sample_sources.h"

namespace lud64 {
namespace {

// --name=value flags, each checked against the subcommand's known names.
class Flags {
 public:
  static absl::StatusOr<Flags> Parse(int argc, char** argv, const std::vector<std::string>& known) {
    Flags flags;
    for (int i = 2; i < argc; ++i) {
      const std::string arg = argv[i];
      const size_t eq = arg.find('=');
      if (arg.rfind("--", 0) != 0 || eq == std::string::npos) {
        return absl::InvalidArgumentError(
            absl::StrCat("argument '", arg, "': expected --name=value"));
      }
      const std::string name = arg.substr(2, eq - 2);
      if (std::find(known.begin(), known.end(), name) == known.end()) {
        return absl::InvalidArgumentError(absl::StrCat("unknown flag --", name, " (known: --",
                                                       absl::StrJoin(known, ", --"), ")"));
      }
      flags.values_[name] = arg.substr(eq + 1);
    }
    return flags;
  }
  std::string Text(const std::string& name, const std::string& fallback = "") const {
    const auto it = values_.find(name);
    return it == values_.end() ? fallback : it->second;
  }
  absl::StatusOr<std::string> Required(const std::string& name) const {
    if (!values_.contains(name)) return absl::InvalidArgumentError("--" + name + " is required");
    return values_.at(name);
  }
  template <class T>
  absl::StatusOr<T> Number(const std::string& name, T fallback, T low, T high) const {
    const auto it = values_.find(name);
    if (it == values_.end()) return fallback;
    T value;
    bool ok;
    if constexpr (std::is_floating_point_v<T>) {
      ok = absl::SimpleAtod(it->second, &value);
    } else {
      ok = absl::SimpleAtoi(it->second, &value);
    }
    if (!ok || value < low || value > high) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--", name, "=", it->second, ": expected a number from ", low, " to ", high));
    }
    return value;
  }

 private:
  std::map<std::string, std::string> values_;
};

// Declares `lhs` as the value of a StatusOr expression, or returns its error.
// NOLINTBEGIN(bugprone-macro-parentheses): `lhs` names a variable.
#define LUD64_ASSIGN(lhs, expr)                 \
  auto lhs##_or = (expr);                       \
  if (!lhs##_or.ok()) return lhs##_or.status(); \
  auto lhs = *std::move(lhs##_or)
// NOLINTEND(bugprone-macro-parentheses)

absl::Status RunTables(const Flags& flags) {
  LUD64_ASSIGN(game_text, flags.Required("game"));
  LUD64_ASSIGN(out, flags.Required("out"));
  LUD64_ASSIGN(games, flags.Number<int>("games", 1000, 1, 100'000'000));
  LUD64_ASSIGN(seed, flags.Number<uint64_t>("seed", 1, 0, UINT64_MAX));
  LUD64_ASSIGN(share, flags.Number<double>("share", 0.25, 0.000001, 1));
  LUD64_ASSIGN(plies, flags.Number<int>("plies", TableSampling{}.max_plies, 1, 100'000));
  LUD64_ASSIGN(game, MakeGame(game_text));
  const std::string dir = flags.Text("tb");
  return VisitTablebaseGame(game, [&](const auto& g) -> absl::Status {
    using G = std::decay_t<decltype(g)>;
    if constexpr (!HasNetworkInputs<G>) {
      return absl::InvalidArgumentError(absl::StrCat(g.name(), " has no learned evaluation"));
    } else {
      auto base = tablebase::OpenShared(g, dir);
      if (!base.ok()) return base.status();
      const std::vector<TrainingSample> samples = TableSamples(
          g, **base, {.games = games, .seed = seed, .share = share, .max_plies = plies});
      std::fprintf(stderr, "tables: %zu samples to %s\n", samples.size(), out.c_str());
      return WriteSamples(out, samples);
    }
  });
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
  const std::string& out = run.out;
  return std::visit(
      [&](const auto& g) -> absl::Status {
        using G = std::decay_t<decltype(g)>;
        if constexpr (!HasNetworkInputs<G>) {
          return absl::InvalidArgumentError(absl::StrCat(g.name(), " has no learned evaluation"));
        } else {
          const std::vector<TrainingSample> samples = SelfPlaySamples(g, run.plan);
          std::fprintf(stderr, "self-play: %zu samples to %s\n", samples.size(), out.c_str());
          return WriteSamples(out, samples);
        }
      },
      run.game);
}

// Self-play positions as CSV rows: the game's result for the mover (1, 0.5,
// 0) and the hand-written evaluation's terms, for tune_evaluation.py.
absl::Status RunTerms(const Flags& flags) {
  LUD64_ASSIGN(run, ParseSelfPlayRun(flags));
  const std::string& out = run.out;
  const SelfPlay& plan = run.plan;
  return std::visit(
      [&](const auto& g) -> absl::Status {
        using G = std::decay_t<decltype(g)>;
        if constexpr (!HasEvaluationTerms<G>) {
          return absl::InvalidArgumentError(absl::StrCat(g.name(), " has no evaluation terms"));
        } else {
          std::ofstream file(out);
          if (!file) return absl::InvalidArgumentError(absl::StrCat(out, ": cannot write"));
          file << "result," << absl::StrJoin(G::kEvaluationTermNames, ",") << "\n";
          Random random(plan.seed);
          TranspositionTable table(16);
          size_t rows = 0;
          for (int n = 0; n < plan.games && !Stopping(InterruptFlag()); ++n) {
            std::vector<std::pair<Player, typename G::EvaluationTerms>> seen;
            const Outcome outcome = PlaySelfPlayGame(
                g, plan, random, table, [&](const typename G::Position& position, float) {
                  seen.emplace_back(position.state.to_move, g.evaluation_terms(position));
                });
            for (const auto& [mover, terms] : seen) {
              file << ResultFor(outcome, mover) << "," << absl::StrJoin(terms, ",") << "\n";
            }
            rows += seen.size();
            std::fprintf(stderr, "terms: %d games, %zu positions\n", n + 1, rows);
          }
          if (!file.flush()) return absl::DataLossError(absl::StrCat(out, ": write failed"));
          return absl::OkStatus();
        }
      },
      run.game);
}

absl::Status RunFit(const Flags& flags, const std::string& command_line) {
  LUD64_ASSIGN(data, flags.Required("data"));
  LUD64_ASSIGN(family, flags.Required("family"));
  LUD64_ASSIGN(out, flags.Required("out"));
  LUD64_ASSIGN(epochs, flags.Number<int>("epochs", 10, 1, 10'000));
  LUD64_ASSIGN(batch, flags.Number<int>("batch", 1024, 1, 1 << 20));
  LUD64_ASSIGN(rate, flags.Number<double>("rate", 0.002, 1e-6, 1));
  LUD64_ASSIGN(seed, flags.Number<uint64_t>("seed", 1, 0, UINT64_MAX));
  LUD64_ASSIGN(validation, flags.Number<double>("validation", 0.05, 0.001, 0.5));
  LUD64_ASSIGN(max_side_pieces, flags.Number<int>("max-side-pieces", 0, 0, 64));
  const std::string curve_path = flags.Text("curve");

  std::vector<TrainingSample> samples;
  for (const absl::string_view path : absl::StrSplit(data, ',', absl::SkipEmpty())) {
    if (absl::Status read = ReadSamples(std::string(path), samples); !read.ok()) return read;
  }
  if (samples.size() < 20) {
    return absl::InvalidArgumentError(
        absl::StrCat("--data: ", samples.size(), " samples, need 20"));
  }
  std::mt19937_64 random(seed);
  std::shuffle(samples.begin(), samples.end(), random);
  const auto held_out = std::max<size_t>(10, static_cast<size_t>(validation * samples.size()));
  const std::span<const TrainingSample> validation_set(samples.data(), held_out);
  std::vector<TrainingSample> training(samples.begin() + held_out, samples.end());
  const std::span<const TrainingSample> training_probe(training.data(),
                                                       std::min<size_t>(training.size(), held_out));

  std::ofstream curve;
  if (!curve_path.empty()) {
    curve.open(curve_path, std::ios::trunc);
    curve << "seconds,epoch,samples,training_loss,validation_loss,validation_agreement\n";
  }
  NetworkTrainer trainer(seed);
  const auto start = std::chrono::steady_clock::now();
  uint64_t seen = 0;
  auto record = [&](int epoch) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const TrainingFit train_fit = MeasureFit(trainer.weights(), training_probe);
    const TrainingFit fit = MeasureFit(trainer.weights(), validation_set);
    std::fprintf(
        stderr, "fit: epoch %d, %.0f s, training loss %.4f, validation loss %.4f, agreement %.3f\n",
        epoch, seconds, train_fit.loss, fit.loss, fit.agreement);
    if (curve.is_open()) {
      curve << absl::StrFormat("%.1f,%d,%d,%.5f,%.5f,%.4f\n", seconds, epoch, seen, train_fit.loss,
                               fit.loss, fit.agreement);
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
  if (absl::Status written = WriteNetworkFile(out, file); !written.ok()) return written;
  std::fprintf(stderr, "fit: %s written\n", out.c_str());
  return absl::OkStatus();
}

absl::Status RunInfo(const Flags& flags) {
  LUD64_ASSIGN(path, flags.Required("net"));
  LUD64_ASSIGN(file, ReadNetworkFile(path));
  const std::string bytes = SerializeNetworkFile(file);
  uint64_t checksum = 0;
  std::memcpy(&checksum, bytes.data() + bytes.size() - sizeof(checksum), sizeof(checksum));
  std::printf(
      "file     %s\nfamily   %s\njudges   %s\nbytes    %zu\nchecksum %016llx\norigin   %s\n",
      path.c_str(), file.family.c_str(),
      file.network.max_side_pieces == 0
          ? "every position"
          : absl::StrCat("positions with at most ", file.network.max_side_pieces, " pieces a side")
                .c_str(),
      bytes.size(), static_cast<unsigned long long>(checksum), file.origin.c_str());
  return absl::OkStatus();
}

int Main(int argc, char** argv) {
  InstallInterruptHandler();
  const std::string command = argc > 1 ? argv[1] : "";
  std::vector<std::string> words(argv, argv + argc);
  words[0] = "lud64-train";
  const std::string command_line = absl::StrJoin(words, " ");
  absl::Status status;
  if (command == "tables") {
    absl::StatusOr<Flags> flags =
        Flags::Parse(argc, argv, {"game", "tb", "out", "games", "seed", "share", "plies"});
    status = flags.ok() ? RunTables(*flags) : flags.status();
  } else if (command == "selfplay") {
    absl::StatusOr<Flags> flags = Flags::Parse(argc, argv, kSelfPlayFlags);
    status = flags.ok() ? RunSelfPlay(*flags) : flags.status();
  } else if (command == "terms") {
    absl::StatusOr<Flags> flags = Flags::Parse(argc, argv, kSelfPlayFlags);
    status = flags.ok() ? RunTerms(*flags) : flags.status();
  } else if (command == "fit") {
    absl::StatusOr<Flags> flags = Flags::Parse(argc, argv,
                                               {"data", "family", "out", "curve", "epochs", "batch",
                                                "rate", "seed", "validation", "max-side-pieces"});
    status = flags.ok() ? RunFit(*flags, command_line) : flags.status();
  } else if (command == "info") {
    absl::StatusOr<Flags> flags = Flags::Parse(argc, argv, {"net"});
    status = flags.ok() ? RunInfo(*flags) : flags.status();
  } else {
    std::fprintf(stderr,
                 "usage: lud64-train tables|selfplay|terms|fit|info --flag=value ...  "
                 "(tools/train/README.md)\n");
    return 2;
  }
  if (!status.ok()) {
    std::fprintf(stderr, "lud64-train %s: %s\n", command.c_str(),
                 std::string(status.message()).c_str());
    return 2;
  }
  return Stopping(InterruptFlag()) ? 130 : 0;
}

}  // namespace
}  // namespace lud64

int main(int argc, char** argv) { return lud64::Main(argc, argv); }
