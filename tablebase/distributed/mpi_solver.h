// Retrograde analysis of one component across MPI ranks. The rules of
// tablebase/solve/retrograde.h and backward_pass.h are kept; what changes is where
// the state lives: each rank holds the 32-bit state word of the ids it owns
// (BlockCyclic), and only those.
//
// - Forward pass: local. A position's successors need only their ids (to
//   count distinct children) or the solved tables, which every rank maps
//   read-only from the shared directory.
// - Backward pass: bucket by bucket, round by round as the threaded solver.
//   A rank resolves its own bucket entries and turns each predecessor into
//   an 8-byte message (id, offer-a-win or decrement, same-mover step) for
//   the predecessor's owner, on the rank's threads; messages are exchanged
//   with MPI_Ialltoallv in batches of kBatch entries per rank, so buffers stay
//   bounded, and a batch travels while the next one is computed.
// - Holes ask the owner of their canonical image for its value.
// Values are the unique fixed point, so the partition and the order of
// messages do not change them: files are byte-identical to a 1-process build.
#ifndef LUD64_TABLEBASE_DISTRIBUTED_MPI_SOLVER_H_
#define LUD64_TABLEBASE_DISTRIBUTED_MPI_SOLVER_H_

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "tablebase/distributed/checkpoint.h"
#include "tablebase/distributed/mpi_comm.h"
#include "tablebase/distributed/partition.h"
#include "tablebase/format/tb_file.h"
#include "tablebase/slice.h"
#include "tablebase/solve/component_ids.h"
#include "tablebase/solve/forward_step.h"
#include "tablebase/solve/huge_array.h"
#include "tablebase/solve/state_word.h"
#include "tablebase/tb_game.h"

namespace lud64::tablebase {

// Working bytes per owned position: the state word (4) and bucket entries
// (4 at most: a position is queued about once).
inline constexpr int kMpiWorkBytesPerPosition = 8;
// Bucket entries resolved per rank between two exchanges.
inline constexpr size_t kBatch = size_t{1} << 16;

template <class Tb>
class MpiComponentSolver : private StateWord {
 public:
  using Position = typename Tb::Position;
  // (phase "forward"/"backward", positions done over all ranks or estimated)
  using Progress = std::function<void(const char*, uint64_t)>;

  MpiComponentSolver(const Tb& tb, std::vector<SliceKey> keys, const SliceTables& solved,
                     int threads, MpiComm& comm)
      : tb_(tb),
        ids_(tb, std::move(keys)),
        solved_(solved),
        threads_(std::max(1, threads)),
        comm_(comm),
        part_(ids_.size(), comm.ranks(), comm.rank()) {}

  uint64_t size() const { return ids_.size(); }
  const BlockCyclic& partition() const { return part_; }
  double forward_seconds() const { return forward_seconds_; }
  double backward_seconds() const { return backward_seconds_; }

  absl::Status Solve(const Progress& progress) {
    // Ids are 64-bit here (a 6v6 Davxar component has 5.3e10 positions); only
    // local indices, in the buckets, are 32-bit.
    if (part_.LargestLocalSize() >= kNone || size() >= (uint64_t{1} << 62)) {
      return absl::ResourceExhaustedError(
          absl::StrCat("component of ", size(), " positions: too large for ", comm_.ranks(),
                       " ranks (a rank's share must stay under 2^32 positions)"));
    }
    state_ = HugeArray<uint32_t>(part_.LocalSize());
    const double start = MPI_Wtime();
    uint64_t first_bucket = 0;
    if (checkpoints_ != nullptr) resumed_from_ = checkpoints_->Resume(state_, buckets_);
    if (resumed_from_) {
      first_bucket = *resumed_from_;
    } else {
      if (absl::Status s = comm_.AgreeStatus(ForwardPass(progress)); !s.ok()) return s;
      if (absl::Status s = AtBucketBoundary(0); !s.ok()) return s;
    }
    const double forward_end = MPI_Wtime();
    if (absl::Status s = BackwardPass(first_bucket, progress); !s.ok()) return s;
    forward_seconds_ = forward_end - start;
    backward_seconds_ = MPI_Wtime() - forward_end;
    FinishValues();
    return absl::OkStatus();
  }

  // Checkpoints at bucket boundaries by `schedule` (kept by the caller), and
  // resumes from the newest one all ranks hold; null: none.
  void SetCheckpoints(CheckpointSchedule* schedule) { checkpoints_ = schedule; }
  // The generation (next bucket) Solve resumed from, if it did.
  std::optional<uint64_t> resumed_from() const { return resumed_from_; }

  // After Solve, collective: the counts of slice i over all ranks.
  SliceStats Stats(int slice) {
    std::vector<uint64_t> counts(3, 0);
    uint64_t max_turns = 0;
    ForOwned(slice, [&](uint64_t local) {
      if (FlagsOf(state_[local]) & kHole) return;
      const Entry e = ValueOf(state_[local]);
      if (e == kDrawEntry) {
        ++counts[1];
      } else {
        ++counts[IsWin(e) ? 0 : 2];
        max_turns = std::max<uint64_t>(max_turns, EntryTurns(e));
      }
    });
    comm_.SumU64(counts);
    return {counts[0], counts[1], counts[2], static_cast<int>(comm_.MaxU64(max_turns))};
  }

  // After Solve: this rank's entries for the ids [begin, end), in id order.
  void OwnedEntries(uint64_t begin, uint64_t end, std::vector<uint16_t>& out) const {
    out.clear();
    for (uint64_t l = part_.OwnedBelow(part_.rank(), begin);
         l < part_.OwnedBelow(part_.rank(), end); ++l) {
      out.push_back(ValueOf(state_[l]));
    }
  }
  uint64_t SliceBegin(int slice) const { return ids_.begin(slice); }
  uint64_t SliceEnd(int slice) const { return ids_.end(slice); }

 private:
  static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
  static constexpr uint64_t kNoId = ComponentIds<Tb>::kNoId;

  template <class F>
  void ForOwned(int slice, F&& f) const {
    const int me = part_.rank();
    for (uint64_t l = part_.OwnedBelow(me, ids_.begin(slice));
         l < part_.OwnedBelow(me, ids_.end(slice)); ++l) {
      f(l);
    }
  }

  // The forward step of ComponentSolver::InitPosition for an owned id.
  absl::Status InitPosition(uint64_t local, std::vector<std::pair<uint32_t, uint16_t>>& pending) {
    const uint64_t id = part_.Global(local);
    Position position;
    if (!ids_.Decode(id, position)) {
      state_[local] = Pack(0, 0, kHole | kNeverLoss);
      return absl::OkStatus();
    }
    SolvedSuccessors known;
    uint64_t children[DecisionList::kCapacity + 1];
    int child_count = 0;
    if (absl::Status s = ClassifySuccessors(
            tb_, position, [&](const SliceIndex& at) { return ids_.IdOf(at); }, kNoId,
            [&](const SliceKey& key) { return solved_.Find(key); }, ids_.key(ids_.SliceOfId(id)),
            known, children, child_count);
        !s.ok()) {
      return s;
    }
    const InitialState initial = InitialStateOf(known, child_count);
    state_[local] = initial.word;
    if (initial.queued) {
      pending.push_back({static_cast<uint32_t>(local), static_cast<uint16_t>(initial.turns)});
    }
    return absl::OkStatus();
  }

  absl::Status ForwardPass(const Progress& progress) {
    const uint64_t total = part_.LocalSize();
    std::vector<std::vector<std::pair<uint32_t, uint16_t>>> pending(threads_);
    std::vector<absl::Status> statuses(threads_);
    std::atomic<uint64_t> next{0}, done{0};
    std::atomic<bool> stop{false};
    constexpr uint64_t kChunk = 4096;
    double last = MPI_Wtime();
    auto work = [&](int t) {
      for (uint64_t begin; !stop && (begin = next.fetch_add(kChunk)) < total;) {
        const uint64_t end = std::min(total, begin + kChunk);
        for (uint64_t l = begin; l < end; ++l) {
          if (absl::Status s = InitPosition(l, pending[t]); !s.ok()) {
            statuses[t] = s;
            stop = true;
            return;
          }
        }
        done += end - begin;
        // No collective here: rank 0 estimates the total from its own share.
        if (t == 0 && progress && MPI_Wtime() - last > 2) {
          last = MPI_Wtime();
          progress("forward", done * comm_.ranks());
        }
      }
    };
    std::vector<std::thread> workers;
    for (int t = 1; t < threads_; ++t) workers.emplace_back(work, t);
    work(0);
    for (std::thread& w : workers) w.join();
    for (const absl::Status& s : statuses) {
      if (!s.ok()) return s;
    }
    for (const auto& list : pending) {
      for (const auto& [local, turns] : list) Push(turns, local);
    }
    return absl::OkStatus();
  }

  void Push(int turns, uint32_t local) {
    if (static_cast<size_t>(turns) >= buckets_.size()) buckets_.resize(turns + 1);
    buckets_[turns].push_back(local);
  }

  // Resolves an owned bucket entry at distance d, queueing one message per
  // distinct predecessor for its owner. Threads share the batch: taking the
  // entry (setting kDone) is atomic, and nothing else here writes.
  void Propagate(uint32_t local, int d, std::vector<uint64_t>& predecessors,
                 std::vector<std::vector<uint64_t>>& out) {
    Entry value;
    if (!TakeShared(state_[local], d, value)) return;  // stale or taken
    ids_.PredecessorUpdates(ids_.Decode(part_.Global(local)), value, predecessors);
    for (uint64_t update : predecessors) out[part_.Owner(update >> 2)].push_back(update);
  }

  // Propagates round[begin, end) on the rank's threads into their outboxes
  // (outboxes[t][r]: thread t's messages for rank r). The main thread keeps
  // the exchange in flight moving between its chunks.
  void PropagateBatch(const std::vector<uint32_t>& round, size_t begin, size_t end, int d,
                      std::vector<std::vector<std::vector<uint64_t>>>& outboxes) {
    for (auto& outbox : outboxes) {
      for (auto& part : outbox) part.clear();
    }
    constexpr size_t kChunk = 1024;
    std::atomic<size_t> next{begin};
    auto work = [&](int t) {
      std::vector<uint64_t> predecessors;
      for (size_t a; (a = next.fetch_add(kChunk)) < end;) {
        for (size_t i = a; i < std::min(end, a + kChunk); ++i) {
          Propagate(round[i], d, predecessors, outboxes[t]);
        }
        if (t == 0) comm_.ProgressExchange();
      }
    };
    const int threads = end - begin < 4 * kChunk ? 1 : threads_;
    std::vector<std::thread> workers;
    for (int t = 1; t < threads; ++t) workers.emplace_back(work, t);
    work(0);
    for (std::thread& w : workers) w.join();
  }

  // Applies a message (StateWord::Update) to its owned predecessor; one thread.
  void Deliver(uint64_t message, int d) {
    const auto local = static_cast<uint32_t>(part_.Local(message >> 2));
    if (const int turns = Apply(state_[local], message, d); turns >= 0) Push(turns, local);
  }

  // Every rank runs the same sequence of collectives: the bucket count, the
  // round sizes and the batch counts are agreed before each loop. Batches are
  // pipelined: batch b's messages travel while batch b + 1 is propagated, and
  // are applied after it. Applying late is safe: within a round, a message
  // can only queue entries for a later round (it cannot make an entry of the
  // same bucket stale before it is taken), and the round ends only once the
  // last batch's messages are applied.
  absl::Status AtBucketBoundary(uint64_t next_bucket) {
    return checkpoints_ == nullptr ? absl::OkStatus()
                                   : checkpoints_->AtBucketBoundary(next_bucket, state_, buckets_);
  }

  absl::Status BackwardPass(uint64_t first_bucket, const Progress& progress) {
    uint64_t resolved = 0;
    std::vector<std::vector<std::vector<uint64_t>>> outboxes(
        threads_, std::vector<std::vector<uint64_t>>(comm_.ranks()));
    double last = MPI_Wtime();
    auto apply = [&](int d) {
      for (uint64_t message : comm_.FinishExchange()) Deliver(message, d);
    };
    for (size_t d = first_bucket; d < comm_.MaxU64(buckets_.size()); ++d) {
      while (true) {
        std::vector<uint32_t> round;
        if (d < buckets_.size()) round.swap(buckets_[d]);
        const uint64_t batches = comm_.MaxU64((round.size() + kBatch - 1) / kBatch);
        if (batches == 0) break;
        for (uint64_t b = 0; b < batches; ++b) {
          const size_t begin = std::min(round.size(), b * kBatch);
          const size_t end = std::min(round.size(), begin + kBatch);
          PropagateBatch(round, begin, end, static_cast<int>(d), outboxes);
          apply(static_cast<int>(d));  // the previous batch's messages
          comm_.StartExchange(outboxes);
          resolved += end - begin;
        }
        apply(static_cast<int>(d));
        // Every rank takes part in the sum; rank 0's clock decides whether to print.
        const uint64_t all = comm_.SumU64(resolved);
        if (progress && MPI_Wtime() - last > 2) {
          last = MPI_Wtime();
          progress("backward", all);  // bucket entries, stale ones included
        }
      }
      if (d < buckets_.size()) std::vector<uint32_t>().swap(buckets_[d]);
      if (absl::Status s = AtBucketBoundary(d + 1); !s.ok()) return s;
    }
    return absl::OkStatus();
  }

  void FinishValues() {
    for (uint64_t l = 0; l < part_.LocalSize(); ++l) {
      if (!(FlagsOf(state_[l]) & kDone)) state_[l] = Pack(kDrawEntry, 0, FlagsOf(state_[l]));
    }
    // Holes: ask the owner of the canonical image, in batches.
    std::vector<uint64_t> holes;
    for (uint64_t l = 0; l < part_.LocalSize(); ++l) {
      if (FlagsOf(state_[l]) & kHole) holes.push_back(l);
    }
    const uint64_t batches = comm_.MaxU64((holes.size() + kBatch * 4 - 1) / (kBatch * 4));
    std::vector<std::vector<uint64_t>> ask(comm_.ranks()), waiting(comm_.ranks());
    std::vector<int> from;
    for (uint64_t b = 0; b < batches; ++b) {
      for (int r = 0; r < comm_.ranks(); ++r) ask[r].clear(), waiting[r].clear();
      const size_t begin = std::min(holes.size(), b * kBatch * 4);
      const size_t end = std::min(holes.size(), begin + kBatch * 4);
      for (size_t i = begin; i < end; ++i) {
        const uint64_t image = ids_.IdOf(tb_.Locate(ids_.Decode(part_.Global(holes[i]))));
        ask[part_.Owner(image)].push_back(image);
        waiting[part_.Owner(image)].push_back(holes[i]);
      }
      std::vector<uint64_t> asked = comm_.Exchange(ask, from);
      std::vector<std::vector<uint64_t>> answer(comm_.ranks());
      size_t at = 0;
      for (int r = 0; r < comm_.ranks(); ++r) {
        for (int i = 0; i < from[r]; ++i, ++at) {
          answer[r].push_back(ValueOf(state_[part_.Local(asked[at])]));
        }
      }
      std::vector<uint64_t> values = comm_.Exchange(answer, from);
      at = 0;
      for (int r = 0; r < comm_.ranks(); ++r) {
        for (uint64_t local : waiting[r]) {
          state_[local] = Pack(static_cast<Entry>(values[at++]), 0, kHole);
        }
      }
    }
  }

  const Tb& tb_;
  ComponentIds<Tb> ids_;
  const SliceTables& solved_;
  int threads_;
  MpiComm& comm_;
  BlockCyclic part_;
  HugeArray<uint32_t> state_;  // ComponentSolver's state word, owned ids only
  std::vector<std::vector<uint32_t>> buckets_;
  CheckpointSchedule* checkpoints_ = nullptr;
  std::optional<uint64_t> resumed_from_;
  double forward_seconds_ = 0;
  double backward_seconds_ = 0;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_DISTRIBUTED_MPI_SOLVER_H_
