// The few collective operations the distributed build uses, over
// MPI_COMM_WORLD, with the byte counts its progress reports.
#ifndef LUD64_TABLEBASE_DISTRIBUTED_MPI_COMM_H_
#define LUD64_TABLEBASE_DISTRIBUTED_MPI_COMM_H_

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
  // Seconds this rank spent blocked in exchanges (counts and waits): what the
  // overlap did not hide.
  double exchange_wait_seconds() const { return exchange_wait_seconds_; }

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

  // The same exchange in two halves, so that a batch's messages travel while
  // the next batch is computed. StartExchange sends the words of every
  // `parts[i][r]` to rank r (the parts are the threads' outboxes; they are
  // copied, so the caller may refill them): the counts go at once, in a small
  // blocking all-to-all, the words by MPI_Ialltoallv, but for the rank's own,
  // copied straight to their place among those received. One exchange is in
  // flight at a time; collective, so every rank starts and finishes alike.
  void StartExchange(const std::vector<std::vector<std::vector<uint64_t>>>& parts);
  // Lets MPI move the exchange in flight on; cheap. Open MPI progresses
  // nonblocking collectives only inside MPI calls, so computing threads' main
  // thread calls this between chunks.
  void ProgressExchange();
  // Waits for the exchange in flight and returns what arrived, concatenated
  // by source rank (empty if none was in flight).
  const std::vector<uint64_t>& FinishExchange();
  // Rank 0 receives `local` of every rank, concatenated by rank; `counts` (on
  // rank 0) the size from each.
  std::vector<uint16_t> GatherToRoot(const std::vector<uint16_t>& local, std::vector<int>& counts);

 private:
  int rank_ = 0;
  int ranks_ = 1;
  uint64_t bytes_sent_ = 0;
  uint64_t words_exchanged_ = 0;
  double exchange_wait_seconds_ = 0;
  // The exchange in flight.
  MPI_Request request_ = MPI_REQUEST_NULL;
  bool started_ = false;  // an exchange was started and not finished
  std::vector<uint64_t> send_, receive_;
  std::vector<int> send_counts_, send_displs_, receive_counts_, receive_displs_;
  // The counts MPI moves: the above with the rank's own words left out.
  std::vector<int> mpi_send_counts_, mpi_receive_counts_;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_DISTRIBUTED_MPI_COMM_H_
