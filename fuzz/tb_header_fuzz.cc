// Tablebase slice files (tablebase/format/tb_file.h): opening a file of any content
// never crashes and never reads outside it; a file that opens has the entry
// count, family, slice and symmetry asked for, and every entry reads as stored.
// The first byte says what is asked for: the values in the file's own header
// (so that the fuzzer reaches the size and checksum checks), or one of them
// changed (so that each mismatch is taken too). Compressed files (format 2)
// are also read position by position without their checksum, as probes read
// them. The file is a memfd, opened by its /proc path like any file.
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"
#include "fuzz/fuzz_support.h"
#include "tablebase/format/tb_file.h"

namespace lud64::fuzz {
namespace {

using tablebase::MappedSlice;
using tablebase::SliceHeader;

struct SliceFile {
  int fd = -1;
  std::string path;
};

const SliceFile& File() {
  static const SliceFile* file = [] {
    auto* made = new SliceFile;
    made->fd = memfd_create("lud64-fuzz-slice", MFD_CLOEXEC);
    FUZZ_CHECK(made->fd >= 0, "memfd_create");
    made->path = absl::StrCat("/proc/self/fd/", made->fd);
    return made;
  }();
  return *file;
}

void CheckSliceFile(uint8_t mode, const uint8_t* bytes, size_t size) {
  const SliceFile& file = File();
  FUZZ_CHECK(ftruncate(file.fd, 0) == 0, "ftruncate");
  FUZZ_CHECK(size == 0 || pwrite(file.fd, bytes, size, 0) == static_cast<ssize_t>(size), "pwrite");

  SliceHeader asked{};
  std::memcpy(&asked, bytes, std::min(size, sizeof(asked)));
  std::string family(asked.family, strnlen(asked.family, sizeof(asked.family)));
  tablebase::SliceKey key{asked.key[0], asked.key[1], asked.key[2], asked.key[3],
                          asked.key[4] != 0};
  uint32_t symmetry = asked.symmetry;
  uint64_t entries = asked.entries;
  switch (mode % 5) {
    case 1:
      family += "x";
      break;
    case 2:
      key.remove = !key.remove;
      break;
    case 3:
      ++symmetry;
      break;
    case 4:
      entries = mode / 5;  // small counts, the size check against them
      break;
  }
  absl::StatusOr<std::unique_ptr<MappedSlice>> slice =
      MappedSlice::Open(file.path, family, key, symmetry, entries);
  if (!slice.ok()) {
    FUZZ_CHECK(!slice.status().message().empty(), "empty error");
    return;
  }
  const MappedSlice& opened = **slice;
  FUZZ_CHECK(opened.size() == entries && opened.header().symmetry == symmetry,
             "opened a slice other than the one asked for");
  FUZZ_CHECK(opened.file_bytes() == size, "mapped size");
  // Every entry of a format-1 file reads as its little-endian bytes say.
  if (opened.header().version == tablebase::kFormatVersion) {
    const bool wide = opened.header().entry_bytes == 2;
    const uint8_t* body = bytes + sizeof(SliceHeader);
    for (uint64_t i = 0; i < opened.size(); ++i) {
      const unsigned expected = wide ? body[2 * i] | body[2 * i + 1] << 8 : body[i];
      FUZZ_CHECK(opened.Get(i) == expected, absl::StrCat("entry ", i));
    }
  }
}

// Without the checksum (as probes open files), a compressed file's blocks
// are read whatever they hold: each read gives an entry or an error.
void ProbeSliceFile(const uint8_t* bytes, size_t size) {
  SliceHeader asked{};
  std::memcpy(&asked, bytes, std::min(size, sizeof(asked)));
  const std::string family(asked.family, strnlen(asked.family, sizeof(asked.family)));
  const tablebase::SliceKey key{asked.key[0], asked.key[1], asked.key[2], asked.key[3],
                                asked.key[4] != 0};
  absl::StatusOr<std::unique_ptr<MappedSlice>> slice =
      MappedSlice::Open(File().path, family, key, asked.symmetry, asked.entries,
                        tablebase::FileCheck::kHeader, tablebase::SliceAccess::kProbe);
  if (!slice.ok()) return;
  for (uint64_t i = 0; i < std::min<uint64_t>((*slice)->size(), 4096); ++i) {
    const absl::StatusOr<tablebase::Entry> entry = (*slice)->Read(i);
    FUZZ_CHECK(entry.ok() || !entry.status().message().empty(), "empty error");
  }
}

}  // namespace
}  // namespace lud64::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  lud64::fuzz::CheckSliceFile(data[0], data + 1, size - 1);
  lud64::fuzz::ProbeSliceFile(data + 1, size - 1);  // the file CheckSliceFile wrote
  return 0;
}
