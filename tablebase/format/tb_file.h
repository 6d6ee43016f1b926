// One slice per file: a 128-byte header, then either one entry per index (1
// or 2 bytes, little-endian: format version 1) or the compressed streams of
// compressed_slice.h (version 2). Files are written to a temporary name,
// synced and renamed, so a file under its final name is complete; readers map
// it read-only and check everything the header claims before trusting it.
#ifndef LUD64_TABLEBASE_FORMAT_TB_FILE_H_
#define LUD64_TABLEBASE_FORMAT_TB_FILE_H_

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tablebase/format/compressed_slice.h"
#include "tablebase/format/slice_header.h"
#include "tablebase/slice.h"

namespace lud64::tablebase {

// $LUD64_TB if set, else ./tablebases.
std::string DefaultTablebaseDir();

// Where tables are read and written: `dir`, or "" for DefaultTablebaseDir().
inline std::string TablebaseDir(const std::string& dir) {
  return dir.empty() ? DefaultTablebaseDir() : dir;
}

// "<family with ':' ',' '=' as '-'>_<own>v<opp>_h<own hand>-<opp hand>[_rm].lud64tb"
std::string SliceFileName(absl::string_view family, const SliceKey& key);

// The families whose slice files `dir` holds, as their headers name them,
// sorted; files that are not slices (no magic) are passed over.
absl::StatusOr<std::vector<std::string>> FamiliesIn(const std::string& dir);

// A slice file of a family in a directory.
struct SliceFile {
  SliceKey key;
  std::string path;
};
// The slice files of `family` in `dir`, by name (other families and
// temporary files are passed over); NotFound if `dir` cannot be read.
absl::StatusOr<std::vector<SliceFile>> SliceFilesIn(absl::string_view family,
                                                    const std::string& dir);

// Writes a slice atomically (temp file, fsync, rename); 16-bit entries only if
// a distance needs them.
absl::Status WriteSlice(const std::string& path, absl::string_view family, const SliceKey& key,
                        uint32_t symmetry, const SliceStats& stats,
                        const std::vector<Entry>& entries);

// What opening a slice file checks besides its header and size: the
// checksum of its entries, which reads the whole file (seconds for the
// gigabytes of Damdaman 4 v 4 or Davxar pieces=5), or not.
enum class FileCheck { kChecksum, kHeader };

// How a slice's entries are read: every entry at hand in memory (Get: what
// builds and `tb verify` read, a compressed file decoded once into a
// temporary file beside it, unlinked and mapped), or a compressed file read
// block by block where it lies (Read: what probes and searches need).
enum class SliceAccess { kEntries, kProbe };

// A slice file whose header was checked (and its checksum, with
// FileCheck::kChecksum), mapped read-only.
class MappedSlice {
 public:
  // Checks size, magic, version, family, slice, symmetry, entry count and
  // (kChecksum) checksum; errors name the file.
  static absl::StatusOr<std::unique_ptr<MappedSlice>> Open(
      const std::string& path, absl::string_view family, const SliceKey& key, uint32_t symmetry,
      uint64_t entries, FileCheck check = FileCheck::kChecksum,
      SliceAccess access = SliceAccess::kEntries);
  ~MappedSlice();
  MappedSlice(const MappedSlice&) = delete;
  MappedSlice& operator=(const MappedSlice&) = delete;
  // Reads every entry and compares their checksum with the header's.
  absl::Status VerifyChecksum() const;

  // The entry at `index` of a slice whose entries are at hand (every slice
  // but a compressed one opened for probing).
  Entry Get(uint64_t index) const {
    assert(data_ != nullptr);
    return wide_ ? reinterpret_cast<const uint16_t*>(data_)[index] : data_[index];
  }
  // The entry at `index` of any slice; an error names a corrupt block.
  absl::StatusOr<Entry> Read(uint64_t index) const {
    if (compressed_ != nullptr) return compressed_->Read(index);
    return Get(index);
  }
  // The entries at indices[0..n) (ascending) into out; a compressed file's
  // blocks decoded once for all the positions in each.
  absl::Status ReadSorted(const uint64_t* indices, size_t n, Entry* out) const {
    if (compressed_ != nullptr) return compressed_->ReadSorted(indices, n, out);
    for (size_t k = 0; k < n; ++k) out[k] = Get(indices[k]);
    return absl::OkStatus();
  }
  // Only the entry's result, which a compressed file reads from its own stream.
  absl::StatusOr<TbResult> ReadResult(uint64_t index) const {
    if (compressed_ != nullptr) return compressed_->ReadResult(index);
    return ValueOf(Get(index)).result;
  }
  // The compressed streams of a version-2 or 3 file opened for probing, else null.
  const CompressedSlice* compressed() const { return compressed_.get(); }
  // Whether won positions' entries hold their distances. A file without
  // them (compressed_slice.h) reads each won position as a win of unknown
  // distance (an odd entry, all ones) until SetWinTurns sets it, for every
  // won position of a slice decoded whole, and SealWinDistances ends that;
  // a probe derives them instead (probe/derived_wins.h).
  bool has_win_distances() const { return win_distances_; }
  void SetWinTurns(uint64_t index, int turns);
  void SealWinDistances();
  // Asks for the cache line of an entry: a build reads entries at random
  // across tables larger than the cache, and overlapping the misses of one
  // position's successors hides most of their latency.
  void Prefetch(uint64_t index) const { __builtin_prefetch(data_ + (wide_ ? 2 * index : index)); }
  // The same for a read of any slice, in two stages (CompressedSlice::Prefetch).
  void PrefetchRead(uint64_t index, int stage) const {
    if (compressed_ != nullptr) {
      compressed_->Prefetch(index, stage);
    } else if (stage == 0) {
      Prefetch(index);
    }
  }
  const SliceHeader& header() const { return header_; }
  uint64_t size() const { return header_.entries; }
  const std::string& path() const { return path_; }
  uint64_t file_bytes() const { return mapped_size_; }

 private:
  MappedSlice() = default;
  std::string path_;
  SliceHeader header_{};
  // Decodes a compressed file's entries into a temporary file, mapped.
  absl::Status DecodeEntries();

  void* mapping_ = nullptr;
  size_t mapped_size_ = 0;
  void* decoded_ = nullptr;  // the entries of a compressed file (kEntries)
  size_t decoded_size_ = 0;
  std::unique_ptr<CompressedSlice> compressed_;
  const uint8_t* data_ = nullptr;
  bool wide_ = false;
  bool win_distances_ = true;
};

// The solved slices a build or a probe reads.
class SliceTables {
 public:
  void Add(const SliceKey& key, std::unique_ptr<MappedSlice> slice) {
    slices_[key] = std::move(slice);
  }
  const MappedSlice* Find(const SliceKey& key) const {
    auto it = slices_.find(key);
    return it == slices_.end() ? nullptr : it->second.get();
  }
  MappedSlice* Find(const SliceKey& key) {
    auto it = slices_.find(key);
    return it == slices_.end() ? nullptr : it->second.get();
  }
  const absl::flat_hash_map<SliceKey, std::unique_ptr<MappedSlice>>& all() const { return slices_; }

 private:
  absl::flat_hash_map<SliceKey, std::unique_ptr<MappedSlice>> slices_;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_FORMAT_TB_FILE_H_
