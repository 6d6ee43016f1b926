// lud64-mpi: distributed tablebase builds (`tb build` and `tb plan` are read
// as `build` and `plan`, as the lud64 command spells them).
//   mpirun -np N lud64-mpi build --game=G [--upto=N] [--tb=DIR] [--threads=T] [--memory=MiB]
//     [--nocompress]
//                                [--checkpoint-every=SECONDS]
// builds the files `lud64 tb build` builds, byte for byte, with every rank
// holding only its share of each component (see tablebase/MPI.md).
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <iostream>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "boards/game_list.h"
#include "tablebase/distributed/mpi_builder.h"
#include "tablebase/games/game_tablebases.h"
#include "tools/common/plain_number.h"

namespace lud64 {
namespace {

constexpr char kUsage[] =
    "usage: mpirun -np N lud64-mpi build --game=G [--upto=N] [--tb=DIR] [--threads=T] "
    "[--memory=MiB] [--checkpoint-every=SECONDS] [--nocompress]\n"
    "       lud64-mpi plan --game=G [--upto=N] --ranks=N   (sizes and memory, builds nothing)\n";

struct Args {
  bool plan = false;
  int ranks = 1;
  std::string game;
  tablebase::TbBuildOptions options;
  double checkpoint_seconds = 600;
};

// A whole number from `low` to `high` for --`name`, or an error naming it.
absl::StatusOr<int64_t> WholeNumber(const std::string& name, const std::string& value, int64_t low,
                                    int64_t high) {
  int64_t number;
  if (!ParsePlainNumber(value, &number) || number < low || number > high) {
    return absl::InvalidArgumentError(
        absl::StrCat(name, "=", value, ": must be a whole number from ", low, " to ", high));
  }
  return number;
}

absl::StatusOr<Args> ParseArgs(const std::vector<std::string>& argv) {
  if (argv.empty() || (argv[0] != "build" && argv[0] != "plan")) {
    return absl::InvalidArgumentError(kUsage);
  }
  Args args;
  args.plan = argv[0] == "plan";
  const std::vector<std::string> known =
      args.plan
          ? std::vector<std::string>{"--game", "--upto", "--tb", "--ranks", "--threads", "--memory"}
          : std::vector<std::string>{"--game",      "--upto",   "--tb",
                                     "--threads",   "--memory", "--checkpoint-every",
                                     "--nocompress"};
  std::vector<std::string> given;
  for (size_t i = 1; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    const size_t eq = arg.find('=');
    const std::string name = arg.substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : arg.substr(eq + 1);
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      return absl::InvalidArgumentError(absl::StrCat("unknown argument '", arg, "' (", argv[0],
                                                     " takes ", absl::StrJoin(known, ", "), ")"));
    }
    if (std::find(given.begin(), given.end(), name) != given.end()) {
      return absl::InvalidArgumentError(absl::StrCat(name, " given twice"));
    }
    given.push_back(name);
    if (name == "--nocompress") {
      if (eq != std::string::npos) return absl::InvalidArgumentError("--nocompress takes no value");
      args.options.compress = false;
      continue;
    }
    if (value.empty()) return absl::InvalidArgumentError(absl::StrCat(name, " needs a value"));
    if (name == "--game") {
      args.game = value;
    } else if (name == "--tb") {
      args.options.dir = value;
    } else if (name == "--upto") {
      absl::StatusOr<tablebase::EndgameLimit> upto = tablebase::ParseEndgameLimit(value, 24);
      if (!upto.ok()) return upto.status();
      args.options.upto = *upto;
    } else {
      const int64_t low = name == "--memory" || name == "--checkpoint-every" ? 0 : 1;
      const int64_t high = name == "--memory"             ? int64_t{1} << 30
                           : name == "--checkpoint-every" ? 86400
                           : name == "--ranks"            ? 1 << 20
                                                          : 256;  // threads
      absl::StatusOr<int64_t> number = WholeNumber(name, value, low, high);
      if (!number.ok()) return number.status();
      if (name == "--threads") args.options.threads = static_cast<int>(*number);
      if (name == "--ranks") args.ranks = static_cast<int>(*number);
      if (name == "--checkpoint-every") args.checkpoint_seconds = static_cast<double>(*number);
      if (name == "--memory") args.options.memory_mib = *number;
    }
  }
  if (args.game.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(argv[0], " needs --game=G"));
  }
  return args;
}

// What a build needs, for planning a cluster job: per component its size and
// the memory per rank; in total the positions and the files' size (1 byte an
// entry; 2 for slices with distances over 127 turns).
template <class Tb>
void PrintPlan(const Tb& tb, const std::vector<tablebase::SliceKey>& slices, int ranks) {
  using tablebase::MpiMemoryPerRankMiB;
  using tablebase::SliceHeader;
  using tablebase::SliceKey;
  const tablebase::BuildPlan plan = tablebase::PlanBuild(tb, slices);
  std::cout << absl::StrFormat(
      "%s: %d slices in %d components, %d positions\n"
      "largest component: %d positions, %d MiB per rank on %d ranks (%d MiB on 1)\n"
      "files: %.2f GB with 8-bit entries (%d MiB of headers)\n",
      tb.family(), slices.size(), plan.components.size(), plan.total, plan.largest,
      MpiMemoryPerRankMiB(plan.largest, ranks), ranks, MpiMemoryPerRankMiB(plan.largest, 1),
      plan.total / 1e9, (slices.size() * sizeof(SliceHeader)) >> 20);
  std::vector<std::pair<uint64_t, std::string>> biggest;
  for (size_t c = 0; c < plan.components.size(); ++c) {
    biggest.push_back({plan.sizes[c], tablebase::ComponentName(plan.components[c])});
  }
  std::sort(biggest.rbegin(), biggest.rend());
  for (size_t i = 0; i < std::min<size_t>(5, biggest.size()); ++i) {
    std::cout << absl::StrFormat("  %d positions: %s\n", biggest[i].first, biggest[i].second);
  }
}

template <class G>
absl::Status Build(const G& game, const Args& args, tablebase::MpiComm& comm) {
  using Tb = typename tablebase::TablebaseFor<G>::Type;
  const tablebase::TbBuildOptions& options = args.options;
  const Tb tb = Tb::ForGame(game);
  absl::StatusOr<std::vector<tablebase::SliceKey>> slices = tb.Slices(game, options.upto);
  if (!slices.ok()) return slices.status();
  if (args.plan) {
    if (comm.rank() == 0) PrintPlan(tb, *slices, args.ranks);
    return absl::OkStatus();
  }
  tablebase::SliceTables tables;
  std::ostringstream ignored;
  tablebase::MpiExecutor executor(comm, options.threads, args.checkpoint_seconds);
  return tablebase::BuildSlices(tb, *slices, options, executor,
                                comm.rank() == 0 ? std::cerr : ignored, tables);
}

absl::Status Run(std::vector<std::string> argv, tablebase::MpiComm& comm) {
  // `lud64-mpi tb build ...` reads as `lud64 tb build ...` does.
  if (!argv.empty() && argv[0] == "tb") argv.erase(argv.begin());
  absl::StatusOr<Args> args = ParseArgs(argv);
  if (!args.ok()) return args.status();
  absl::StatusOr<AnyGame> game = MakeGame(args->game);
  if (!game.ok()) return game.status();
  return VisitTablebaseGame(*game, [&](const auto& g) { return Build(g, *args, comm); });
}

}  // namespace
}  // namespace lud64

int main(int argc, char** argv) {
  int provided = 0;
  // Worker threads of the forward pass never call MPI.
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  try {
    lud64::tablebase::MpiComm comm;
    const absl::Status status = lud64::Run(std::vector<std::string>(argv + 1, argv + argc), comm);
    if (!status.ok()) {
      if (comm.rank() == 0) std::cerr << "lud64-mpi: " << status.message() << "\n";
      MPI_Finalize();
      return absl::IsInvalidArgument(status) ? 2 : 1;
    }
    if (comm.rank() == 0 && argc > 1 &&
        (std::string(argv[1]) == "build" || (argc > 2 && std::string(argv[2]) == "build"))) {
      std::cerr << "lud64-mpi: done\n";
    }
  } catch (const std::exception& e) {  // out of memory, above all: every rank must stop
    std::cerr << "lud64-mpi: " << e.what() << "\n";
    MPI_Abort(MPI_COMM_WORLD, 1);
    return 1;
  }
  MPI_Finalize();
  return 0;
}
