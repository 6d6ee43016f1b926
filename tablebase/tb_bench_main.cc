// Measures a tablebase build: tb_bench <game> <upto> <threads> <dir>. A
// developer's tool for timings (the MPI tests compare with its files); the
// `lud64 tb` command is the user's, with info and verify.
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>

#include "absl/strings/str_cat.h"
#include "boards/damdaman/damdaman_tablebase.h"
#include "boards/damdaman/damdaman_text.h"
#include "boards/davxar/davxar_tablebase.h"
#include "boards/davxar/davxar_text.h"
#include "engine/game_spec.h"
#include "engine/interrupt.h"
#include "tablebase/tb_operations.h"

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
  tablebase::TbBuildOptions options{.dir = argv[4], .upto = *upto, .threads = std::atoi(argv[3])};
  absl::StatusOr<GameSpec> spec = ParseGameSpec(argv[1]);
  if (!spec.ok()) return std::cerr << spec.status() << "\n", 1;
  const auto start = std::chrono::steady_clock::now();
  absl::Status status;
  if (spec->name == "davxar") {
    absl::StatusOr<Davxar> game = GameFromSpec<Davxar>(*spec);
    if (!game.ok()) return std::cerr << game.status() << "\n", 1;
    status = tablebase::BuildTablebases(*game, options, std::cerr);
    if (status.ok()) {
      absl::StatusOr<tablebase::TbProbeResult> probe =
          tablebase::ProbeTablebase(*game, game->start(), options.dir);
      if (!probe.ok()) return std::cerr << probe.status() << "\n", 1;
      std::cout << "start: " << tablebase::FormatProbeText(*game, *probe);
    }
  } else if (spec->name == "damdaman") {
    status = tablebase::BuildTablebases(Damdaman(), options, std::cerr);
  } else {
    status = absl::InvalidArgumentError(absl::StrCat("no tablebase for ", argv[1]));
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "build: " << seconds << " s\n";
  if (!status.ok()) return std::cerr << status << "\n", 1;
  return 0;
}

}  // namespace
}  // namespace lud64

int main(int argc, char** argv) { return lud64::Main(argc, argv); }
