// The distributed executor of tablebase::BuildSlices (builder.h): the same
// loop over the same components, each solved by every rank together and
// written by rank 0 as the entries stream in from the ranks. A component
// whose files all verify is kept (rank 0 checks, every rank maps them), so a
// killed job resumes at the first incomplete component.
#ifndef LUD64_TABLEBASE_DISTRIBUTED_MPI_BUILDER_H_
#define LUD64_TABLEBASE_DISTRIBUTED_MPI_BUILDER_H_

#include <algorithm>
#include <memory>
#include <numeric>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tablebase/distributed/mpi_comm.h"
#include "tablebase/distributed/mpi_solver.h"
#include "tablebase/format/compress.h"
#include "tablebase/format/slice_writer.h"
#include "tablebase/format/tb_file.h"
#include "tablebase/solve/builder.h"
#include "tablebase/solve/pending_positions.h"

namespace lud64::tablebase {

// Ids gathered to rank 0 per step of the writer: bounds rank 0's buffers
// (2 bytes an id) whatever the slice size.
inline constexpr uint64_t kWriteStep = uint64_t{1} << 22;
// Per-rank memory besides the state: message batches (kBatch positions times
// up to a few dozen predecessors, sent and received, 8 bytes each) and the
// writer's step, rounded up.
inline constexpr uint64_t kMpiFixedMiB = 256;

// MiB per rank for a component of `positions` over `ranks` ranks: a rank's
// share of the state words and what its backward pass finds them with.
inline uint64_t MpiMemoryPerRankMiB(uint64_t positions, int ranks) {
  const uint64_t owned = BlockCyclic(positions, ranks, 0).LargestLocalSize();
  return (PendingPositions::WorkingBytes(owned) >> 20) + kMpiFixedMiB;
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

// Rank `rank`'s share of `files` to compress, of `ranks`: dealt largest
// slice first to the rank with the fewest positions so far, the same deal
// on every rank.
template <class Tb>
SliceFileList CompressionShare(const Tb& tb, const SliceFileList& files, int ranks, int rank) {
  std::vector<size_t> order(files.size());
  std::iota(order.begin(), order.end(), size_t{0});
  auto positions = [&](size_t i) {
    return tb.index().Size(files[i].first.own, files[i].first.opponent);
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return positions(a) > positions(b); });
  std::vector<uint64_t> load(ranks, 0);
  SliceFileList share;
  for (size_t i : order) {
    const int to = static_cast<int>(std::min_element(load.begin(), load.end()) - load.begin());
    load[to] += positions(i);
    if (to == rank) share.push_back(files[i]);
  }
  return share;
}

// Every rank of an MPI job, each component solved by all of them together
// (MpiComponentSolver) and written by rank 0 as the entries stream in.
// Inside a component it checkpoints every `checkpoint_seconds` (at the end
// of the distance then being solved), in `<dir>/checkpoints`, and a rerun resumes from
// the newest checkpoint every rank holds.
class MpiExecutor {
 public:
  MpiExecutor(MpiComm& comm, int threads, double checkpoint_seconds)
      : comm_(comm), threads_(threads), checkpoint_seconds_(checkpoint_seconds) {}

  bool root() const { return comm_.rank() == 0; }
  std::string where() const { return absl::StrCat(" on ", comm_.ranks(), " ranks"); }
  uint64_t MemoryMiB(uint64_t positions) const {
    return MpiMemoryPerRankMiB(positions, comm_.ranks());
  }
  absl::Status Broadcast(const absl::Status& status) { return comm_.BroadcastStatus(status); }
  absl::Status Agree(const absl::Status& status) { return comm_.AgreeStatus(status); }

  template <class Tb>
  absl::StatusOr<ComponentReport> Solve(const Tb& tb, const std::vector<SliceKey>& component,
                                        const SliceTables& tables, const std::string& dir,
                                        const ComponentStep& step) {
    const double start = MPI_Wtime();
    const uint64_t bytes_before = comm_.SumU64(comm_.bytes_sent());
    const uint64_t words_before = comm_.SumU64(comm_.words_exchanged());
    const double wait_before = comm_.exchange_wait_seconds();
    MpiComponentSolver<Tb> solver(tb, component, tables, threads_, comm_);
    CheckpointSchedule checkpoints(
        ComponentCheckpoint(absl::StrCat(dir, "/checkpoints"),
                            SliceFileName(tb.family(), component.front()), comm_.ranks(),
                            comm_.rank()),
        checkpoint_seconds_, comm_);
    checkpoints.OnUnreadable([&](const absl::Status& why) {
      if (step.progress == nullptr) return;
      *step.progress << absl::StrFormat("%s: %s; solving it from the start\n", step.label,
                                        why.message());
    });
    solver.SetCheckpoints(&checkpoints);
    absl::Status status = solver.Solve([&](const char* phase, uint64_t done) {
      if (step.progress == nullptr) return;
      const double seconds = MPI_Wtime() - start;
      const std::optional<double> eta = step.BuildEta(seconds);
      // Bytes sent estimated from rank 0's (the exchange is symmetric).
      *step.progress << absl::StrFormat(
          "%s: %s %d of %d, %.2fM positions/s (all ranks), about %.1f MB sent, ETA %s\n",
          step.label, phase, done, step.size, done / std::max(seconds, 1e-9) / 1e6,
          static_cast<double>(comm_.bytes_sent()) * comm_.ranks() / 1e6,
          eta ? absl::StrFormat("%.0fs", *eta) : "unknown");
    });
    if (!status.ok()) return status;
    if (step.progress != nullptr && solver.resumed_from()) {
      *step.progress << absl::StrFormat("%s: resumed from the checkpoint at distance %d\n",
                                        step.label, *solver.resumed_from());
    }
    for (size_t i = 0; i < component.size(); ++i) {
      if (absl::Status s = WriteSliceMpi(tb, dir, component[i], static_cast<int>(i), solver, comm_);
          !s.ok()) {
        return s;
      }
    }
    checkpoints.Finish();
    const uint64_t bytes = comm_.SumU64(comm_.bytes_sent()) - bytes_before;
    const uint64_t words = comm_.SumU64(comm_.words_exchanged()) - words_before;
    // Blocked in exchanges: messages in flight, or ranks waiting for slower ones.
    const double waited =
        comm_.MaxU64(static_cast<uint64_t>((comm_.exchange_wait_seconds() - wait_before) * 1e6)) /
        1e6;
    if (step.progress != nullptr) {
      *step.progress << absl::StrFormat(
          "%s: over %d ranks, %.2f messages/position, sent %.1f MB between ranks (%.2f "
          "bytes/position), at most %.2fs blocked in exchanges, %d checkpoints\n",
          step.label, comm_.ranks(), static_cast<double>(words) / std::max<uint64_t>(step.size, 1),
          bytes / 1e6, static_cast<double>(bytes) / std::max<uint64_t>(step.size, 1), waited,
          checkpoints.written());
    }
    return ComponentReport{solver.forward_seconds(), solver.backward_seconds()};
  }

  // Each rank compresses its share of the files (CompressionShare) in the
  // shared directory; the report is summed over the ranks.
  template <class Tb>
  absl::StatusOr<CompressReport> Compress(const Tb& tb, const SliceFileList& files,
                                          std::ostream& progress, StopFlag stop) {
    std::ostringstream quiet;
    if (root()) {
      progress << absl::StrFormat("compressing %d files on %d ranks\n", files.size(),
                                  comm_.ranks());
    }
    const absl::StatusOr<CompressReport> mine =
        CompressSliceFiles(tb, CompressionShare(tb, files, comm_.ranks(), comm_.rank()), threads_,
                           root() ? progress : quiet, stop);
    if (absl::Status s = comm_.AgreeStatus(mine.status()); !s.ok()) return s;
    std::vector<uint64_t> sums = {static_cast<uint64_t>(mine->compressed),
                                  static_cast<uint64_t>(mine->already), mine->bytes_before,
                                  mine->bytes_after};
    comm_.SumU64(sums);
    return CompressReport{.compressed = static_cast<int>(sums[0]),
                          .already = static_cast<int>(sums[1]),
                          .bytes_before = sums[2],
                          .bytes_after = sums[3]};
  }

 private:
  MpiComm& comm_;
  int threads_;
  double checkpoint_seconds_;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_DISTRIBUTED_MPI_BUILDER_H_
