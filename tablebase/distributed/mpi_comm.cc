#include "tablebase/distributed/mpi_comm.h"

#include <algorithm>

namespace lud64::tablebase {

MpiComm::MpiComm() {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks_);
}

uint64_t MpiComm::SumU64(uint64_t value) const {
  uint64_t sum = 0;
  MPI_Allreduce(&value, &sum, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  return sum;
}

uint64_t MpiComm::MaxU64(uint64_t value) const {
  uint64_t max = 0;
  MPI_Allreduce(&value, &max, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
  return max;
}

void MpiComm::SumU64(std::vector<uint64_t>& values) const {
  MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_UINT64_T, MPI_SUM,
                MPI_COMM_WORLD);
}

absl::Status MpiComm::BroadcastStatus(const absl::Status& status) const {
  int code = static_cast<int>(status.code());
  MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::string message(status.message());
  int length = static_cast<int>(message.size());
  MPI_Bcast(&length, 1, MPI_INT, 0, MPI_COMM_WORLD);
  message.resize(length);
  MPI_Bcast(message.data(), length, MPI_CHAR, 0, MPI_COMM_WORLD);
  return absl::Status(static_cast<absl::StatusCode>(code), message);
}

absl::Status MpiComm::AgreeStatus(const absl::Status& status) const {
  int failing = status.ok() ? ranks_ : rank_;
  int first = ranks_;
  MPI_Allreduce(&failing, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (first == ranks_) return absl::OkStatus();
  int code = static_cast<int>(status.code());
  MPI_Bcast(&code, 1, MPI_INT, first, MPI_COMM_WORLD);
  std::string message(status.message());
  int length = static_cast<int>(message.size());
  MPI_Bcast(&length, 1, MPI_INT, first, MPI_COMM_WORLD);
  message.resize(length);
  MPI_Bcast(message.data(), length, MPI_CHAR, first, MPI_COMM_WORLD);
  return absl::Status(static_cast<absl::StatusCode>(code), message);
}

std::vector<uint64_t> MpiComm::Exchange(const std::vector<std::vector<uint64_t>>& out,
                                        std::vector<int>& from) {
  StartExchange({out});
  std::vector<uint64_t> in = FinishExchange();
  from = receive_counts_;
  return in;
}

void MpiComm::StartExchange(const std::vector<std::vector<std::vector<uint64_t>>>& parts) {
  FinishExchange();  // one in flight at a time
  started_ = true;
  send_counts_.assign(ranks_, 0);
  send_displs_.assign(ranks_, 0);
  receive_counts_.assign(ranks_, 0);
  receive_displs_.assign(ranks_, 0);
  for (const auto& part : parts) {
    for (int r = 0; r < ranks_; ++r) send_counts_[r] += static_cast<int>(part[r].size());
  }
  // The rank's own words do not go through MPI (which would copy them once
  // more): they are copied straight to their place among those received.
  send_.clear();
  for (int r = 0; r < ranks_; ++r) {
    words_exchanged_ += send_counts_[r];
    if (r == rank_) continue;
    send_displs_[r] = static_cast<int>(send_.size());
    for (const auto& part : parts) send_.insert(send_.end(), part[r].begin(), part[r].end());
    bytes_sent_ += send_counts_[r] * sizeof(uint64_t);
  }
  MPI_Alltoall(send_counts_.data(), 1, MPI_INT, receive_counts_.data(), 1, MPI_INT, MPI_COMM_WORLD);
  int received = 0;
  for (int r = 0; r < ranks_; ++r) {
    receive_displs_[r] = received;
    received += receive_counts_[r];
  }
  receive_.resize(received);
  auto own = receive_.begin() + receive_displs_[rank_];
  for (const auto& part : parts) own = std::copy(part[rank_].begin(), part[rank_].end(), own);
  mpi_send_counts_ = send_counts_;
  mpi_receive_counts_ = receive_counts_;
  mpi_send_counts_[rank_] = mpi_receive_counts_[rank_] = 0;
  MPI_Ialltoallv(send_.data(), mpi_send_counts_.data(), send_displs_.data(), MPI_UINT64_T,
                 receive_.data(), mpi_receive_counts_.data(), receive_displs_.data(), MPI_UINT64_T,
                 MPI_COMM_WORLD, &request_);
}

void MpiComm::ProgressExchange() {
  if (request_ == MPI_REQUEST_NULL) return;
  int done = 0;
  MPI_Test(&request_, &done, MPI_STATUS_IGNORE);
}

const std::vector<uint64_t>& MpiComm::FinishExchange() {
  if (!started_) {
    receive_.clear();
    return receive_;
  }
  // A completed MPI_Test has already set the request to MPI_REQUEST_NULL,
  // for which MPI_Wait returns at once.
  const double wait_start = MPI_Wtime();
  MPI_Wait(&request_, MPI_STATUS_IGNORE);
  exchange_wait_seconds_ += MPI_Wtime() - wait_start;
  started_ = false;
  return receive_;
}

std::vector<uint16_t> MpiComm::GatherToRoot(const std::vector<uint16_t>& local,
                                            std::vector<int>& counts) {
  const int count = static_cast<int>(local.size());
  counts.assign(ranks_, 0);
  MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<int> displs(ranks_, 0);
  int total = 0;
  for (int r = 0; r < ranks_; ++r) {
    displs[r] = total;
    total += counts[r];
  }
  if (rank_ != 0) bytes_sent_ += local.size() * sizeof(uint16_t);
  std::vector<uint16_t> all(rank_ == 0 ? total : 0);
  MPI_Gatherv(local.data(), count, MPI_UINT16_T, all.data(), counts.data(), displs.data(),
              MPI_UINT16_T, 0, MPI_COMM_WORLD);
  return all;
}

}  // namespace lud64::tablebase
