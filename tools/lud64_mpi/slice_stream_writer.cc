#include "tools/lud64_mpi/slice_stream_writer.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"

namespace lud64::tablebase {
namespace {

constexpr uint64_t kPrime = 1099511628211ull;
constexpr size_t kBufferBytes = size_t{8} << 20;

absl::Status ErrnoError(const std::string& path, absl::string_view action) {
  return absl::InternalError(
      absl::StrCat("tablebase file ", path, ": ", action, ": ", std::strerror(errno)));
}

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

}  // namespace

void StreamChecksum::Add(const uint8_t* data, size_t size) {
  length_ += size;
  // Complete a word left over from the previous piece.
  while (carried_ > 0 && carried_ < 8 && size > 0) {
    carry_[carried_++] = *data++;
    --size;
  }
  if (carried_ == 8) {
    uint64_t word;
    std::memcpy(&word, carry_, 8);
    hash_ = (hash_ ^ word) * kPrime;
    carried_ = 0;
  }
  for (; size >= 8; data += 8, size -= 8) {
    uint64_t word;
    std::memcpy(&word, data, 8);  // little-endian hosts, as TableChecksum
    hash_ = (hash_ ^ word) * kPrime;
  }
  for (; size > 0; --size) carry_[carried_++] = *data++;
}

uint64_t StreamChecksum::Finish() const {
  uint64_t hash = hash_;
  for (size_t i = 0; i < carried_; ++i) hash = (hash ^ carry_[i]) * kPrime;
  return (hash ^ length_) * kPrime;
}

absl::StatusOr<std::unique_ptr<SliceStreamWriter>> SliceStreamWriter::Create(
    const std::string& path, absl::string_view family, const SliceKey& key, uint32_t symmetry,
    const SliceStats& stats, uint64_t entries) {
  std::unique_ptr<SliceStreamWriter> writer(new SliceStreamWriter());
  SliceHeader& header = writer->header_;
  std::memcpy(header.magic, kMagic, sizeof(kMagic));
  header.version = kFormatVersion;
  header.entry_bytes = stats.max_turns > 127 ? 2 : 1;  // as WriteSlice decides
  if (family.size() >= sizeof(header.family)) {
    return absl::InvalidArgumentError(absl::StrCat("tablebase file ", path, ": family too long"));
  }
  std::memcpy(header.family, family.data(), family.size());
  const uint8_t key_bytes[5] = {key.own, key.opponent, key.own_hand, key.opponent_hand,
                                static_cast<uint8_t>(key.remove)};
  std::memcpy(header.key, key_bytes, 5);
  header.symmetry = symmetry;
  header.max_turns = stats.max_turns;
  header.entries = entries;
  header.wins = stats.wins;
  header.draws = stats.draws;
  header.losses = stats.losses;
  writer->path_ = path;
  writer->temp_ = absl::StrCat(path, ".tmp.", ::getpid());
  writer->fd_ = ::open(writer->temp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (writer->fd_ < 0) return ErrnoError(writer->temp_, "create");
  writer->buffer_.reserve(kBufferBytes);
  return writer;
}

SliceStreamWriter::~SliceStreamWriter() {
  if (fd_ >= 0) {  // not committed: leave no temp file behind
    ::close(fd_);
    ::unlink(temp_.c_str());
  }
}

absl::Status SliceStreamWriter::Append(const Entry* entries, size_t count) {
  if (appended_ + count > header_.entries) {
    return absl::InternalError(absl::StrCat("tablebase file ", path_, ": too many entries"));
  }
  const bool wide = header_.entry_bytes == 2;
  for (size_t i = 0; i < count; ++i) {
    buffer_.push_back(static_cast<uint8_t>(entries[i] & 0xFF));
    if (wide) buffer_.push_back(static_cast<uint8_t>(entries[i] >> 8));
    if (buffer_.size() >= kBufferBytes) {
      if (absl::Status s = Flush(); !s.ok()) return s;
    }
  }
  appended_ += count;
  return absl::OkStatus();
}

absl::Status SliceStreamWriter::Flush() {
  checksum_.Add(buffer_.data(), buffer_.size());
  const auto offset = static_cast<off_t>(sizeof(SliceHeader) + flushed_);
  absl::Status status = WriteAllAt(fd_, buffer_.data(), buffer_.size(), offset, temp_);
  flushed_ += buffer_.size();
  buffer_.clear();
  return status;
}

absl::Status SliceStreamWriter::Commit() {
  // A copy: the packed header's field may be misaligned for a reference.
  const uint64_t expected = header_.entries;
  if (appended_ != expected) {
    return absl::InternalError(absl::StrCat("tablebase file ", path_, ": ", appended_,
                                            " entries written, expected ", expected));
  }
  absl::Status status = Flush();
  header_.checksum = checksum_.Finish();
  if (status.ok()) status = WriteAllAt(fd_, &header_, sizeof(header_), 0, temp_);
  if (status.ok() && ::fsync(fd_) != 0) status = ErrnoError(temp_, "fsync");
  if (::close(fd_) != 0 && status.ok()) status = ErrnoError(temp_, "close");
  fd_ = -1;
  if (status.ok() && ::rename(temp_.c_str(), path_.c_str()) != 0) {
    status = ErrnoError(path_, "rename");
  }
  if (!status.ok()) ::unlink(temp_.c_str());
  return status;
}

}  // namespace lud64::tablebase
