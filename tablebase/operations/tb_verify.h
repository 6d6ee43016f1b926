// `tb verify`: re-derives every stored value from its successors' stored
// values, on several threads. Opening the tables checks every file's header
// and checksum first.
#ifndef LUD64_TABLEBASE_OPERATIONS_TB_VERIFY_H_
#define LUD64_TABLEBASE_OPERATIONS_TB_VERIFY_H_

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <iterator>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/game.h"
#include "engine/stop.h"
#include "tablebase/index/pair_index.h"
#include "tablebase/operations/tb_operations.h"
#include "tablebase/parallel_chunks.h"

namespace lud64::tablebase {

struct TbVerifyReport {
  uint64_t positions = 0;
  uint64_t mismatches = 0;
  std::vector<std::string> examples;  // the first few mismatches, in slice and index order
};

// One thread's counts and first mismatches in a slice, on its own cache lines.
struct alignas(64) VerifyTally {
  static constexpr size_t kExamples = 10;
  uint64_t positions = 0;
  uint64_t mismatches = 0;
  std::vector<std::pair<uint64_t, std::string>> examples;  // (index, text)
  absl::Status status;
};

// Verifies index ranges of one slice, positions in batches: a batch's
// successors are listed and their entries requested first, then read. The
// entries lie at random in gigabytes of tables, and reading them one by one
// (ValueFromSuccessors) left verify waiting on memory (1.5 M positions a
// second on davxar:pieces=5 with 2 threads).
template <TablebaseGame Tb>
class SliceVerifier {
 public:
  SliceVerifier(const Tb& tb, const SliceTables& tables, const SliceKey& key,
                const MappedSlice& slice)
      : tb_(tb), tables_(tables), key_(key), slice_(slice) {}

  absl::Status Range(uint64_t begin, uint64_t end, VerifyTally& tally) {
    PairCursor cursor(tb_.index(), key_.own, key_.opponent, begin);
    for (uint64_t index = begin; index < end; ++index) {
      if (index > begin) cursor.Next();
      if (!cursor.canonical() || !MayOccur(tb_, key_, cursor.own(), cursor.opponent())) continue;
      if (absl::Status s = List(index, tb_.Make(key_, cursor.own(), cursor.opponent())); !s.ok()) {
        return s;
      }
      if (batch_.size() == kBatch) Check(tally);
    }
    Check(tally);
    return absl::OkStatus();
  }

 private:
  static constexpr size_t kBatch = 16;
  struct ListedSuccessor {
    uint32_t position;  // in the batch
    Successor successor;
    const MappedSlice* slice;  // kChild only
  };

  // Lists a position's decisions, requesting their entries.
  absl::Status List(uint64_t index, const typename Tb::Position& position) {
    const auto in_batch = static_cast<uint32_t>(batch_.size());
    absl::Status status;
    tb_.ForEachSuccessor(position, [&](const Successor& s) {
      const absl::StatusOr<const MappedSlice*> slice = SuccessorSlice(tables_, s);
      if (!slice.ok()) {
        status = slice.status();
        return;
      }
      if (*slice != nullptr) (*slice)->Prefetch(s.at.index);
      successors_.push_back({in_batch, s, *slice});
    });
    batch_.push_back(index);
    return status;
  }

  // Compares the batch's stored values with their decisions'.
  void Check(VerifyTally& tally) {
    TbValue best[kBatch];
    std::fill(best, best + batch_.size(), TbValue{TbResult::kLoss, 0});
    for (const ListedSuccessor& d : successors_) {
      const Entry child = d.slice != nullptr ? d.slice->Get(d.successor.at.index) : kDrawEntry;
      const TbValue v = DecisionValue(d.successor, child);
      if (Better(v, best[d.position])) best[d.position] = v;
    }
    for (size_t k = 0; k < batch_.size(); ++k) {
      ++tally.positions;
      const TbValue stored = ValueOf(slice_.Get(batch_[k]));
      if (stored != best[k] && ++tally.mismatches <= VerifyTally::kExamples) {
        tally.examples.emplace_back(
            batch_[k], absl::StrCat(slice_.path(), " index ", batch_[k], ": stored ",
                                    ValueText(stored), ", successors give ", ValueText(best[k])));
      }
    }
    batch_.clear();
    successors_.clear();
  }

  const Tb& tb_;
  const SliceTables& tables_;
  const SliceKey& key_;
  const MappedSlice& slice_;
  std::vector<uint64_t> batch_;  // indexes of the batch's positions
  std::vector<ListedSuccessor> successors_;
};

// Checks the recurrence, not that draws are maximal (the brute-force tests
// do). Progress lines go to `progress`; setting `stop` returns Cancelled.
template <Game G>
absl::StatusOr<TbVerifyReport> VerifyTablebases(const G& game, const std::string& dir_or_empty,
                                                int threads, std::ostream& progress,
                                                StopFlag stop = nullptr) {
  if constexpr (!TablebaseFor<G>::kSupported) {
    return NoTablebaseError(game.name());
  } else {
    using Clock = std::chrono::steady_clock;
    using Tb = typename TablebaseFor<G>::Type;
    absl::StatusOr<Tablebase<Tb>> base =
        OpenTablebase(game, dir_or_empty, FileCheck::kChecksum, SliceAccess::kEntries, threads);
    if (!base.ok()) return base.status();
    const auto& tb = base->tb();
    std::vector<std::pair<SliceKey, const MappedSlice*>> slices;
    uint64_t total = 0;
    for (const auto& [key, slice] : base->tables().all()) {
      slices.emplace_back(key, slice.get());
      total += slice->size();
    }
    std::sort(slices.begin(), slices.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    TbVerifyReport report;
    const auto start = Clock::now();
    auto last_report = start;
    std::atomic<uint64_t> done{0};
    for (const auto& entry : slices) {
      // (Not a structured binding: clang before 16 cannot capture one in a lambda.)
      const SliceKey& key = entry.first;
      const MappedSlice* slice = entry.second;
      std::vector<VerifyTally> tallies(std::max(1, threads));
      ForEachChunk(
          std::max(1, threads), slice->size(), uint64_t{1} << 14,
          [&](int t, uint64_t begin, uint64_t end) {
            SliceVerifier<Tb> verifier(tb, base->tables(), key, *slice);
            if (absl::Status status = verifier.Range(begin, end, tallies[t]); !status.ok()) {
              tallies[t].status = status;
              return false;
            }
            done += end - begin;
            if (t == 0 && Clock::now() - last_report >= std::chrono::seconds(2)) {
              last_report = Clock::now();
              const double seconds = std::chrono::duration<double>(last_report - start).count();
              const double rate = done / std::max(seconds, 1e-9);
              progress << absl::StrFormat(
                  "verify %s: %.0f%% of all, %.2fM positions/s, ETA %.0fs\n", key.Name(),
                  100.0 * done / total, rate / 1e6, (total - done) / std::max(rate, 1.0));
            }
            return !Stopping(stop);
          });
      std::vector<std::pair<uint64_t, std::string>> examples;
      for (VerifyTally& tally : tallies) {
        if (!tally.status.ok()) return tally.status;
        report.positions += tally.positions;
        report.mismatches += tally.mismatches;
        std::move(tally.examples.begin(), tally.examples.end(), std::back_inserter(examples));
      }
      if (Stopping(stop)) return absl::CancelledError("tablebase verify stopped");
      std::sort(examples.begin(), examples.end());
      for (auto& [index, text] : examples) {
        if (report.examples.size() < VerifyTally::kExamples)
          report.examples.push_back(std::move(text));
      }
      progress << absl::StrFormat("verified %s: %d positions, %d mismatches so far\n", key.Name(),
                                  report.positions, report.mismatches);
    }
    return report;
  }
}

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_OPERATIONS_TB_VERIFY_H_
