#include "tablebase/slice_header.h"

#include <algorithm>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace lud64::tablebase {
namespace {

constexpr uint64_t kPrime = 1099511628211ull;

}  // namespace

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

uint64_t TableChecksum(const void* data, size_t size) {
  StreamChecksum checksum;
  checksum.Add(static_cast<const uint8_t*>(data), size);
  return checksum.Finish();
}

void StreamChecksum::Add(const uint8_t* data, size_t size) {
  length_ += size;
  if (carried_ > 0) {  // complete the word left over from the previous piece
    const size_t take = std::min(size, sizeof(carry_) - carried_);
    std::memcpy(carry_ + carried_, data, take);
    carried_ += take;
    data += take;
    size -= take;
    if (carried_ < sizeof(carry_)) return;
    uint64_t word;
    std::memcpy(&word, carry_, 8);
    hash_ = (hash_ ^ word) * kPrime;
    carried_ = 0;
  }
  for (; size >= 8; data += 8, size -= 8) {
    uint64_t word;
    std::memcpy(&word, data, 8);  // little-endian hosts only (x86-64, arm64)
    hash_ = (hash_ ^ word) * kPrime;
  }
  std::memcpy(carry_, data, size);  // fewer than 8 bytes
  carried_ = size;
}

uint64_t StreamChecksum::Finish() const {
  uint64_t hash = hash_;
  for (size_t i = 0; i < carried_; ++i) hash = (hash ^ carry_[i]) * kPrime;
  return (hash ^ length_) * kPrime;
}

}  // namespace lud64::tablebase
