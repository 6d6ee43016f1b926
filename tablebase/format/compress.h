// Turning version-1 slice files, and those of older compressed versions,
// into the current compressed version (compressed_slice.h), in place: what
// `lud64 tb compress` does to existing tables and what both builders do once
// every slice is solved. A file is replaced only after its compressed form
// decoded back equals it at every position that can matter: where it leaves
// out the distances of wins, their results (the distances follow from the
// values of the other slices, which `tb verify` checks).
#ifndef LUD64_TABLEBASE_FORMAT_COMPRESS_H_
#define LUD64_TABLEBASE_FORMAT_COMPRESS_H_

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/stop.h"
#include "tablebase/format/compressed_slice.h"
#include "tablebase/format/tb_file.h"
#include "tablebase/index/pair_index.h"
#include "tablebase/parallel_chunks.h"
#include "tablebase/tb_game.h"

namespace lud64::tablebase {

// Whether each position of [begin, end) of slice `key` can matter (1) or not
// (0): holes of the index, and positions that cannot occur (MayOccur),
// cannot.
template <TablebaseGame Tb>
void CareFlags(const Tb& tb, const SliceKey& key, uint64_t begin, uint64_t end, uint8_t* out) {
  if (begin == end) return;
  PairCursor cursor(tb.index(), key.own, key.opponent, begin);
  for (uint64_t i = begin;; cursor.Next()) {
    out[i - begin] = cursor.canonical() && MayOccur(tb, key, cursor.own(), cursor.opponent());
    if (++i == end) break;
  }
}

// What compressing a set of files did.
struct CompressReport {
  int compressed = 0;         // files turned into the current version
  int already = 0;            // files in the current version already
  uint64_t bytes_before = 0;  // of the files compressed
  uint64_t bytes_after = 0;
};

// Compresses the file of slice `key` at `path` in place: a version-1 file,
// or one of an older compressed version (decoded whole first); a file of the
// current version is left as it is (`already` set). Setting `stop` returns
// Cancelled within a chunk of the work and leaves the file as it was.
template <TablebaseGame Tb>
absl::Status CompressSliceFile(const Tb& tb, const SliceKey& key, const std::string& path,
                               bool& already, uint64_t& bytes_before, uint64_t& bytes_after,
                               StopFlag stop = nullptr) {
  const uint64_t entries = tb.index().Size(key.own, key.opponent);
  const uint32_t symmetry = tb.index().symmetry().scheme_id();
  absl::StatusOr<std::unique_ptr<MappedSlice>> plain = MappedSlice::Open(
      path, tb.family(), key, symmetry, entries, FileCheck::kChecksum, SliceAccess::kProbe);
  if (!plain.ok()) return plain.status();
  already = (*plain)->header().version == kCompressedFormatVersion;
  if (already) return absl::OkStatus();
  if ((*plain)->compressed() != nullptr) {
    plain = MappedSlice::Open(path, tb.family(), key, symmetry, entries, FileCheck::kHeader,
                              SliceAccess::kEntries);
    if (!plain.ok()) return plain.status();
  }
  const MappedSlice& original = **plain;
  const std::string staged = absl::StrCat(path, ".compressing");
  absl::Status status = WriteCompressedSlice(
      staged, original.header(),
      [&](uint64_t begin, uint64_t end, Entry* out) {
        for (uint64_t i = begin; i < end; ++i) out[i - begin] = original.Get(i);
      },
      [&](uint64_t begin, uint64_t end, uint8_t* out) { CareFlags(tb, key, begin, end, out); },
      KeepsWinDistances(tb, key), stop);
  if (!status.ok()) return status;
  absl::StatusOr<std::unique_ptr<MappedSlice>> decoded = MappedSlice::Open(
      staged, tb.family(), key, symmetry, entries, FileCheck::kChecksum, SliceAccess::kEntries);
  if (!decoded.ok()) {
    std::remove(staged.c_str());
    return decoded.status();
  }
  const bool win_distances = (*decoded)->has_win_distances();
  auto same = [&](Entry stored, Entry decoded) {
    return decoded == stored || (!win_distances && IsWin(stored) && IsWin(decoded));
  };
  std::vector<uint8_t> care(uint64_t{1} << 16);
  for (uint64_t begin = 0; begin < entries && status.ok(); begin += care.size()) {
    if (Stopping(stop)) {
      status = absl::CancelledError(absl::StrCat("tablebase file ", path, ": compression stopped"));
      break;
    }
    const uint64_t end = std::min<uint64_t>(entries, begin + care.size());
    CareFlags(tb, key, begin, end, care.data());
    for (uint64_t i = begin; i < end; ++i) {
      if (care[i - begin] && !same(original.Get(i), (*decoded)->Get(i))) {
        status = absl::InternalError(
            absl::StrCat("tablebase file ", path, ": the compressed form differs at index ", i));
        break;
      }
    }
  }
  bytes_before = original.file_bytes();
  bytes_after = (*decoded)->file_bytes();
  if (status.ok() && std::rename(staged.c_str(), path.c_str()) != 0) {
    status = absl::InternalError(absl::StrCat("tablebase file ", path, ": cannot replace it"));
  }
  if (!status.ok()) std::remove(staged.c_str());
  return status;
}

// Compresses the files of `slices` (key, path), `threads` files at a time.
// Setting `stop` returns Cancelled within a chunk of each file's work: files
// done so far stay compressed, the others as they were.
template <TablebaseGame Tb>
absl::StatusOr<CompressReport> CompressSliceFiles(
    const Tb& tb, const std::vector<std::pair<SliceKey, std::string>>& slices, int threads,
    std::ostream& progress, StopFlag stop = nullptr) {
  CompressReport report;
  absl::Status failure;
  std::mutex mutex;
  auto last_report = std::chrono::steady_clock::now();
  ForEachChunk(std::max(1, threads), slices.size(), 1, [&](int, uint64_t begin, uint64_t) {
    const auto& [key, path] = slices[begin];
    bool already = false;
    uint64_t before = 0, after = 0;
    absl::Status status = CompressSliceFile(tb, key, path, already, before, after, stop);
    std::lock_guard<std::mutex> lock(mutex);
    if (!status.ok()) {
      if (failure.ok()) failure = status;
      return false;
    }
    if (already) {
      ++report.already;
    } else {
      ++report.compressed;
      report.bytes_before += before;
      report.bytes_after += after;
    }
    if (std::chrono::steady_clock::now() - last_report >= std::chrono::seconds(2)) {
      last_report = std::chrono::steady_clock::now();
      progress << absl::StrFormat("compressing: %d of %d files\n",
                                  report.compressed + report.already, slices.size());
    }
    return !Stopping(stop);
  });
  // A file cut short by the stop reports the stop, not itself.
  if (Stopping(stop) && (failure.ok() || absl::IsCancelled(failure)))
    return absl::CancelledError("tablebase compression stopped");
  if (!failure.ok()) return failure;
  return report;
}

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_FORMAT_COMPRESS_H_
