// The distributed counterpart of tablebase::BuildSlices: the same components
// in the same order, each solved by every rank together (MpiComponentSolver)
// and written by rank 0 as the entries stream in from the ranks. A component
// whose files all verify is kept (rank 0 checks, every rank maps them), so a
// killed job resumes at the first incomplete component.
#ifndef LUD64_TABLEBASE_DISTRIBUTED_MPI_BUILDER_H_
#define LUD64_TABLEBASE_DISTRIBUTED_MPI_BUILDER_H_

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tablebase/builder.h"
#include "tablebase/distributed/mpi_comm.h"
#include "tablebase/distributed/mpi_solver.h"
#include "tablebase/slice_writer.h"
#include "tablebase/tb_file.h"

namespace lud64::tablebase {

// Ids gathered to rank 0 per step of the writer: bounds rank 0's buffers
// (2 bytes an id) whatever the slice size.
inline constexpr uint64_t kWriteStep = uint64_t{1} << 22;
// Per-rank memory besides the state: message batches (kBatch entries times
// up to a few dozen predecessors, sent and received, 8 bytes each) and the
// writer's step, rounded up.
inline constexpr uint64_t kMpiFixedMiB = 256;

// MiB per rank for a component of `positions` over `ranks` ranks.
inline uint64_t MpiMemoryPerRankMiB(uint64_t positions, int ranks) {
  const uint64_t owned = BlockCyclic(positions, ranks, 0).LargestLocalSize();
  return (owned * kMpiWorkBytesPerPosition >> 20) + kMpiFixedMiB;
}

// Maps a component's verified files into `tables`.
template <class Tb>
absl::Status AddComponentFiles(const Tb& tb, const std::string& dir,
                               const std::vector<SliceKey>& component, SliceTables& tables) {
  absl::StatusOr<std::vector<std::unique_ptr<MappedSlice>>> files =
      OpenComponentFiles(tb, dir, component);
  if (!files.ok()) return files.status();
  for (size_t i = 0; i < component.size(); ++i) tables.Add(component[i], std::move((*files)[i]));
  return absl::OkStatus();
}

// Writes slice `i` of a solved component: every rank sends its entries step
// by step, rank 0 interleaves them back into id order and streams the file.
template <class Tb>
absl::Status WriteSliceMpi(const Tb& tb, const std::string& dir, const SliceKey& key, int i,
                           MpiComponentSolver<Tb>& solver, MpiComm& comm) {
  const SliceStats stats = solver.Stats(i);
  const uint64_t begin = solver.SliceBegin(i), end = solver.SliceEnd(i);
  const std::string path = absl::StrCat(dir, "/", SliceFileName(tb.family(), key));
  absl::Status status;
  std::unique_ptr<SliceWriter> writer;
  if (comm.rank() == 0) {
    absl::StatusOr<std::unique_ptr<SliceWriter>> created = SliceWriter::Create(
        path, tb.family(), key, tb.index().symmetry().scheme_id(), stats, end - begin);
    status = created.status();
    if (created.ok()) writer = *std::move(created);
  }
  std::vector<uint16_t> local, ordered;
  std::vector<int> counts;
  for (uint64_t a = begin; a < end; a += kWriteStep) {
    const uint64_t b = std::min(end, a + kWriteStep);
    solver.OwnedEntries(a, b, local);
    const std::vector<uint16_t> all = comm.GatherToRoot(local, counts);
    if (comm.rank() != 0 || !status.ok()) continue;  // keep gathering: ranks stay in step
    std::vector<size_t> cursor(comm.ranks(), 0);
    for (int r = 1; r < comm.ranks(); ++r) cursor[r] = cursor[r - 1] + counts[r - 1];
    ordered.clear();
    for (uint64_t id = a; id < b; ++id)
      ordered.push_back(all[cursor[solver.partition().Owner(id)]++]);
    status = writer->Append(ordered.data(), ordered.size());
  }
  if (comm.rank() == 0 && status.ok()) status = writer->Commit();
  return comm.BroadcastStatus(status);
}

// Builds (or keeps) every slice of `slices` into the shared directory;
// `progress` is written by rank 0 only.
// Checkpoints inside a component every `checkpoint_seconds` (at the first
// bucket boundary after), in `<dir>/checkpoints`.
template <class Tb>
absl::Status BuildSlicesMpi(const Tb& tb, const std::vector<SliceKey>& slices,
                            const TbBuildOptions& options, double checkpoint_seconds, MpiComm& comm,
                            std::ostream& progress, SliceTables& tables) {
  const bool root = comm.rank() == 0;
  const std::string dir = TablebaseDir(options.dir);
  absl::Status made;
  if (root && ::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) {
    made = absl::InternalError(absl::StrCat("tablebase directory ", dir, ": cannot create"));
  }
  if (absl::Status s = comm.BroadcastStatus(made); !s.ok()) return s;
  const BuildPlan plan = PlanBuild(tb, slices);
  const auto& components = plan.components;
  const uint64_t total = plan.total;
  const uint64_t need_mib = MpiMemoryPerRankMiB(plan.largest, comm.ranks());
  if (absl::Status s = CheckMemoryLimit(
          absl::StrCat("building ", tb.family(), " on ", comm.ranks(), " ranks needs about"),
          need_mib, options.memory_mib, plan.largest);
      !s.ok()) {
    return s;
  }
  if (root) {
    progress << absl::StrFormat(
        "%s: %d slices in %d components, %d positions, %d ranks, about %d MiB per rank\n",
        tb.family(), slices.size(), components.size(), total, comm.ranks(), need_mib);
  }
  const double start = MPI_Wtime();
  uint64_t built = 0, solved_positions = 0;
  for (size_t c = 0; c < components.size(); ++c) {
    const auto& component = components[c];
    const uint64_t size = plan.sizes[c];
    built += size;
    const std::string names = ComponentName(component);
    // Resume: rank 0 decides whether the files are complete, so that every
    // rank takes the same branch.
    absl::Status present;
    if (root) {
      present = OpenComponentFiles(tb, dir, component).status();
      if (!present.ok() && !absl::IsNotFound(present)) {
        progress << "rebuilding: " << present.message() << "\n";
      }
    }
    if (comm.BroadcastStatus(present).ok()) {
      if (absl::Status s = comm.AgreeStatus(AddComponentFiles(tb, dir, component, tables));
          !s.ok()) {
        return s;
      }
      if (root)
        progress << absl::StrFormat("[%d/%d] %s: present\n", c + 1, components.size(), names);
      continue;
    }
    const double component_start = MPI_Wtime();
    const uint64_t bytes_before = comm.SumU64(comm.bytes_sent());
    const uint64_t words_before = comm.SumU64(comm.words_exchanged());
    const double wait_before = comm.exchange_wait_seconds();
    MpiComponentSolver<Tb> solver(tb, component, tables, options.threads, comm);
    CheckpointSchedule checkpoints(
        ComponentCheckpoint(absl::StrCat(dir, "/checkpoints"),
                            SliceFileName(tb.family(), component.front()), comm.ranks(),
                            comm.rank()),
        checkpoint_seconds, comm);
    solver.SetCheckpoints(&checkpoints);
    absl::Status status = solver.Solve([&](const char* phase, uint64_t done) {
      if (!root) return;
      const double now = MPI_Wtime();
      const double rate = done / std::max(now - component_start, 1e-9);
      // The build's ETA at the rate of the components solved so far; bytes
      // sent estimated from rank 0's (the exchange is symmetric).
      const double eta =
          (now - start) / std::max<uint64_t>(solved_positions, 1) * (total - built + size) -
          (now - component_start);
      progress << absl::StrFormat(
          "[%d/%d] %s: %s %d of %d, %.2fM positions/s (all ranks), about %.1f MB sent, ETA %s\n",
          c + 1, components.size(), names, phase, done, size, rate / 1e6,
          static_cast<double>(comm.bytes_sent()) * comm.ranks() / 1e6,
          solved_positions > 0 ? absl::StrFormat("%.0fs", std::max(eta, 0.0)) : "unknown");
    });
    if (!status.ok()) return status;
    if (root && solver.resumed_from()) {
      progress << absl::StrFormat("[%d/%d] %s: resumed from the checkpoint at distance %d\n", c + 1,
                                  components.size(), names, *solver.resumed_from());
    }
    for (size_t i = 0; i < component.size(); ++i) {
      if (absl::Status s = WriteSliceMpi(tb, dir, component[i], static_cast<int>(i), solver, comm);
          !s.ok()) {
        return s;
      }
    }
    if (absl::Status s = comm.AgreeStatus(AddComponentFiles(tb, dir, component, tables)); !s.ok()) {
      return s;
    }
    checkpoints.Finish();
    solved_positions += size;
    const uint64_t bytes = comm.SumU64(comm.bytes_sent()) - bytes_before;
    const uint64_t words = comm.SumU64(comm.words_exchanged()) - words_before;
    // Blocked in exchanges: messages in flight, or ranks waiting for slower ones.
    const double waited =
        comm.MaxU64(static_cast<uint64_t>((comm.exchange_wait_seconds() - wait_before) * 1e6)) /
        1e6;
    const double seconds = MPI_Wtime() - component_start;
    const double elapsed = MPI_Wtime() - start;
    if (root) {
      progress << absl::StrFormat(
          "[%d/%d] %s: %d positions in %.2fs (forward %.2fs, backward %.2fs of which at most %.2fs "
          "blocked in exchanges; %.2fM positions/s over %d ranks), %.2f messages/position, sent "
          "%.1f MB between ranks (%.2f bytes/position), %d checkpoints, %.0f%% of all, ETA %.0fs\n",
          c + 1, components.size(), names, size, seconds, solver.forward_seconds(),
          solver.backward_seconds(), waited, size / std::max(seconds, 1e-9) / 1e6, comm.ranks(),
          static_cast<double>(words) / std::max<uint64_t>(size, 1), bytes / 1e6,
          static_cast<double>(bytes) / std::max<uint64_t>(size, 1), checkpoints.written(),
          100.0 * built / std::max<uint64_t>(total, 1),
          elapsed / std::max<uint64_t>(solved_positions, 1) * (total - built));
    }
  }
  // Rank 0 compresses the files, as the single-process builder does, so that
  // both write the same bytes.
  absl::Status compressed;
  if (root && options.compress) {
    compressed = CompressBuiltSlices(tb, dir, slices, options.threads, progress);
  }
  return comm.BroadcastStatus(compressed);
}

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_DISTRIBUTED_MPI_BUILDER_H_
