#include "tablebase/tb_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"

namespace lud64::tablebase {
namespace {

absl::Status FileError(const std::string& path, absl::string_view what) {
  return absl::DataLossError(absl::StrCat("tablebase file ", path, ": ", what));
}

absl::Status ErrnoError(const std::string& path, absl::string_view action) {
  return absl::InternalError(
      absl::StrCat("tablebase file ", path, ": ", action, ": ", std::strerror(errno)));
}

std::string KeyText(const uint8_t key[5]) {
  return SliceKey{key[0], key[1], key[2], key[3], key[4] != 0}.Name();
}

absl::Status WriteAll(int fd, const void* data, size_t size, const std::string& path) {
  const char* at = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t written = ::write(fd, at, size);
    if (written < 0) {
      if (errno == EINTR) continue;
      return ErrnoError(path, "write");
    }
    at += written;
    size -= static_cast<size_t>(written);
  }
  return absl::OkStatus();
}

}  // namespace

uint64_t TableChecksum(const void* data, size_t size) {
  constexpr uint64_t kPrime = 1099511628211ull;
  uint64_t hash = 14695981039346656037ull;
  const auto* bytes = static_cast<const uint8_t*>(data);
  size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    uint64_t word;
    std::memcpy(&word, bytes + i, 8);  // little-endian hosts only (x86-64, arm64)
    hash = (hash ^ word) * kPrime;
  }
  for (; i < size; ++i) hash = (hash ^ bytes[i]) * kPrime;
  return (hash ^ size) * kPrime;
}

std::string SliceFileName(absl::string_view family, const SliceKey& key) {
  std::string name(family);
  std::replace_if(
      name.begin(), name.end(), [](char c) { return c == ':' || c == ',' || c == '='; }, '-');
  return absl::StrCat(name, "_", key.own, "v", key.opponent, "_h", key.own_hand, "-",
                      key.opponent_hand, key.remove ? "_rm" : "", kFileSuffix);
}

absl::Status WriteSlice(const std::string& path, absl::string_view family, const SliceKey& key,
                        uint32_t symmetry, const SliceStats& stats,
                        const std::vector<Entry>& entries) {
  SliceHeader header{};
  std::memcpy(header.magic, kMagic, sizeof(kMagic));
  header.version = kFormatVersion;
  const bool wide = stats.max_turns > 127;
  header.entry_bytes = wide ? 2 : 1;
  if (family.size() >= sizeof(header.family)) return FileError(path, "family name too long");
  std::memcpy(header.family, family.data(), family.size());
  const uint8_t key_bytes[5] = {key.own, key.opponent, key.own_hand, key.opponent_hand,
                                static_cast<uint8_t>(key.remove)};
  std::memcpy(header.key, key_bytes, 5);
  header.symmetry = symmetry;
  header.max_turns = stats.max_turns;
  header.entries = entries.size();
  header.wins = stats.wins;
  header.draws = stats.draws;
  header.losses = stats.losses;
  std::vector<uint8_t> data(entries.size() * header.entry_bytes);
  for (size_t i = 0; i < entries.size(); ++i) {
    if (wide) {
      data[2 * i] = entries[i] & 0xFF;
      data[2 * i + 1] = entries[i] >> 8;
    } else {
      data[i] = static_cast<uint8_t>(entries[i]);
    }
  }
  header.checksum = TableChecksum(data.data(), data.size());

  const std::string temp = absl::StrCat(path, ".tmp.", ::getpid());
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return ErrnoError(temp, "create");
  absl::Status status = WriteAll(fd, &header, sizeof(header), temp);
  if (status.ok()) status = WriteAll(fd, data.data(), data.size(), temp);
  if (status.ok() && ::fsync(fd) != 0) status = ErrnoError(temp, "fsync");
  if (::close(fd) != 0 && status.ok()) status = ErrnoError(temp, "close");
  if (status.ok() && ::rename(temp.c_str(), path.c_str()) != 0) {
    status = ErrnoError(path, "rename");
  }
  if (!status.ok()) ::unlink(temp.c_str());
  return status;
}

absl::StatusOr<std::unique_ptr<MappedSlice>> MappedSlice::Open(const std::string& path,
                                                               absl::string_view family,
                                                               const SliceKey& key,
                                                               uint32_t symmetry,
                                                               uint64_t entries) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT)
      return absl::NotFoundError(absl::StrCat("tablebase file ", path, ": missing"));
    return ErrnoError(path, "open");
  }
  struct stat info;
  if (::fstat(fd, &info) != 0) {
    ::close(fd);
    return ErrnoError(path, "stat");
  }
  const auto size = static_cast<size_t>(info.st_size);
  if (size < sizeof(SliceHeader)) {
    ::close(fd);
    return FileError(path, absl::StrCat("truncated: ", size, " bytes, shorter than the header"));
  }
  void* mapping = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  ::close(fd);
  if (mapping == MAP_FAILED) return ErrnoError(path, "mmap");
  std::unique_ptr<MappedSlice> slice(new MappedSlice());
  slice->path_ = path;
  slice->mapping_ = mapping;
  slice->mapped_size_ = size;
  std::memcpy(&slice->header_, mapping, sizeof(SliceHeader));
  const SliceHeader& h = slice->header_;
  if (std::memcmp(h.magic, kMagic, sizeof(kMagic)) != 0) {
    return FileError(path, "not a lud64 tablebase file (bad magic)");
  }
  if (h.version != kFormatVersion) {
    return FileError(path, absl::StrCat("format version ", h.version, ", this program reads ",
                                        kFormatVersion, "; rebuild it"));
  }
  const std::string stored_family(h.family, strnlen(h.family, sizeof(h.family)));
  if (stored_family != family) {
    return FileError(path,
                     absl::StrCat("holds family '", stored_family, "', expected '", family, "'"));
  }
  const uint8_t key_bytes[5] = {key.own, key.opponent, key.own_hand, key.opponent_hand,
                                static_cast<uint8_t>(key.remove)};
  if (std::memcmp(h.key, key_bytes, 5) != 0) {
    return FileError(
        path, absl::StrCat("holds slice ", KeyText(h.key), ", expected ", KeyText(key_bytes)));
  }
  if (h.symmetry != symmetry) {
    return FileError(path, "built with another symmetry scheme; rebuild it");
  }
  if (h.entry_bytes != 1 && h.entry_bytes != 2) {
    return FileError(path, absl::StrCat("bad entry width ", h.entry_bytes));
  }
  if (h.entries != entries) {
    return FileError(path, absl::StrCat("holds ", h.entries, " entries, expected ", entries));
  }
  const uint64_t expected_size = sizeof(SliceHeader) + h.entries * h.entry_bytes;
  if (size != expected_size) {
    return FileError(path, absl::StrCat(size < expected_size ? "truncated: " : "too long: ", size,
                                        " bytes, expected ", expected_size));
  }
  slice->data_ = static_cast<const uint8_t*>(mapping) + sizeof(SliceHeader);
  slice->wide_ = h.entry_bytes == 2;
  if (TableChecksum(slice->data_, size - sizeof(SliceHeader)) != h.checksum) {
    return FileError(path, "checksum mismatch: the file is corrupt; delete it and rebuild");
  }
  return slice;
}

MappedSlice::~MappedSlice() {
  if (mapping_ != nullptr) ::munmap(mapping_, mapped_size_);
}

}  // namespace lud64::tablebase
