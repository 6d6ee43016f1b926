#include "tablebase/tb_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "tablebase/slice_writer.h"

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

}  // namespace

std::string SliceFileName(absl::string_view family, const SliceKey& key) {
  std::string name(family);
  std::replace_if(
      name.begin(), name.end(), [](char c) { return c == ':' || c == ',' || c == '='; }, '-');
  return absl::StrCat(name, "_", key.own, "v", key.opponent, "_h", key.own_hand, "-",
                      key.opponent_hand, key.remove ? "_rm" : "", kFileSuffix);
}

absl::StatusOr<std::vector<std::string>> FamiliesIn(const std::string& dir) {
  std::error_code error;
  std::filesystem::directory_iterator it(dir, error);
  if (error) {
    return absl::NotFoundError(absl::StrCat("tablebase directory ", dir, ": cannot open"));
  }
  std::set<std::string> families;
  for (const std::filesystem::directory_entry& entry : it) {
    if (!absl::EndsWith(entry.path().filename().string(), kFileSuffix)) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    SliceHeader header;
    if (!in.read(reinterpret_cast<char*>(&header), sizeof(header)) ||
        std::memcmp(header.magic, kMagic, sizeof(kMagic)) != 0) {
      continue;
    }
    families.insert(std::string(header.family, strnlen(header.family, sizeof(header.family))));
  }
  return std::vector<std::string>(families.begin(), families.end());
}

absl::Status WriteSlice(const std::string& path, absl::string_view family, const SliceKey& key,
                        uint32_t symmetry, const SliceStats& stats,
                        const std::vector<Entry>& entries) {
  absl::StatusOr<std::unique_ptr<SliceWriter>> writer =
      SliceWriter::Create(path, family, key, symmetry, stats, entries.size());
  if (!writer.ok()) return writer.status();
  if (absl::Status status = (*writer)->Append(entries.data(), entries.size()); !status.ok()) {
    return status;
  }
  return (*writer)->Commit();
}

absl::StatusOr<std::unique_ptr<MappedSlice>> MappedSlice::Open(const std::string& path,
                                                               absl::string_view family,
                                                               const SliceKey& key,
                                                               uint32_t symmetry, uint64_t entries,
                                                               FileCheck check) {
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
  const std::array<uint8_t, 5> key_bytes = KeyBytes(key);
  if (std::memcmp(h.key, key_bytes.data(), key_bytes.size()) != 0) {
    return FileError(path, absl::StrCat("holds slice ", KeyText(h.key), ", expected ", key.Name()));
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
  if (check == FileCheck::kChecksum) {
    if (absl::Status status = slice->VerifyChecksum(); !status.ok()) return status;
  }
  return slice;
}

absl::Status MappedSlice::VerifyChecksum() const {
  if (TableChecksum(data_, mapped_size_ - sizeof(SliceHeader)) != header_.checksum) {
    return FileError(path_, "checksum mismatch: the file is corrupt; delete it and rebuild");
  }
  return absl::OkStatus();
}

MappedSlice::~MappedSlice() {
  if (mapping_ != nullptr) ::munmap(mapping_, mapped_size_);
}

}  // namespace lud64::tablebase
