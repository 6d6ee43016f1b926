// The 128-byte header every slice file starts with, and the checksum it keeps
// of the entries that follow. One definition for the writer, the reader and
// the fuzzable header checks.
#ifndef LUD64_TABLEBASE_FORMAT_SLICE_HEADER_H_
#define LUD64_TABLEBASE_FORMAT_SLICE_HEADER_H_

#include <array>
#include <cstddef>
#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/checksum.h"
#include "tablebase/slice.h"

namespace lud64::tablebase {

inline constexpr char kMagic[8] = {'L', 'U', 'D', '6', '4', 'T', 'B', '\0'};
inline constexpr uint32_t kFormatVersion = 1;
inline constexpr char kFileSuffix[] = ".lud64tb";

#pragma pack(push, 1)
struct SliceHeader {
  char magic[8];
  uint32_t version;
  uint32_t entry_bytes;  // 1 or 2
  char family[48];       // canonical family name, NUL-padded
  uint8_t key[5];        // own, opponent, own hand, opponent hand, remove
  uint8_t padding[3];
  uint32_t symmetry;  // SiteSymmetry::scheme_id()
  uint32_t max_turns;
  uint64_t entries;  // indices, holes included
  uint64_t wins;     // positions by value, holes excluded
  uint64_t draws;
  uint64_t losses;
  uint64_t reserved;
  uint64_t checksum;  // TableChecksum of the entries
};
#pragma pack(pop)
static_assert(sizeof(SliceHeader) == 128);

// The counts a header stores, as the builder computes them.
struct SliceStats {
  uint64_t wins = 0;
  uint64_t draws = 0;
  uint64_t losses = 0;
  int max_turns = 0;
};

// A slice key as the header stores it.
std::array<uint8_t, 5> KeyBytes(const SliceKey& key);

// The header of a slice of `entries` indices, checksum left zero. Entries are
// 16-bit only if a distance needs them. Fails if the family name is too long.
absl::StatusOr<SliceHeader> MakeSliceHeader(absl::string_view family, const SliceKey& key,
                                            uint32_t symmetry, const SliceStats& stats,
                                            uint64_t entries);

// The checksum of a slice's entries (engine/checksum.h).
inline uint64_t TableChecksum(const void* data, size_t size) { return Checksum64(data, size); }
using lud64::StreamChecksum;

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_FORMAT_SLICE_HEADER_H_
