// Checkpoints inside a component, so that a killed job resumes a long
// component where it was instead of solving it again. Each rank writes its own
// file: its state words, taken between two distances of the backward pass,
// where every rank is at the same point. (The words say which positions are
// resolved and not yet taken: solve/pending_positions.h.)
//
// A checkpoint is a generation, named by the next distance to process (0
// right after the forward pass). A rank writes a generation under a temporary name
// and renames it; the previous generation is deleted only once every rank has
// renamed the new one. So whenever a job dies, some generation is complete on
// every rank: the newest generation all ranks hold (Resume agrees on it).
#ifndef LUD64_TABLEBASE_DISTRIBUTED_CHECKPOINT_H_
#define LUD64_TABLEBASE_DISTRIBUTED_CHECKPOINT_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "tablebase/distributed/mpi_comm.h"
#include "tablebase/solve/huge_array.h"

namespace lud64::tablebase {

// One rank's checkpoints of one component: "<dir>/<component>.<ranks>ranks.r<rank>.g<generation>".
class ComponentCheckpoint {
 public:
  // `component` names the component uniquely within the build (its first
  // slice's file name); `dir` is created if missing.
  ComponentCheckpoint(std::string dir, const std::string& component, int ranks, int rank);

  // Writes generation `next_distance` (fsync, rename) and returns; the caller
  // deletes older generations with DropBefore once every rank has written.
  absl::Status Write(uint64_t next_distance, const HugeArray<uint32_t>& state) const;
  // Deletes this rank's generations older than `next_distance`.
  void DropBefore(uint64_t next_distance) const;
  // Deletes every generation of this rank (the component is solved).
  void DropAll() const;

  // This rank's generations on disk (renamed into place), newest first.
  std::vector<uint64_t> Generations() const;
  // Reads generation `next_distance` into `state` (of the rank's local
  // size); errors name the file.
  absl::Status Read(uint64_t next_distance, HugeArray<uint32_t>& state) const;

 private:
  std::string Path(uint64_t next_distance) const;
  std::string dir_;
  std::string prefix_;  // file name up to ".g"
  int ranks_;
  int rank_;
};

// When a solver checkpoints: between two distances once `interval_seconds`
// have passed since the last checkpoint (or the component's start), on rank
// 0's clock so that every rank decides alike. Every call is collective.
class CheckpointSchedule {
 public:
  CheckpointSchedule(ComponentCheckpoint files, double interval_seconds, MpiComm& comm);

  // The newest generation every rank holds, read into `state`; nullopt if
  // there is none or a rank cannot read it (then `state` is zeroed, for a
  // fresh start, the component's checkpoints are deleted and the reason goes
  // to the function given to OnUnreadable, on every rank).
  std::optional<uint64_t> Resume(HugeArray<uint32_t>& state);
  void OnUnreadable(std::function<void(const absl::Status&)> report) {
    on_unreadable_ = std::move(report);
  }
  // Writes generation `next_distance` if it is time, then drops older ones.
  absl::Status AtDistanceBoundary(uint64_t next_distance, const HugeArray<uint32_t>& state);
  // The component is solved and written: its checkpoints go.
  void Finish() const { files_.DropAll(); }
  int written() const { return written_; }

 private:
  ComponentCheckpoint files_;
  double interval_seconds_;
  MpiComm& comm_;
  double last_ = 0;
  int written_ = 0;
  std::function<void(const absl::Status&)> on_unreadable_;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_DISTRIBUTED_CHECKPOINT_H_
