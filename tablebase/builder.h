// Building a set of slices in dependency order, one component at a time,
// skipping components whose files already exist and verify (resume).
#ifndef LUD64_TABLEBASE_BUILDER_H_
#define LUD64_TABLEBASE_BUILDER_H_

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/interrupt.h"
#include "tablebase/compress.h"
#include "tablebase/endgame_limit.h"
#include "tablebase/retrograde.h"
#include "tablebase/slice_writer.h"
#include "tablebase/tb_file.h"
#include "tablebase/tb_game.h"

namespace lud64::tablebase {

struct TbBuildOptions {
  std::string dir;         // empty: DefaultTablebaseDir()
  EndgameLimit upto = {};  // whole game by default
  int threads = 1;         //
  int64_t memory_mib = 0;  // refuse a build whose working memory exceeds this; 0: no limit
  bool compress = true;    // end with the files compressed (format version 2)
};

// $LUD64_TB if set, else ./tablebases.
std::string DefaultTablebaseDir();

// Where tables are read and written: `dir`, or "" for DefaultTablebaseDir().
inline std::string TablebaseDir(const std::string& dir) {
  return dir.empty() ? DefaultTablebaseDir() : dir;
}

// The slices of `slices` solved together with `key`: the same counts with
// the sides' roles swapped, each with and without a pending removal.
std::vector<SliceKey> ComponentOf(const SliceKey& key, const absl::flat_hash_set<SliceKey>& slices);

// Components in an order where each one's decisions lead only into itself or
// into components before it: fewer pieces in total first, then fewer in hand.
std::vector<std::vector<SliceKey>> OrderComponents(const std::vector<SliceKey>& slices);

template <TablebaseGame Tb>
uint64_t ComponentSize(const Tb& tb, const std::vector<SliceKey>& component) {
  uint64_t size = 0;
  for (const SliceKey& key : component) size += tb.index().Size(key.own, key.opponent);
  return size;
}

// "4v3, 3v4, 4v3rm": a component as progress lines and plans name it.
std::string ComponentName(const std::vector<SliceKey>& component);

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

// What a build will solve, in order, and how big it is: the single-process
// and distributed builders and `lud64-mpi plan` all start from it.
struct BuildPlan {
  std::vector<std::vector<SliceKey>> components;  // in solving order
  std::vector<uint64_t> sizes;                    // positions per component
  uint64_t total = 0;
  uint64_t largest = 0;
};

template <TablebaseGame Tb>
BuildPlan PlanBuild(const Tb& tb, const std::vector<SliceKey>& slices) {
  BuildPlan plan;
  plan.components = OrderComponents(slices);
  for (const auto& component : plan.components) {
    plan.sizes.push_back(ComponentSize(tb, component));
    plan.total += plan.sizes.back();
    plan.largest = std::max(plan.largest, plan.sizes.back());
  }
  return plan;
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

// Compresses the files of a finished build (those compressed already are
// kept), `threads` at a time; the single-process and distributed builders
// end with it.
template <TablebaseGame Tb>
absl::Status CompressBuiltSlices(const Tb& tb, const std::string& dir,
                                 const std::vector<SliceKey>& slices, int threads,
                                 std::ostream& progress) {
  std::vector<std::pair<SliceKey, std::string>> files;
  for (const SliceKey& key : slices) {
    files.emplace_back(key, absl::StrCat(dir, "/", SliceFileName(tb.family(), key)));
  }
  absl::StatusOr<CompressReport> report = CompressSliceFiles(tb, files, threads, progress);
  if (!report.ok()) return report.status();
  if (report->compressed > 0) {
    progress << absl::StrFormat("compressed %d files: %d bytes to %d\n", report->compressed,
                                report->bytes_before, report->bytes_after);
  }
  return absl::OkStatus();
}

// Builds (or verifies and keeps) every slice of `slices` into `dir`; `tables`
// receives them all, mapped.
template <TablebaseGame Tb>
absl::Status BuildSlices(const Tb& tb, const std::vector<SliceKey>& slices,
                         const TbBuildOptions& options, std::ostream& progress,
                         SliceTables& tables) {
  const BuildPlan plan = PlanBuild(tb, slices);
  const uint64_t need_mib = (SolverWorkBytes(plan.largest) >> 20) + 1;
  if (absl::Status s = CheckMemoryLimit(absl::StrCat("building ", tb.family(), " needs about"),
                                        need_mib, options.memory_mib, plan.largest);
      !s.ok()) {
    return s;
  }
  const std::string dir = TablebaseDir(options.dir);
  if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) {
    return absl::InternalError(absl::StrCat("tablebase directory ", dir, ": cannot create"));
  }
  progress << absl::StrFormat("%s: %d slices in %d components, %d positions, about %d MiB\n",
                              tb.family(), slices.size(), plan.components.size(), plan.total,
                              need_mib);
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  uint64_t built = 0, solved_positions = 0;
  const auto& components = plan.components;
  for (size_t c = 0; c < components.size(); ++c) {
    const auto& component = components[c];
    const uint64_t size = plan.sizes[c];
    const std::string names = ComponentName(component);
    built += size;
    // Resume: keep a component whose files all verify.
    absl::StatusOr<std::vector<std::unique_ptr<MappedSlice>>> existing =
        OpenComponentFiles(tb, dir, component);
    if (existing.ok()) {
      for (size_t i = 0; i < component.size(); ++i)
        tables.Add(component[i], std::move((*existing)[i]));
      progress << absl::StrFormat("[%d/%d] %s: present\n", c + 1, components.size(), names);
      continue;
    }
    if (!absl::IsNotFound(existing.status())) {
      progress << "rebuilding: " << existing.status().message() << "\n";
    }
    if (StopRequested()) return absl::CancelledError("tablebase build stopped");
    const auto component_start = Clock::now();
    auto last_report = component_start;
    // The solver's memory is freed before the written files are read back.
    std::optional<ComponentSolver<Tb>> solver(std::in_place, tb, component, tables,
                                              options.threads);
    absl::Status status = solver->Solve([&](uint64_t done, uint64_t of) {
      const auto now = Clock::now();
      if (now - last_report < std::chrono::seconds(2)) return;
      last_report = now;
      const double seconds = std::chrono::duration<double>(now - component_start).count();
      const double rate = done / std::max(seconds, 1e-9);
      progress << absl::StrFormat("[%d/%d] %s: %.0f%% %.2fM positions/s ETA %.0fs\n", c + 1,
                                  components.size(), names, 100.0 * done / of, rate / 1e6,
                                  (of - done) / std::max(rate, 1.0));
    });
    if (!status.ok()) return status;
    for (size_t i = 0; i < component.size(); ++i) {
      const SliceKey& key = component[i];
      const std::string path = absl::StrCat(dir, "/", SliceFileName(tb.family(), key));
      if (absl::Status s = WriteSolvedSlice(tb, *solver, static_cast<int>(i), key, path); !s.ok()) {
        return s;
      }
    }
    const double forward_seconds = solver->forward_seconds();
    const double backward_seconds = solver->backward_seconds();
    solver.reset();
    // Read back with their checksums: what later components read is what was written.
    absl::StatusOr<std::vector<std::unique_ptr<MappedSlice>>> written =
        OpenComponentFiles(tb, dir, component);
    if (!written.ok()) return written.status();
    for (size_t i = 0; i < component.size(); ++i) {
      tables.Add(component[i], std::move((*written)[i]));
    }
    solved_positions += size;
    const double seconds = std::chrono::duration<double>(Clock::now() - component_start).count();
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    progress << absl::StrFormat(
        "[%d/%d] %s: %d positions in %.2fs (forward %.2fs, backward %.2fs; %.2fM positions/s), "
        "%.0f%% of all, ETA %.0fs\n",
        c + 1, components.size(), names, size, seconds, forward_seconds, backward_seconds,
        size / std::max(seconds, 1e-9) / 1e6, 100.0 * built / std::max<uint64_t>(plan.total, 1),
        elapsed / std::max<uint64_t>(solved_positions, 1) * (plan.total - built));
  }
  if (!options.compress) return absl::OkStatus();
  return CompressBuiltSlices(tb, dir, slices, options.threads, progress);
}

// The builder of one adapter's tables, compiled in one file of the program
// (boards/<game>/<game>_tablebase_build.cc: `LUD64_TABLEBASE_BUILDER(Tb, )`)
// and declared there for every other (boards/game_tablebases.h:
// `LUD64_TABLEBASE_BUILDER(Tb, extern)`): each file that builds would
// otherwise compile the whole solver again. Inside namespace lud64::tablebase.
// NOLINTBEGIN(bugprone-macro-parentheses): `kind` is a keyword or nothing.
#define LUD64_TABLEBASE_BUILDER(Tb, kind)                                             \
  kind template class ComponentSolver<Tb>;                                            \
  kind template absl::Status BuildSlices<Tb>(const Tb&, const std::vector<SliceKey>&, \
                                             const TbBuildOptions&, std::ostream&, SliceTables&);
// NOLINTEND(bugprone-macro-parentheses)

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_BUILDER_H_
