// The few collective operations the distributed build uses, over
// MPI_COMM_WORLD, with the byte counts its progress reports.
#ifndef LUD64_TOOLS_LUD64_MPI_MPI_COMM_H_
#define LUD64_TOOLS_LUD64_MPI_MPI_COMM_H_

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"

namespace lud64::tablebase {

class MpiComm {
 public:
  MpiComm();
  int rank() const { return rank_; }
  int ranks() const { return ranks_; }
  // Bytes this rank sent to other ranks so far (own messages excluded).
  uint64_t bytes_sent() const { return bytes_sent_; }
  // Words this rank passed to Exchange so far, its own included: messages.
  uint64_t words_exchanged() const { return words_exchanged_; }

  uint64_t SumU64(uint64_t value) const;
  uint64_t MaxU64(uint64_t value) const;
  void SumU64(std::vector<uint64_t>& values) const;  // in place, element-wise
  // Rank 0's status on every rank (its code and message).
  absl::Status BroadcastStatus(const absl::Status& status) const;
  // OK on every rank only if it is OK on every rank; else the first failing
  // rank's error.
  absl::Status AgreeStatus(const absl::Status& status) const;

  // All-to-all personalised exchange: `out[r]` goes to rank r; returns what
  // every rank sent here, concatenated by source rank, and the count from
  // each source in `from`.
  std::vector<uint64_t> Exchange(const std::vector<std::vector<uint64_t>>& out,
                                 std::vector<int>& from);
  // Rank 0 receives `local` of every rank, concatenated by rank; `counts` (on
  // rank 0) the size from each.
  std::vector<uint16_t> GatherToRoot(const std::vector<uint16_t>& local, std::vector<int>& counts);

 private:
  int rank_ = 0;
  int ranks_ = 1;
  uint64_t bytes_sent_ = 0;
  uint64_t words_exchanged_ = 0;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TOOLS_LUD64_MPI_MPI_COMM_H_
