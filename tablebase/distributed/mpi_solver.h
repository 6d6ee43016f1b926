// Retrograde analysis of one component across MPI ranks. The rules of
// tablebase/solve/retrograde.h and backward_pass.h are kept; what changes is where
// the state lives: each rank holds the 32-bit state word of the ids it owns
// (BlockCyclic), and only those.
//
// - Forward pass: local. A position's successors need only their ids (to
//   count distinct children) or the solved tables, which every rank maps
//   read-only from the shared directory.
// - Backward pass: distance by distance, round by round as the threaded
//   solver, each rank finding its resolved positions in its own state words
//   (solve/pending_positions.h, as the threaded solver). A rank takes them on
//   its threads and turns each predecessor into an 8-byte message (id,
//   offer-a-win or decrement, same-mover step) for the predecessor's owner;
//   messages are exchanged with MPI_Ialltoallv in batches of about kBatch
//   taken positions per rank, so buffers stay bounded, and a batch travels
//   while the next one is computed.
// - Holes ask the owner of their canonical image for its value.
// Values are the unique fixed point, so the partition and the order of
// messages do not change them: files are byte-identical to a 1-process build.
#ifndef LUD64_TABLEBASE_DISTRIBUTED_MPI_SOLVER_H_
#define LUD64_TABLEBASE_DISTRIBUTED_MPI_SOLVER_H_

#include <algorithm>
#include <atomic>
#include <cassert>
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
#include "tablebase/solve/pending_positions.h"
#include "tablebase/solve/state_word.h"
#include "tablebase/tb_game.h"

namespace lud64::tablebase {

// Positions taken per rank between two exchanges (a batch passes it by at
// most 4096 positions a thread: each finishes its chunk).
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
    // local indices are 32-bit.
    if (part_.LargestLocalSize() >= kNone || size() >= (uint64_t{1} << 62)) {
      return absl::ResourceExhaustedError(
          absl::StrCat("component of ", size(), " positions: too large for ", comm_.ranks(),
                       " ranks (a rank's share must stay under 2^32 positions)"));
    }
    state_ = HugeArray<uint32_t>(part_.LocalSize());
    pending_.emplace(state_);
    const double start = MPI_Wtime();
    int first_distance = 0;
    if (checkpoints_ != nullptr) resumed_from_ = checkpoints_->Resume(state_);
    if (resumed_from_) {
      first_distance = static_cast<int>(*resumed_from_);
      pending_->Rebuild();
    } else {
      if (absl::Status s = comm_.AgreeStatus(ForwardPass(progress)); !s.ok()) return s;
      if (absl::Status s = AtDistanceBoundary(0); !s.ok()) return s;
    }
    const double forward_end = MPI_Wtime();
    if (absl::Status s = BackwardPass(first_distance, progress); !s.ok()) return s;
    forward_seconds_ = forward_end - start;
    backward_seconds_ = MPI_Wtime() - forward_end;
    FinishValues();
    return absl::OkStatus();
  }

  // Checkpoints between distances by `schedule` (kept by the caller), and
  // resumes from the newest one all ranks hold; null: none.
  void SetCheckpoints(CheckpointSchedule* schedule) { checkpoints_ = schedule; }
  // The generation (next distance) Solve resumed from, if it did.
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

  using Source = PendingPositions::Source;
  using Tally = PendingPositions::Tally;
  // Local indices handed to a thread at a time in the forward pass: whole
  // cache lines of the block map, which it writes.
  static constexpr uint64_t kChunk = PendingPositions::kIdsPerLine;
  // In the rounds: a word of the block map, so that a batch passes kBatch
  // by at most that many positions a thread (a thread finishes its chunk).
  static constexpr uint64_t kRoundChunk = PendingPositions::kIdsPerWord;
  // Outboxes[t][r]: thread t's messages for rank r.
  using Outboxes = std::vector<std::vector<std::vector<uint64_t>>>;

  // One thread's part of the forward pass, on its own cache lines.
  struct alignas(64) ForwardThread {
    std::vector<uint64_t> resolved;  // positions resolved, by distance
    absl::Status status;
  };

  // The forward step of ComponentSolver::InitPosition for an owned id.
  absl::Status InitPosition(uint64_t local, ForwardThread& thread) {
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
      pending_->Resolved(local);
      CountOneAt(thread.resolved, initial.turns);
    }
    return absl::OkStatus();
  }

  absl::Status ForwardPass(const Progress& progress) {
    const uint64_t total = part_.LocalSize();
    std::vector<ForwardThread> threads(threads_);
    std::atomic<uint64_t> next{0}, done{0};
    std::atomic<bool> stop{false};
    double last = MPI_Wtime();
    auto work = [&](int t) {
      for (uint64_t begin; !stop && (begin = next.fetch_add(kChunk)) < total;) {
        const uint64_t end = std::min(total, begin + kChunk);
        for (uint64_t l = begin; l < end; ++l) {
          if (absl::Status s = InitPosition(l, threads[t]); !s.ok()) {
            threads[t].status = s;
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
    for (const ForwardThread& thread : threads) {
      if (!thread.status.ok()) return thread.status;
    }
    for (const ForwardThread& thread : threads) {
      pending_->Count(thread.resolved);
    }
    return absl::OkStatus();
  }

  // Takes the next batch of the round's candidates, one thread per tally,
  // from the local index `next` on, until about kBatch positions are taken,
  // turning each taken position's predecessors into messages for their
  // owners. The main thread keeps the exchange in flight moving between its
  // chunks. Whether local indices are left to scan.
  bool TakeBatch(Source source, int d, std::atomic<uint64_t>& next, std::vector<Tally>& tallies,
                 Outboxes& outboxes) {
    for (auto& outbox : outboxes) {
      for (auto& part : outbox) part.clear();
    }
    const uint64_t size = state_.size();
    std::atomic<uint64_t> batch_taken{0};
    auto work = [&](int t) {
      std::vector<uint64_t> updates;
      typename ComponentIds<Tb>::Decoder decoder(ids_);
      Tally& tally = tallies[t];
      auto take = [&](uint64_t local) {
        Entry value;
        if (!pending_->Take(local, d, value, tally)) return;
        ids_.PredecessorUpdates(decoder(part_.Global(local)), value, updates);
        for (uint64_t u : updates) outboxes[t][part_.Owner(u >> 2)].push_back(u);
      };
      for (uint64_t begin; batch_taken < kBatch && (begin = next.fetch_add(kRoundChunk)) < size;) {
        const uint64_t before = tally.taken;
        pending_->ForCandidates(source, d, begin, std::min(size, begin + kRoundChunk), take);
        batch_taken += tally.taken - before;
        if (t == 0) comm_.ProgressExchange();
      }
    };
    std::vector<std::thread> workers;
    for (int t = 1; t < static_cast<int>(tallies.size()); ++t) workers.emplace_back(work, t);
    work(0);
    for (std::thread& w : workers) w.join();
    return next < size;
  }

  // One round at distance d: every rank takes its candidates batch by batch
  // and applies the messages it receives (on one thread). Batches are
  // pipelined: batch b's messages travel while batch b + 1 is taken, and are
  // applied after it. Applying late is safe, as in the threaded solver's
  // serial round: a message offers d or more, and a position it resolves at d
  // that this round has passed is marked for the next one. Every rank runs the
  // same collectives: the round ends when no rank has candidates left. The
  // positions this rank marked for another round at d.
  uint64_t Round(Source source, bool few, int d, uint64_t& taken, Outboxes& outboxes) {
    std::vector<Tally> tallies(few ? 1 : threads_);
    Tally delivered;
    auto apply = [&]() {
      for (uint64_t message : comm_.FinishExchange()) {
        pending_->Deliver(part_.Local(message >> 2), message, d, delivered);
      }
    };
    std::atomic<uint64_t> next{0};
    for (bool left = true; left;) {
      left = TakeBatch(source, d, next, tallies, outboxes);
      apply();  // the previous batch's messages
      comm_.StartExchange(outboxes);
      left = comm_.MaxU64(left ? 1 : 0) != 0;
    }
    apply();
    tallies.push_back(std::move(delivered));
    return pending_->EndRound(tallies, taken);
  }

  absl::Status AtDistanceBoundary(uint64_t next_distance) {
    return checkpoints_ == nullptr ? absl::OkStatus()
                                   : checkpoints_->AtDistanceBoundary(next_distance, state_);
  }

  // Distance by distance as BackwardPass::Run, every rank through the same
  // distances and rounds (agreed before each), checkpointing between
  // distances.
  absl::Status BackwardPass(int first_distance, const Progress& progress) {
    uint64_t taken = 0;
    Outboxes outboxes(threads_, std::vector<std::vector<uint64_t>>(comm_.ranks()));
    double last = MPI_Wtime();
    for (int d = first_distance; d < static_cast<int>(comm_.MaxU64(pending_->distances())); ++d) {
      if (comm_.MaxU64(pending_->CountedAt(d)) > 0) {
        const bool few = pending_->CountedFrom(d) < PendingPositions::kFewCandidates;
        uint64_t marked = Round(Source::kBlocks, few, d, taken, outboxes);
        while (comm_.SumU64(marked) > 0) {
          pending_->NextRound();
          marked =
              Round(Source::kMarked, marked < PendingPositions::kFewCandidates, d, taken, outboxes);
        }
        // Every rank takes part in the sum; rank 0's clock decides whether to print.
        const uint64_t all = comm_.SumU64(taken);
        if (progress && MPI_Wtime() - last > 2) {
          last = MPI_Wtime();
          progress("backward", all);
        }
      }
      if (absl::Status s = AtDistanceBoundary(d + 1); !s.ok()) return s;
    }
    assert(pending_->NothingPending());
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
  // What the backward pass takes next, over state_ (made with it).
  std::optional<PendingPositions> pending_;
  CheckpointSchedule* checkpoints_ = nullptr;
  std::optional<uint64_t> resumed_from_;
  double forward_seconds_ = 0;
  double backward_seconds_ = 0;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_DISTRIBUTED_MPI_SOLVER_H_
