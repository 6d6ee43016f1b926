#include "tools/train/sample_file.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/checksum.h"

namespace lud64 {
namespace {

constexpr char kMagic[8] = {'L', 'U', 'D', '6', '4', 'S', 'M', 'P'};
constexpr uint32_t kVersion = 2;
constexpr uint32_t kVersionWithoutChecksum = 1;
constexpr size_t kSampleBytes = 2 * sizeof(NetworkInputs) + sizeof(float);

absl::Status Error(const std::string& path, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("sample file ", path, ": ", what));
}

}  // namespace

absl::Status WriteSamples(const std::string& path, const std::vector<TrainingSample>& samples) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  const uint64_t count = samples.size();
  out.write(kMagic, sizeof(kMagic));
  out.write(reinterpret_cast<const char*>(&kVersion), sizeof(kVersion));
  out.write(reinterpret_cast<const char*>(&count), sizeof(count));
  StreamChecksum checksum;
  const auto write = [&](const void* data, size_t size) {
    out.write(static_cast<const char*>(data), static_cast<std::streamsize>(size));
    checksum.Add(static_cast<const uint8_t*>(data), size);
  };
  for (const TrainingSample& s : samples) {
    write(s.mover.words.data(), sizeof(NetworkInputs));
    write(s.other.words.data(), sizeof(NetworkInputs));
    write(&s.target, sizeof(s.target));
  }
  const uint64_t sum = checksum.Finish();
  out.write(reinterpret_cast<const char*>(&sum), sizeof(sum));
  // A failure at run time (exit 1), not bad input.
  if (!out.flush()) {
    return absl::UnavailableError(absl::StrCat("sample file ", path, ": cannot write it"));
  }
  return absl::OkStatus();
}

absl::Status ReadSamples(const std::string& path, std::vector<TrainingSample>& samples) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error(path, "cannot open it");
  char magic[8];
  uint32_t version = 0;
  uint64_t count = 0;
  if (!in.read(magic, sizeof(magic)) || std::memcmp(magic, kMagic, sizeof(kMagic)) != 0) {
    return Error(path, "not a lud64 sample file (no LUD64SMP at its start)");
  }
  if (!in.read(reinterpret_cast<char*>(&version), sizeof(version)) ||
      (version != kVersion && version != kVersionWithoutChecksum)) {
    return Error(path, absl::StrCat("format version ", version, "; this build reads ",
                                    kVersionWithoutChecksum, " and ", kVersion));
  }
  const bool checked = version == kVersion;
  in.read(reinterpret_cast<char*>(&count), sizeof(count));
  in.seekg(0, std::ios::end);
  const uint64_t size = static_cast<uint64_t>(in.tellg());
  constexpr uint64_t kHeader = sizeof(kMagic) + sizeof(version) + sizeof(count);
  const uint64_t trailer = checked ? sizeof(uint64_t) : 0;
  if (!in || count > size / kSampleBytes || size != kHeader + count * kSampleBytes + trailer) {
    return Error(path, absl::StrCat(size, " bytes for ", count, " samples: truncated or corrupt"));
  }
  in.seekg(kHeader);
  std::vector<char> bytes(count * kSampleBytes);
  uint64_t stored = 0;
  if (!in.read(bytes.data(), static_cast<std::streamsize>(bytes.size())) ||
      (checked && !in.read(reinterpret_cast<char*>(&stored), sizeof(stored)))) {
    return Error(path, "cannot read it");
  }
  if (checked && Checksum64(bytes.data(), bytes.size()) != stored) {
    return Error(path, "checksum mismatch: the samples are corrupt");
  }
  samples.reserve(samples.size() + count);
  for (uint64_t i = 0; i < count; ++i) {
    const char* at = bytes.data() + i * kSampleBytes;
    TrainingSample s;
    std::memcpy(s.mover.words.data(), at, sizeof(NetworkInputs));
    std::memcpy(s.other.words.data(), at + sizeof(NetworkInputs), sizeof(NetworkInputs));
    std::memcpy(&s.target, at + 2 * sizeof(NetworkInputs), sizeof(s.target));
    if (!(s.target >= 0 && s.target <= 1)) {
      return Error(path, absl::StrCat("sample ", i, ": target ", s.target, " outside [0, 1]"));
    }
    samples.push_back(s);
  }
  return absl::OkStatus();
}

}  // namespace lud64
