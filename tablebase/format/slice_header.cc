#include "tablebase/format/slice_header.h"

#include <algorithm>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace lud64::tablebase {
std::array<uint8_t, 5> KeyBytes(const SliceKey& key) {
  return {key.own, key.opponent, key.own_hand, key.opponent_hand, static_cast<uint8_t>(key.remove)};
}

absl::StatusOr<SliceHeader> MakeSliceHeader(absl::string_view family, const SliceKey& key,
                                            uint32_t symmetry, const SliceStats& stats,
                                            uint64_t entries) {
  SliceHeader header{};
  if (family.size() >= sizeof(header.family)) {
    return absl::InvalidArgumentError(absl::StrCat("family name '", family, "' is longer than ",
                                                   sizeof(header.family) - 1, " characters"));
  }
  std::memcpy(header.magic, kMagic, sizeof(kMagic));
  header.version = kFormatVersion;
  header.entry_bytes = stats.max_turns > 127 ? 2 : 1;
  std::memcpy(header.family, family.data(), family.size());
  const std::array<uint8_t, 5> key_bytes = KeyBytes(key);
  std::memcpy(header.key, key_bytes.data(), key_bytes.size());
  header.symmetry = symmetry;
  header.max_turns = stats.max_turns;
  header.entries = entries;
  header.wins = stats.wins;
  header.draws = stats.draws;
  header.losses = stats.losses;
  return header;
}

}  // namespace lud64::tablebase
