// What `lud64 book` and `lud64 tb build` make, from Python: an opening book's
// lines (play/opening_book.h) and the endgame tables of a game
// (play/table_operations.h), each stopped by Ctrl-C.
#include <pybind11/stl.h>

#include <cstdint>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "play/engine_options.h"
#include "play/memory_check.h"
#include "play/opening_book.h"
#include "play/table_operations.h"
#include "python/bindings.h"

namespace lud64::python {
namespace {

std::vector<std::string> Book(const GamePtr& game, Int<int64_t, "count"> count,
                              Int<int64_t, "plies"> plies, Int<uint64_t, "seed"> seed,
                              const std::optional<Int<int64_t, "balanced">>& balanced,
                              const std::optional<Int<int64_t, "score_depth">>& score_depth,
                              const std::optional<Int<int64_t, "max_score">>& max_score,
                              const std::optional<Int<int64_t, "min_score">>& min_score) {
  RequireGame(game, "game");
  // play/'s checks, which `lud64 book` shares: the same ranges and rules.
  absl::StatusOr<RandomBookRequest> request =
      BookRequestOf({.count = count.value,
                     .plies = plies.value,
                     .balanced = balanced ? balanced->value : 0,
                     .score_depth = score_depth ? std::optional(score_depth->value) : std::nullopt,
                     .max_score = max_score ? std::optional(max_score->value) : std::nullopt,
                     .min_score = min_score ? std::optional(min_score->value) : std::nullopt,
                     .seed = seed.value},
                    [](absl::string_view name) { return std::string(name); });
  if (!request.ok()) ThrowStatus(request.status());
  std::vector<std::string> lines;
  const absl::Status status = RunInterruptible([&](StopFlag stop) {
    request->stop = stop;
    return MakeRandomBook(game->game, *request, lines);
  });
  if (!status.ok()) ThrowStatus(status);
  return lines;
}

std::string BuildGameTables(const GamePtr& game, const std::string& directory,
                            Int<int, "threads"> threads, const std::string& upto,
                            const std::optional<Int<int64_t, "memory">>& memory, bool compress,
                            bool progress) {
  RequireGame(game, "game");
  if (directory.empty()) throw py::value_error("directory: empty");
  TableBuildRequest request;
  request.dir = directory;
  request.upto = upto;
  if (absl::Status status = CheckTableLimit(upto, request.max_pieces); !status.ok()) {
    throw py::value_error(std::string(status.message()));
  }
  CheckRange("threads", threads.value, 1, kMaxThreads);
  request.threads = threads.value;
  // As the command: without a bound, this machine's memory.
  request.memory_mib = memory ? memory->value : static_cast<int64_t>(PhysicalMebibytes());
  CheckRange("memory", request.memory_mib, 0, int64_t{1} << 24, " MiB");
  request.compress = compress;
  std::ostringstream quiet;
  const absl::StatusOr<std::string> info = RunInterruptible([&](StopFlag stop) {
    request.stop = stop;
    const absl::Status built =
        BuildTables(game->game, request, progress ? std::cerr : static_cast<std::ostream&>(quiet));
    if (!built.ok()) return absl::StatusOr<std::string>(built);
    return TablesInfo(game->game, directory);
  });
  if (!info.ok()) ThrowStatus(info.status());
  return *info;
}

}  // namespace

void RegisterBooksAndTables(py::module_& m) {
  m.def("_book", &Book, py::arg("game"), py::arg("count"), py::arg("plies"), py::arg("seed"),
        py::arg("balanced"), py::arg("score_depth"), py::arg("max_score"), py::arg("min_score"),
        "lud64.book's work (lud64/resources.py).");
  m.def("_build_tables", &BuildGameTables, py::arg("game"), py::arg("directory"),
        py::arg("threads"), py::arg("upto"), py::arg("memory"), py::arg("compress"),
        py::arg("progress"), "lud64.build_tables's work (lud64/resources.py).");
}

}  // namespace lud64::python
