// `tb verify`: re-derives every stored value from its successors' stored
// values, on several threads. Opening the tables checks every file's header
// and checksum first.
#ifndef LUD64_TABLEBASE_TB_VERIFY_H_
#define LUD64_TABLEBASE_TB_VERIFY_H_

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
#include "engine/interrupt.h"
#include "tablebase/pair_index.h"
#include "tablebase/parallel_chunks.h"
#include "tablebase/tb_operations.h"

namespace lud64::tablebase {

struct TbVerifyReport {
  uint64_t positions = 0;
  uint64_t mismatches = 0;
  std::vector<std::string> examples;  // the first few mismatches, in slice and index order
};

// Checks the recurrence, not that draws are maximal (the brute-force tests
// do). Progress lines go to `progress`; a stop request returns Cancelled.
template <Game G>
absl::StatusOr<TbVerifyReport> VerifyTablebases(const G& game, const std::string& dir_or_empty,
                                                int threads, std::ostream& progress) {
  if constexpr (!TablebaseFor<G>::kSupported) {
    return NoTablebaseError(game.name());
  } else {
    using Clock = std::chrono::steady_clock;
    constexpr size_t kExamples = 10;
    absl::StatusOr<Tablebase<typename TablebaseFor<G>::Type>> base =
        OpenTablebase(game, dir_or_empty);
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
    // One thread's counts and first mismatches in a slice, on its own cache lines.
    struct alignas(64) Tally {
      uint64_t positions = 0;
      uint64_t mismatches = 0;
      std::vector<std::pair<uint64_t, std::string>> examples;  // (index, text)
      absl::Status status;
    };
    TbVerifyReport report;
    const auto start = Clock::now();
    auto last_report = start;
    std::atomic<uint64_t> done{0};
    for (const auto& entry : slices) {
      // (Not a structured binding: clang before 16 cannot capture one in a lambda.)
      const SliceKey& key = entry.first;
      const MappedSlice* slice = entry.second;
      std::vector<Tally> tallies(std::max(1, threads));
      ForEachChunk(
          std::max(1, threads), slice->size(), uint64_t{1} << 14,
          [&](int t, uint64_t begin, uint64_t end) {
            Tally& tally = tallies[t];
            PairCursor cursor(tb.index(), key.own, key.opponent, begin);
            for (uint64_t index = begin; index < end; ++index) {
              if (index > begin) cursor.Next();
              if (!cursor.canonical()) continue;
              const auto position = tb.Make(key, cursor.own(), cursor.opponent());
              absl::StatusOr<TbValue> expected = ValueFromSuccessors(tb, base->tables(), position);
              if (!expected.ok()) {
                tally.status = expected.status();
                return false;
              }
              ++tally.positions;
              const TbValue stored = ValueOf(slice->Get(index));
              if (stored != *expected && ++tally.mismatches <= kExamples) {
                tally.examples.emplace_back(
                    index,
                    absl::StrCat(slice->path(), " index ", index, ": stored ", ValueText(stored),
                                 ", successors give ", ValueText(*expected)));
              }
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
            return !StopRequested();
          });
      std::vector<std::pair<uint64_t, std::string>> examples;
      for (Tally& tally : tallies) {
        if (!tally.status.ok()) return tally.status;
        report.positions += tally.positions;
        report.mismatches += tally.mismatches;
        std::move(tally.examples.begin(), tally.examples.end(), std::back_inserter(examples));
      }
      if (StopRequested()) return absl::CancelledError("tablebase verify stopped");
      std::sort(examples.begin(), examples.end());
      for (auto& [index, text] : examples) {
        if (report.examples.size() < kExamples) report.examples.push_back(std::move(text));
      }
      progress << absl::StrFormat("verified %s: %d positions, %d mismatches so far\n", key.Name(),
                                  report.positions, report.mismatches);
    }
    return report;
  }
}

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_TB_VERIFY_H_
