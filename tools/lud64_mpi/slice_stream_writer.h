// Writes one slice file while its entries arrive in order, without holding the
// slice: the distributed build streams entries gathered from the ranks. The
// bytes are those of tablebase::WriteSlice (same header, same checksum, same
// temp name, fsync and rename), so files do not depend on which builder made
// them; the header's checksum is filled in once the last entry is in.
#ifndef LUD64_TOOLS_LUD64_MPI_SLICE_STREAM_WRITER_H_
#define LUD64_TOOLS_LUD64_MPI_SLICE_STREAM_WRITER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tablebase/slice.h"
#include "tablebase/tb_file.h"

namespace lud64::tablebase {

// TableChecksum computed over bytes given in pieces of any size.
class StreamChecksum {
 public:
  void Add(const uint8_t* data, size_t size);
  uint64_t Finish() const;

 private:
  uint64_t hash_ = 14695981039346656037ull;
  uint8_t carry_[8] = {};
  size_t carried_ = 0;
  uint64_t length_ = 0;
};

class SliceStreamWriter {
 public:
  // Opens `<path>.tmp.<pid>` for a slice of `entries` indices whose counts
  // (and so entry width) are already known.
  static absl::StatusOr<std::unique_ptr<SliceStreamWriter>> Create(
      const std::string& path, absl::string_view family, const SliceKey& key, uint32_t symmetry,
      const SliceStats& stats, uint64_t entries);
  ~SliceStreamWriter();
  SliceStreamWriter(const SliceStreamWriter&) = delete;
  SliceStreamWriter& operator=(const SliceStreamWriter&) = delete;

  // The next `count` entries, in index order.
  absl::Status Append(const Entry* entries, size_t count);
  // After the last entry: header with checksum, fsync, rename to `path`.
  absl::Status Commit();

 private:
  SliceStreamWriter() = default;
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

#endif  // LUD64_TOOLS_LUD64_MPI_SLICE_STREAM_WRITER_H_
