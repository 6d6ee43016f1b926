#include "tools/train/sample_file.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <vector>

#include "absl/strings/str_cat.h"

namespace lud64 {
namespace {

constexpr char kMagic[8] = {'L', 'U', 'D', '6', '4', 'S', 'M', 'P'};
constexpr uint32_t kVersion = 1;
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
  for (const TrainingSample& s : samples) {
    out.write(reinterpret_cast<const char*>(s.mover.words.data()), sizeof(NetworkInputs));
    out.write(reinterpret_cast<const char*>(s.other.words.data()), sizeof(NetworkInputs));
    out.write(reinterpret_cast<const char*>(&s.target), sizeof(s.target));
  }
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
  if (!in.read(reinterpret_cast<char*>(&version), sizeof(version)) || version != kVersion) {
    return Error(path, absl::StrCat("format version ", version, "; this build reads ", kVersion));
  }
  in.read(reinterpret_cast<char*>(&count), sizeof(count));
  in.seekg(0, std::ios::end);
  const uint64_t size = static_cast<uint64_t>(in.tellg());
  constexpr uint64_t kHeader = sizeof(kMagic) + sizeof(version) + sizeof(count);
  if (!in || size != kHeader + count * kSampleBytes) {
    return Error(path, absl::StrCat(size, " bytes for ", count, " samples: truncated or corrupt"));
  }
  in.seekg(kHeader);
  std::vector<char> bytes(count * kSampleBytes);
  if (!in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()))) {
    return Error(path, "cannot read it");
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
