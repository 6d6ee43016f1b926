#include "network/network_file.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "engine/checksum.h"

namespace lud64 {
namespace {

constexpr char kMagic[8] = {'L', 'U', 'D', '6', '4', 'N', 'E', 'T'};
constexpr size_t kFamilyBytes = 32;
constexpr size_t kMaxOrigin = 4096;

// Appends and reads plain little-endian values (the hosts lud64 builds for).
class Writer {
 public:
  template <class T>
  void Put(const T& value) {
    bytes_.append(reinterpret_cast<const char*>(&value), sizeof(value));
  }
  void PutBytes(absl::string_view text) { bytes_.append(text.data(), text.size()); }
  std::string& bytes() { return bytes_; }

 private:
  std::string bytes_;
};

class Reader {
 public:
  explicit Reader(absl::string_view bytes) : bytes_(bytes) {}
  template <class T>
  bool Get(T& value) {
    if (bytes_.size() - at_ < sizeof(value)) return false;
    std::memcpy(&value, bytes_.data() + at_, sizeof(value));
    at_ += sizeof(value);
    return true;
  }
  bool GetBytes(size_t size, std::string& text) {
    if (bytes_.size() - at_ < size) return false;
    text.assign(bytes_.data() + at_, size);
    at_ += size;
    return true;
  }
  size_t at() const { return at_; }

 private:
  absl::string_view bytes_;
  size_t at_ = 0;
};

// The weight arrays in file order; `Network` is QuantizedNetwork, const or not.
template <class Network, class F>
void ForEachArray(Network& network, F&& f) {
  f(network.input);
  f(network.input_bias);
  f(network.hidden);
  f(network.hidden_bias);
  f(network.output);
  f(network.output_bias);
}

absl::Status FileError(absl::string_view name, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("network file ", name, ": ", what));
}

}  // namespace

std::string SerializeNetworkFile(const NetworkFile& file) {
  Writer out;
  out.PutBytes(absl::string_view(kMagic, sizeof(kMagic)));
  out.Put(kNetworkFileVersion);
  out.Put(uint32_t{kNetworkInputs});
  out.Put(uint32_t{kAccumulatorWidth});
  out.Put(uint32_t{kHiddenWidth});
  std::string family = file.family.substr(0, kFamilyBytes - 1);
  family.resize(kFamilyBytes, '\0');
  out.PutBytes(family);
  out.Put(static_cast<uint32_t>(file.network.max_side_pieces));
  const std::string origin = file.origin.substr(0, kMaxOrigin);
  out.Put(static_cast<uint32_t>(origin.size()));
  out.PutBytes(origin);
  ForEachArray(file.network, [&](const auto& array) { out.Put(array); });
  out.Put(Checksum64(out.bytes().data(), out.bytes().size()));
  return std::move(out.bytes());
}

absl::StatusOr<NetworkFile> ParseNetworkFile(absl::string_view bytes, absl::string_view name) {
  Reader in(bytes);
  std::string magic;
  if (!in.GetBytes(sizeof(kMagic), magic) || std::memcmp(magic.data(), kMagic, 8) != 0) {
    return FileError(name, "not a lud64 network file (no LUD64NET at its start)");
  }
  uint32_t version = 0, inputs = 0, width = 0, hidden = 0;
  if (!in.Get(version)) return FileError(name, "truncated header");
  if (version != kNetworkFileVersion) {
    return FileError(name, absl::StrCat("format version ", version, "; this build reads version ",
                                        kNetworkFileVersion));
  }
  if (!in.Get(inputs) || !in.Get(width) || !in.Get(hidden)) {
    return FileError(name, "truncated header");
  }
  if (inputs != kNetworkInputs || width != kAccumulatorWidth || hidden != kHiddenWidth) {
    return FileError(
        name, absl::StrCat("layers ", inputs, "x", width, "x", hidden, "; this build evaluates ",
                           kNetworkInputs, "x", kAccumulatorWidth, "x", kHiddenWidth));
  }
  NetworkFile file;
  uint32_t origin_size = 0, max_side_pieces = 0;
  if (!in.GetBytes(kFamilyBytes, file.family) || !in.Get(max_side_pieces) || !in.Get(origin_size)) {
    return FileError(name, "truncated header");
  }
  if (max_side_pieces > 64) {
    return FileError(name, absl::StrCat("max_side_pieces ", max_side_pieces, " (at most 64)"));
  }
  file.network.max_side_pieces = static_cast<int>(max_side_pieces);
  file.family.resize(std::strlen(file.family.c_str()));
  if (origin_size > kMaxOrigin) return FileError(name, "origin text longer than 4096 bytes");
  if (!in.GetBytes(origin_size, file.origin)) return FileError(name, "truncated header");
  bool complete = true;
  ForEachArray(file.network, [&](auto& array) { complete = complete && in.Get(array); });
  const size_t checked = in.at();
  uint64_t checksum = 0;
  if (!complete || !in.Get(checksum)) {
    return FileError(name, absl::StrCat("truncated: ", bytes.size(), " bytes, expected ",
                                        SerializeNetworkFile(file).size()));
  }
  if (in.at() != bytes.size()) {
    return FileError(name, absl::StrCat(bytes.size() - in.at(), " bytes after the checksum"));
  }
  if (Checksum64(bytes.data(), checked) != checksum) {
    return FileError(name, "checksum mismatch: the file is corrupt");
  }
  if (!WithinQuantizedRanges(file.network)) {
    return FileError(name, "weights outside the ranges the integer network computes with");
  }
  file.network.ArrangeHiddenByPair();
  return file;
}

absl::StatusOr<NetworkFile> ReadNetworkFile(const std::string& path) {
  // A weight file is tens of kilobytes: a directory, a device or a huge file
  // (a user's mistyped path) is refused before anything is read.
  constexpr uintmax_t kMaxFileBytes = uintmax_t{1} << 20;
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
    return absl::InvalidArgumentError(absl::StrCat("network file ", path, ": not a regular file"));
  }
  if (const uintmax_t size = std::filesystem::file_size(path, error);
      !error && size > kMaxFileBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("network file ", path, ": ", size, " bytes, more than a weight file's 1 MiB"));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("network file ", path, ": cannot open it"));
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return ParseNetworkFile(bytes.str(), path);
}

absl::Status WriteNetworkFile(const std::string& path, const NetworkFile& file) {
  const std::string bytes = SerializeNetworkFile(file);
  // Written beside the target, then renamed: a reader never sees half a file.
  const std::string temporary = path + ".part";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out.flush()) {
      return absl::UnavailableError(absl::StrCat("network file ", path, ": cannot write it"));
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    return absl::UnavailableError(
        absl::StrCat("network file ", path, ": cannot rename ", temporary));
  }
  return absl::OkStatus();
}

}  // namespace lud64
