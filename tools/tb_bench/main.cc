// Measures a tablebase build: tb_bench <game> <upto> <threads> <dir>. A
// developer's tool for timings (the MPI tests compare with its files); the
// `lud64 tb` command is the user's, with info and verify.
#include <chrono>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <type_traits>
#include <variant>

#include "absl/strings/str_cat.h"
#include "boards/game_list.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/operations/tb_operations.h"
#include "tools/common/interrupt.h"

namespace lud64 {
namespace {

int Main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "usage: tb_bench <game> <upto> <threads> <dir>\n";
    return 2;
  }
  InstallInterruptHandler();
  absl::StatusOr<tablebase::EndgameLimit> upto = tablebase::ParseEndgameLimit(argv[2], 24);
  if (!upto.ok()) return std::cerr << upto.status() << "\n", 2;
  tablebase::TbBuildOptions options{
      .dir = argv[4], .upto = *upto, .threads = std::atoi(argv[3]), .stop = InterruptFlag()};
  absl::StatusOr<AnyGame> game = MakeGame(argv[1]);
  if (!game.ok()) return std::cerr << game.status() << "\n", 1;
  const auto start = std::chrono::steady_clock::now();
  const absl::Status status = VisitTablebaseGame(*game, [&](const auto& g) -> absl::Status {
    if (absl::Status built = tablebase::BuildTablebases(g, options, std::cerr); !built.ok()) {
      return built;
    }
    // The start's value, where the tables reach it (Davxar's pieces=N sets).
    absl::StatusOr<tablebase::TbProbeResult> probe =
        tablebase::ProbeTablebase(g, g.start(), options.dir);
    if (probe.ok()) std::cout << "start: " << tablebase::FormatProbeText(g, *probe);
    return absl::OkStatus();
  });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "build: " << seconds << " s\n";
  if (!status.ok()) return std::cerr << status << "\n", 1;
  return 0;
}

}  // namespace
}  // namespace lud64

int main(int argc, char** argv) {
  try {
    return lud64::Main(argc, argv);
  } catch (const std::exception& error) {  // std::bad_alloc above all
    std::cerr << "tb_bench: " << error.what() << "\n";
    return 1;
  }
}
