// Measures a tablebase build: tb_bench <game> <upto> <threads> <dir>. A
// developer's tool for timings (the MPI tests compare with its files); the
// `lud64 tb` command is the user's, with info and verify.
#include <chrono>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>

#include "absl/strings/str_cat.h"
#include "boards/game_list.h"
#include "play/any_position.h"
#include "play/table_operations.h"
#include "tools/common/interrupt.h"

namespace lud64 {
namespace {

int Main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "usage: tb_bench <game> <upto> <threads> <dir>\n";
    return 2;
  }
  InstallInterruptHandler();
  TableBuildRequest request{.dir = argv[4],
                            .upto = argv[2],
                            .max_pieces = 24,
                            .threads = std::atoi(argv[3]),
                            .stop = InterruptFlag()};
  if (absl::Status upto = CheckTableLimit(request.upto, request.max_pieces); !upto.ok()) {
    return std::cerr << upto << "\n", 2;
  }
  absl::StatusOr<AnyGame> game = MakeGame(argv[1]);
  if (!game.ok()) return std::cerr << game.status() << "\n", 1;
  const auto start = std::chrono::steady_clock::now();
  const absl::Status status = BuildTables(*game, request, std::cerr);
  if (status.ok()) {
    // The start's value, where the tables reach it (Davxar's pieces=N sets).
    absl::StatusOr<std::string> probe =
        ProbeTables(*game, StartOf(*game), request.dir, /*json=*/false);
    if (probe.ok()) std::cout << "start: " << *probe;
  }
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
