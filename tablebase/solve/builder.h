// Building a set of slices in dependency order (build_plan.h), one component
// at a time, skipping components whose files already exist and verify
// (resume).
#ifndef LUD64_TABLEBASE_SOLVE_BUILDER_H_
#define LUD64_TABLEBASE_SOLVE_BUILDER_H_

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/stop.h"
#include "tablebase/endgame_limit.h"
#include "tablebase/format/compress.h"
#include "tablebase/format/slice_writer.h"
#include "tablebase/format/tb_file.h"
#include "tablebase/probe/derived_wins.h"
#include "tablebase/solve/build_plan.h"
#include "tablebase/solve/retrograde.h"
#include "tablebase/tb_game.h"

namespace lud64::tablebase {

struct TbBuildOptions {
  std::string dir;          // empty: DefaultTablebaseDir()
  EndgameLimit upto = {};   // whole game by default
  int threads = 1;          //
  int64_t memory_mib = 0;   // refuse a build whose working memory exceeds this; 0: no limit
  bool compress = true;     // end with the files compressed (kCompressedFormatVersion)
  StopFlag stop = nullptr;  // set (Ctrl-C): the build stops with Cancelled
};

// The verified files of a component's slices in `dir`, or the first error
// (NotFound when a file is missing).
template <TablebaseGame Tb>
absl::StatusOr<std::vector<std::unique_ptr<MappedSlice>>> OpenComponentFiles(
    const Tb& tb, const std::string& dir, const std::vector<SliceKey>& component) {
  std::vector<std::unique_ptr<MappedSlice>> files;
  for (const SliceKey& key : component) {
    absl::StatusOr<std::unique_ptr<MappedSlice>> slice = MappedSlice::Open(
        absl::StrCat(dir, "/", SliceFileName(tb.family(), key)), tb.family(), key,
        tb.index().symmetry().scheme_id(), tb.index().Size(key.own, key.opponent));
    if (!slice.ok()) return slice.status();
    files.push_back(*std::move(slice));
  }
  return files;
}

// ResourceExhausted if `need_mib` is over a non-zero `limit_mib`; `what`
// says what needs it ("building davxar on 4 ranks needs about").
absl::Status CheckMemoryLimit(absl::string_view what, uint64_t need_mib, int64_t limit_mib,
                              uint64_t largest);

// Writes the i-th slice of a solved component to `path`, a few million
// entries at a time (a whole slice's entries would need 2 bytes a position
// more at the build's peak).
template <TablebaseGame Tb>
absl::Status WriteSolvedSlice(const Tb& tb, const ComponentSolver<Tb>& solver, int i,
                              const SliceKey& key, const std::string& path) {
  const uint64_t size = solver.slice_size(i);
  absl::StatusOr<std::unique_ptr<SliceWriter>> writer = SliceWriter::Create(
      path, tb.family(), key, tb.index().symmetry().scheme_id(), solver.Stats(i), size);
  if (!writer.ok()) return writer.status();
  std::vector<Entry> entries(std::min<uint64_t>(size, uint64_t{1} << 22));
  for (uint64_t begin = 0; begin < size; begin += entries.size()) {
    const uint64_t end = std::min(size, begin + entries.size());
    solver.Entries(i, begin, end, entries.data());
    if (absl::Status s = (*writer)->Append(entries.data(), end - begin); !s.ok()) return s;
  }
  return (*writer)->Commit();
}

// A build's files: each slice with its path in `dir`.
using SliceFileList = std::vector<std::pair<SliceKey, std::string>>;
template <TablebaseGame Tb>
SliceFileList BuiltSliceFiles(const Tb& tb, const std::string& dir,
                              const std::vector<SliceKey>& slices) {
  SliceFileList files;
  for (const SliceKey& key : slices) {
    files.emplace_back(key, absl::StrCat(dir, "/", SliceFileName(tb.family(), key)));
  }
  return files;
}

// What the build loop tells a component's solver: its place in the build,
// for progress lines, and how far the build has come, for its ETA.
struct ComponentStep {
  std::string label;                 // "[3/66] 4v4, 4v4 remove"
  uint64_t size = 0;                 // positions of the component
  std::ostream* progress = nullptr;  // null where progress is not written
  double build_seconds = 0;          // elapsed when the component started
  uint64_t solved_before = 0;        // positions solved so far by this run
  uint64_t left = 0;                 // positions to solve, this component's included

  // The build's time left at the rate of the components solved so far,
  // `seconds` into this one; nothing before a first component is solved.
  std::optional<double> BuildEta(double seconds) const {
    if (solved_before == 0) return std::nullopt;
    return std::max(0.0, (build_seconds + seconds) / solved_before * left - seconds);
  }
};

// What a solver reports of a component it solved and wrote.
struct ComponentReport {
  double forward_seconds = 0;
  double backward_seconds = 0;
};

// Where a build's components are solved: this process's threads
// (LocalExecutor), or every rank of an MPI job (distributed/mpi_builder.h).
// The build loop, BuildSlices, is written once over it.
template <class E, class Tb>
concept BuildExecutor = requires(E& e, const Tb& tb, const std::vector<SliceKey>& component,
                                 const SliceTables& tables, const std::string& dir,
                                 const ComponentStep& step, absl::Status status, uint64_t n,
                                 const SliceFileList& files, std::ostream& out, StopFlag stop) {
  // The process that writes progress and files the others depend on.
  { e.root() } -> std::same_as<bool>;
  // " on 4 ranks" in what the build says of its memory; "" for one process.
  { e.where() } -> std::convertible_to<std::string>;
  // Working memory in MiB (per process) for a component of n positions.
  { e.MemoryMiB(n) } -> std::same_as<uint64_t>;
  // The root's status, on every process; the first failure of any process.
  { e.Broadcast(status) } -> std::same_as<absl::Status>;
  { e.Agree(status) } -> std::same_as<absl::Status>;
  // Solves a component over the solved `tables` and writes its files to `dir`.
  { e.Solve(tb, component, tables, dir, step) } -> std::same_as<absl::StatusOr<ComponentReport>>;
  // Compresses the built files (compress.h; those in the current format are
  // kept, older compressed ones converted), every process agreeing on the
  // status and the report.
  { e.Compress(tb, files, out, stop) } -> std::same_as<absl::StatusOr<CompressReport>>;
};

// Adds a component's opened files to `tables`, deriving on `threads` threads
// the distances of wins that compressed ones leave out.
template <TablebaseGame Tb>
absl::Status AddComponent(const Tb& tb, const std::vector<SliceKey>& component,
                          std::vector<std::unique_ptr<MappedSlice>> files, SliceTables& tables,
                          int threads) {
  for (size_t i = 0; i < component.size(); ++i) tables.Add(component[i], std::move(files[i]));
  return FillDerivedWins(tb, tables, component, threads);
}

// Maps a component's verified files into `tables`.
template <TablebaseGame Tb>
absl::Status AddComponentFiles(const Tb& tb, const std::string& dir,
                               const std::vector<SliceKey>& component, SliceTables& tables,
                               int threads) {
  absl::StatusOr<std::vector<std::unique_ptr<MappedSlice>>> files =
      OpenComponentFiles(tb, dir, component);
  if (!files.ok()) return files.status();
  return AddComponent(tb, component, *std::move(files), tables, threads);
}

// Builds (or verifies and keeps) every slice of `slices` into `dir` on
// `executor`; `tables` receives them all, mapped. Each component is solved
// once its files are found missing or broken (resume); the build ends with
// the files compressed unless options.compress is false.
template <TablebaseGame Tb, BuildExecutor<Tb> Executor>
absl::Status BuildSlices(const Tb& tb, const std::vector<SliceKey>& slices,
                         const TbBuildOptions& options, Executor& executor, std::ostream& progress,
                         SliceTables& tables) {
  const bool root = executor.root();
  const BuildPlan plan = PlanBuild(tb, slices);
  const uint64_t need_mib = executor.MemoryMiB(plan.largest);
  if (absl::Status s =
          CheckMemoryLimit(absl::StrCat("building ", tb.family(), executor.where(), " needs about"),
                           need_mib, options.memory_mib, plan.largest);
      !s.ok()) {
    return s;
  }
  const std::string dir = TablebaseDir(options.dir);
  absl::Status made;
  struct stat made_dir;
  if (root && ::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) {
    made = absl::InternalError(absl::StrCat("tablebase directory ", dir, ": cannot create"));
  } else if (root && (::stat(dir.c_str(), &made_dir) != 0 || !S_ISDIR(made_dir.st_mode))) {
    made =
        absl::InvalidArgumentError(absl::StrCat("tablebase directory ", dir, ": not a directory"));
  }
  if (absl::Status s = executor.Broadcast(made); !s.ok()) return s;
  if (root) {
    const std::string where = executor.where();
    progress << absl::StrFormat("%s: %d slices in %d components, %d positions, about %d MiB%s\n",
                                tb.family(), slices.size(), plan.components.size(), plan.total,
                                need_mib, where.empty() ? "" : absl::StrCat(" per rank", where));
  }
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto since = [](Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  };
  uint64_t built = 0, solved_positions = 0;
  const auto& components = plan.components;
  for (size_t c = 0; c < components.size(); ++c) {
    const auto& component = components[c];
    const uint64_t size = plan.sizes[c];
    const std::string label =
        absl::StrFormat("[%d/%d] %s", c + 1, components.size(), ComponentName(component));
    built += size;
    // Resume: the root decides whether a component's files are complete, so
    // that every process takes the same branch.
    absl::StatusOr<std::vector<std::unique_ptr<MappedSlice>>> existing =
        absl::NotFoundError("not the root");
    absl::Status present = existing.status();
    if (root) {
      existing = OpenComponentFiles(tb, dir, component);
      present = existing.status();
      if (!present.ok() && !absl::IsNotFound(present)) {
        progress << "rebuilding: " << present.message() << "\n";
      }
    }
    if (executor.Broadcast(present).ok()) {
      absl::Status added;
      added = existing.ok()
                  ? AddComponent(tb, component, *std::move(existing), tables, options.threads)
                  : AddComponentFiles(tb, dir, component, tables, options.threads);
      if (absl::Status s = executor.Agree(added); !s.ok()) return s;
      if (root) progress << label << ": present\n";
      continue;
    }
    if (absl::Status s =
            executor.Agree(Stopping(options.stop) ? absl::CancelledError("tablebase build stopped")
                                                  : absl::OkStatus());
        !s.ok()) {
      return s;
    }
    const auto component_start = Clock::now();
    const ComponentStep step{.label = label,
                             .size = size,
                             .progress = root ? &progress : nullptr,
                             .build_seconds = since(start),
                             .solved_before = solved_positions,
                             .left = plan.total - built + size};
    absl::StatusOr<ComponentReport> report = executor.Solve(tb, component, tables, dir, step);
    if (!report.ok()) return report.status();
    // Read back with their checksums: what later components read is what was written.
    if (absl::Status s =
            executor.Agree(AddComponentFiles(tb, dir, component, tables, options.threads));
        !s.ok()) {
      return s;
    }
    solved_positions += size;
    const double seconds = since(component_start);
    if (root) {
      progress << absl::StrFormat(
          "%s: %d positions in %.2fs (forward %.2fs, backward %.2fs; %.2fM positions/s), "
          "%.0f%% of all, ETA %.0fs\n",
          label, size, seconds, report->forward_seconds, report->backward_seconds,
          size / std::max(seconds, 1e-9) / 1e6, 100.0 * built / std::max<uint64_t>(plan.total, 1),
          since(start) / std::max<uint64_t>(solved_positions, 1) * (plan.total - built));
    }
  }
  if (!options.compress) return absl::OkStatus();
  // Each file is compressed alone, so that any executor writes the same bytes.
  absl::StatusOr<CompressReport> compressed =
      executor.Compress(tb, BuiltSliceFiles(tb, dir, slices), progress, options.stop);
  if (!compressed.ok()) return compressed.status();
  if (root && compressed->compressed > 0) {
    progress << absl::StrFormat("compressed %d files: %d bytes to %d\n", compressed->compressed,
                                compressed->bytes_before, compressed->bytes_after);
  }
  return absl::OkStatus();
}

// This process's threads: one ComponentSolver at a time.
class LocalExecutor {
 public:
  LocalExecutor(int threads, StopFlag stop) : threads_(threads), stop_(stop) {}

  bool root() const { return true; }
  std::string where() const { return ""; }
  uint64_t MemoryMiB(uint64_t positions) const { return (SolverWorkBytes(positions) >> 20) + 1; }
  absl::Status Broadcast(absl::Status status) const { return status; }
  absl::Status Agree(absl::Status status) const { return status; }

  template <TablebaseGame Tb>
  absl::StatusOr<ComponentReport> Solve(const Tb& tb, const std::vector<SliceKey>& component,
                                        const SliceTables& tables, const std::string& dir,
                                        const ComponentStep& step) const {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    auto last_report = start;
    ComponentSolver<Tb> solver(tb, component, tables, threads_, stop_);
    absl::Status status = solver.Solve([&](uint64_t done, uint64_t of) {
      const auto now = Clock::now();
      if (step.progress == nullptr || now - last_report < std::chrono::seconds(2)) return;
      last_report = now;
      const double rate = done / std::max(std::chrono::duration<double>(now - start).count(), 1e-9);
      *step.progress << absl::StrFormat("%s: %.0f%% %.2fM positions/s ETA %.0fs\n", step.label,
                                        100.0 * done / of, rate / 1e6,
                                        (of - done) / std::max(rate, 1.0));
    });
    if (!status.ok()) return status;
    for (size_t i = 0; i < component.size(); ++i) {
      const std::string path = absl::StrCat(dir, "/", SliceFileName(tb.family(), component[i]));
      if (absl::Status s = WriteSolvedSlice(tb, solver, static_cast<int>(i), component[i], path);
          !s.ok()) {
        return s;
      }
    }
    return ComponentReport{solver.forward_seconds(), solver.backward_seconds()};
  }

  template <TablebaseGame Tb>
  absl::StatusOr<CompressReport> Compress(const Tb& tb, const SliceFileList& files,
                                          std::ostream& progress, StopFlag stop) const {
    return CompressSliceFiles(tb, files, threads_, progress, stop);
  }

 private:
  int threads_;
  StopFlag stop_;
};

// Builds on this process's threads (LocalExecutor).
template <TablebaseGame Tb>
absl::Status BuildSlices(const Tb& tb, const std::vector<SliceKey>& slices,
                         const TbBuildOptions& options, std::ostream& progress,
                         SliceTables& tables) {
  LocalExecutor executor(options.threads, options.stop);
  return BuildSlices(tb, slices, options, executor, progress, tables);
}

// The builder of one adapter's tables, compiled in one file of the program
// (boards/<game>/<game>_tablebase_build.cc: `LUD64_TABLEBASE_BUILDER(Tb, )`)
// and declared there for every other (tablebase/games/game_tablebases.h:
// `LUD64_TABLEBASE_BUILDER(Tb, extern)`): each file that builds would
// otherwise compile the whole solver again. Inside namespace lud64::tablebase.
// NOLINTBEGIN(bugprone-macro-parentheses): `kind` is a keyword or nothing.
#define LUD64_TABLEBASE_BUILDER(Tb, kind)                                             \
  kind template class ComponentSolver<Tb>;                                            \
  kind template absl::Status BuildSlices<Tb>(const Tb&, const std::vector<SliceKey>&, \
                                             const TbBuildOptions&, std::ostream&, SliceTables&);
// NOLINTEND(bugprone-macro-parentheses)

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_SOLVE_BUILDER_H_
