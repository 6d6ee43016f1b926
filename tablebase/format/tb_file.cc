#include "tablebase/format/tb_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "tablebase/format/slice_writer.h"

namespace lud64::tablebase {
namespace {

absl::Status FileError(const std::string& path, absl::string_view what) {
  return absl::DataLossError(absl::StrCat("tablebase file ", path, ": ", what));
}

std::string KeyText(const uint8_t key[5]) {
  return SliceKey{key[0], key[1], key[2], key[3], key[4] != 0}.Name();
}

// "<own>v<opp>_h<own hand>-<opp hand>[_rm].lud64tb" after the family's prefix.
bool ParseKey(const std::string& text, SliceKey& key) {
  int own, opponent, own_hand, opponent_hand, used = 0;
  if (std::sscanf(text.c_str(), "%dv%d_h%d-%d%n", &own, &opponent, &own_hand, &opponent_hand,
                  &used) != 4) {
    return false;
  }
  for (int count : {own, opponent, own_hand, opponent_hand}) {
    if (count < 0 || count > 64) return false;
  }
  key = {static_cast<uint8_t>(own), static_cast<uint8_t>(opponent), static_cast<uint8_t>(own_hand),
         static_cast<uint8_t>(opponent_hand), absl::StartsWith(text.substr(used), "_rm")};
  return true;
}

// The names of the files in `dir`, sorted; NotFound if it cannot be read.
absl::StatusOr<std::vector<std::string>> NamesIn(const std::string& dir) {
  std::error_code error;
  std::filesystem::directory_iterator it(dir, error);
  if (error) {
    return absl::NotFoundError(absl::StrCat("tablebase directory ", dir, ": cannot open"));
  }
  std::vector<std::string> names;
  for (const std::filesystem::directory_entry& entry : it) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

std::string DefaultTablebaseDir() {
  const char* env = std::getenv("LUD64_TB");
  return env != nullptr && *env != '\0' ? env : "./tablebases";
}

std::string SliceFileName(absl::string_view family, const SliceKey& key) {
  std::string name(family);
  std::replace_if(
      name.begin(), name.end(), [](char c) { return c == ':' || c == ',' || c == '='; }, '-');
  return absl::StrCat(name, "_", key.own, "v", key.opponent, "_h", key.own_hand, "-",
                      key.opponent_hand, key.remove ? "_rm" : "", kFileSuffix);
}

absl::StatusOr<std::vector<SliceFile>> SliceFilesIn(absl::string_view family,
                                                    const std::string& dir) {
  const std::string any = SliceFileName(family, SliceKey{});
  const std::string prefix = any.substr(0, any.find('_') + 1);
  absl::StatusOr<std::vector<std::string>> names = NamesIn(dir);
  if (!names.ok()) return names.status();
  std::vector<SliceFile> files;
  for (const std::string& name : *names) {
    SliceKey key;
    if (!absl::StartsWith(name, prefix) || !ParseKey(name.substr(prefix.size()), key) ||
        SliceFileName(family, key) != name) {
      continue;  // other families, temporary files
    }
    files.push_back({key, absl::StrCat(dir, "/", name)});
  }
  return files;
}

absl::StatusOr<std::vector<std::string>> FamiliesIn(const std::string& dir) {
  absl::StatusOr<std::vector<std::string>> names = NamesIn(dir);
  if (!names.ok()) return names.status();
  std::set<std::string> families;
  for (const std::string& name : *names) {
    if (!absl::EndsWith(name, kFileSuffix)) continue;
    std::ifstream in(absl::StrCat(dir, "/", name), std::ios::binary);
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

absl::StatusOr<std::unique_ptr<MappedSlice>> MappedSlice::Open(
    const std::string& path, absl::string_view family, const SliceKey& key, uint32_t symmetry,
    uint64_t entries, FileCheck check, SliceAccess access) {
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
  if (!S_ISREG(info.st_mode)) {
    ::close(fd);
    return FileError(path, "not a regular file");
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
  const bool compressed = h.version == kCompressedFormatVersion ||
                          h.version == kCompressedFormatVersion3 ||
                          h.version == kCompressedFormatVersion2;
  if (h.version != kFormatVersion && !compressed) {
    return FileError(
        path, absl::StrCat("format version ", h.version, ", this program reads ", kFormatVersion,
                           " to ", kCompressedFormatVersion, "; rebuild it"));
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
  slice->wide_ = h.entry_bytes == 2;
  const auto* file = static_cast<const uint8_t*>(mapping);
  if (compressed) {
    absl::StatusOr<std::unique_ptr<CompressedSlice>> opened =
        CompressedSlice::Open(path, h, file, size);
    if (!opened.ok()) return opened.status();
    slice->compressed_ = *std::move(opened);
    slice->win_distances_ = slice->compressed_->stores_win_distances();
  } else {
    // A compressed file whose version byte was damaged to 1 is far shorter
    // than a format-1 file: the message names the version it was read as.
    const uint64_t expected_size = sizeof(SliceHeader) + h.entries * h.entry_bytes;
    if (size != expected_size) {
      return FileError(path,
                       absl::StrCat(size < expected_size ? "truncated: " : "too long: ", size,
                                    " bytes, expected ", expected_size, " for format version ",
                                    kFormatVersion, " (or the header's version is damaged)"));
    }
    slice->data_ = file + sizeof(SliceHeader);
  }
  if (check == FileCheck::kChecksum) {
    if (absl::Status status = slice->VerifyChecksum(); !status.ok()) return status;
  }
  if (slice->compressed_ != nullptr && access == SliceAccess::kEntries) {
    if (absl::Status status = slice->DecodeEntries(); !status.ok()) return status;
  }
  return slice;
}

absl::Status MappedSlice::DecodeEntries() {
  // A file rather than anonymous memory where the directory allows, so that
  // the kernel may write the pages out under pressure as it drops a
  // version-1 file's. Its blocks are allocated at once: a full disk is found
  // here, not by a SIGBUS at the write of a page.
  decoded_size_ = std::max<size_t>(1, header_.entries * header_.entry_bytes);
  const std::string temp = absl::StrCat(path_, ".decoded.", ::getpid());
  const int fd = ::open(temp.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  void* decoded = MAP_FAILED;
  if (fd >= 0) {
    ::unlink(temp.c_str());
    if (::posix_fallocate(fd, 0, static_cast<off_t>(decoded_size_)) == 0) {
      decoded = ::mmap(nullptr, decoded_size_, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    }
    ::close(fd);
  }
  if (decoded == MAP_FAILED) {  // a read-only directory, or a full disk
    decoded =
        ::mmap(nullptr, decoded_size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  }
  if (decoded == MAP_FAILED) return ErrnoError(path_, "map memory to decode it");
  decoded_ = decoded;
  if (absl::Status status =
          compressed_->DecodeAll(static_cast<uint8_t*>(decoded), header_.entry_bytes);
      !status.ok()) {
    return status;
  }
  // Left writable while the wins' distances are missing: SetWinTurns fills them.
  if (win_distances_) ::mprotect(decoded, decoded_size_, PROT_READ);
  data_ = static_cast<const uint8_t*>(decoded);
  compressed_.reset();
  return absl::OkStatus();
}

void MappedSlice::SetWinTurns(uint64_t index, int turns) {
  assert(decoded_ != nullptr && !win_distances_);
  const Entry e = WinEntry(turns);
  if (wide_) {
    static_cast<uint16_t*>(decoded_)[index] = e;
  } else {
    static_cast<uint8_t*>(decoded_)[index] = static_cast<uint8_t>(e);
  }
}

void MappedSlice::SealWinDistances() {
  assert(decoded_ != nullptr);
  ::mprotect(decoded_, decoded_size_, PROT_READ);
  win_distances_ = true;
}

absl::Status MappedSlice::VerifyChecksum() const {
  const auto* after_header = static_cast<const uint8_t*>(mapping_) + sizeof(SliceHeader);
  if (TableChecksum(after_header, mapped_size_ - sizeof(SliceHeader)) != header_.checksum) {
    return FileError(path_, "checksum mismatch: the file is corrupt; delete it and rebuild");
  }
  return absl::OkStatus();
}

MappedSlice::~MappedSlice() {
  if (mapping_ != nullptr) ::munmap(mapping_, mapped_size_);
  if (decoded_ != nullptr) ::munmap(decoded_, decoded_size_);
}

}  // namespace lud64::tablebase
