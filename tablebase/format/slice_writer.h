// Writes one slice file while its entries arrive in index order, without a
// second copy of the slice: the single-process builder appends its whole
// vector, the distributed one the entries it gathers from the ranks, so both
// write the same bytes by the same code. The entries go to `<path>.tmp.<pid>`;
// Commit fills in the header's checksum, syncs and renames, so a file under its
// final name is always complete.
#ifndef LUD64_TABLEBASE_FORMAT_SLICE_WRITER_H_
#define LUD64_TABLEBASE_FORMAT_SLICE_WRITER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tablebase/format/slice_header.h"
#include "tablebase/slice.h"

namespace lud64::tablebase {

// A failed system call on a table file, as a status naming the file, the
// action and errno's reason.
absl::Status ErrnoError(const std::string& path, absl::string_view action);

// Writes a whole file image (a header, then `body`: a compressed slice) the
// way SliceWriter commits: to `<path>.tmp.<pid>`, synced, renamed.
absl::Status WriteSliceImage(const std::string& path, const SliceHeader& header,
                             const std::vector<uint8_t>& body);

class SliceWriter {
 public:
  // Opens `<path>.tmp.<pid>` for a slice of `entries` indices whose counts
  // (and so entry width) are already known.
  static absl::StatusOr<std::unique_ptr<SliceWriter>> Create(const std::string& path,
                                                             absl::string_view family,
                                                             const SliceKey& key, uint32_t symmetry,
                                                             const SliceStats& stats,
                                                             uint64_t entries);
  ~SliceWriter();
  SliceWriter(const SliceWriter&) = delete;
  SliceWriter& operator=(const SliceWriter&) = delete;

  // The next `count` entries, in index order.
  absl::Status Append(const Entry* entries, size_t count);
  // After the last entry: header with checksum, fsync, rename to `path`.
  absl::Status Commit();

 private:
  SliceWriter() = default;
  absl::Status Flush();

  std::string path_;
  std::string temp_;
  int fd_ = -1;
  SliceHeader header_{};
  uint64_t appended_ = 0;  // entries
  uint64_t flushed_ = 0;   // data bytes written
  StreamChecksum checksum_;
  std::vector<uint8_t> buffer_;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_FORMAT_SLICE_WRITER_H_
