#include "engine/checksum.h"

#include <algorithm>
#include <cstring>

namespace lud64 {
namespace {

constexpr uint64_t kPrime = 1099511628211ull;

}  // namespace

uint64_t Checksum64(const void* data, size_t size) {
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

}  // namespace lud64
