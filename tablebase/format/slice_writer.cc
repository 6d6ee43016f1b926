#include "tablebase/format/slice_writer.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"

namespace lud64::tablebase {
namespace {

constexpr size_t kBufferBytes = size_t{8} << 20;

absl::Status WriteAllAt(int fd, const void* data, size_t size, off_t offset,
                        const std::string& path) {
  const char* at = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t written = ::pwrite(fd, at, size, offset);
    if (written < 0) {
      if (errno == EINTR) continue;
      return ErrnoError(path, "write");
    }
    at += written;
    offset += written;
    size -= static_cast<size_t>(written);
  }
  return absl::OkStatus();
}

// Syncs and closes `fd` (of `temp`), then renames `temp` to `path`; `temp`
// is removed if anything failed, `status` included.
absl::Status CommitTemp(int fd, const std::string& temp, const std::string& path,
                        absl::Status status) {
  if (status.ok() && ::fsync(fd) != 0) status = ErrnoError(temp, "fsync");
  if (::close(fd) != 0 && status.ok()) status = ErrnoError(temp, "close");
  if (status.ok() && ::rename(temp.c_str(), path.c_str()) != 0) status = ErrnoError(path, "rename");
  if (!status.ok()) ::unlink(temp.c_str());
  return status;
}

}  // namespace

absl::Status ErrnoError(const std::string& path, absl::string_view action) {
  return absl::InternalError(
      absl::StrCat("tablebase file ", path, ": ", action, ": ", std::strerror(errno)));
}

absl::Status WriteSliceImage(const std::string& path, const SliceHeader& header,
                             const std::vector<uint8_t>& body) {
  const std::string temp = absl::StrCat(path, ".tmp.", ::getpid());
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return ErrnoError(temp, "create");
  absl::Status status = WriteAllAt(fd, &header, sizeof(header), 0, temp);
  if (status.ok()) status = WriteAllAt(fd, body.data(), body.size(), sizeof(header), temp);
  return CommitTemp(fd, temp, path, status);
}

absl::StatusOr<std::unique_ptr<SliceWriter>> SliceWriter::Create(
    const std::string& path, absl::string_view family, const SliceKey& key, uint32_t symmetry,
    const SliceStats& stats, uint64_t entries) {
  absl::StatusOr<SliceHeader> header = MakeSliceHeader(family, key, symmetry, stats, entries);
  if (!header.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("tablebase file ", path, ": ", header.status().message()));
  }
  std::unique_ptr<SliceWriter> writer(new SliceWriter());
  writer->header_ = *header;
  writer->path_ = path;
  writer->temp_ = absl::StrCat(path, ".tmp.", ::getpid());
  writer->fd_ = ::open(writer->temp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (writer->fd_ < 0) return ErrnoError(writer->temp_, "create");
  writer->buffer_.reserve(kBufferBytes);
  return writer;
}

SliceWriter::~SliceWriter() {
  if (fd_ >= 0) {  // not committed: leave no temp file behind
    ::close(fd_);
    ::unlink(temp_.c_str());
  }
}

absl::Status SliceWriter::Append(const Entry* entries, size_t count) {
  if (appended_ + count > header_.entries) {
    return absl::InternalError(absl::StrCat("tablebase file ", path_, ": too many entries"));
  }
  const size_t width = header_.entry_bytes;
  while (count > 0) {
    // As many entries as fit in the buffer, in plain loops the compiler
    // vectorises (the file is little-endian, as the entries are here).
    const size_t n = std::min(count, (kBufferBytes - buffer_.size()) / width);
    const size_t at = buffer_.size();
    buffer_.resize(at + n * width);
    uint8_t* out = buffer_.data() + at;
    if (width == 2) {
      std::memcpy(out, entries, n * 2);
    } else {
      for (size_t i = 0; i < n; ++i) out[i] = static_cast<uint8_t>(entries[i]);
    }
    entries += n;
    count -= n;
    appended_ += n;
    if (buffer_.size() + width > kBufferBytes) {
      if (absl::Status s = Flush(); !s.ok()) return s;
    }
  }
  return absl::OkStatus();
}

absl::Status SliceWriter::Flush() {
  checksum_.Add(buffer_.data(), buffer_.size());
  const auto offset = static_cast<off_t>(sizeof(SliceHeader) + flushed_);
  absl::Status status = WriteAllAt(fd_, buffer_.data(), buffer_.size(), offset, temp_);
  flushed_ += buffer_.size();
  buffer_.clear();
  return status;
}

absl::Status SliceWriter::Commit() {
  // A copy: the packed header's field may be misaligned for a reference.
  const uint64_t expected = header_.entries;
  if (appended_ != expected) {
    return absl::InternalError(absl::StrCat("tablebase file ", path_, ": ", appended_,
                                            " entries written, expected ", expected));
  }
  absl::Status status = Flush();
  header_.checksum = checksum_.Finish();
  if (status.ok()) status = WriteAllAt(fd_, &header_, sizeof(header_), 0, temp_);
  const int fd = fd_;
  fd_ = -1;
  return CommitTemp(fd, temp_, path_, status);
}

}  // namespace lud64::tablebase
