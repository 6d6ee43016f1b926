// The weight file of a network: a versioned binary file with a checksum.
//
//   "LUD64NET"                      8 bytes
//   version (1), inputs, accumulator width, hidden width: uint32 each
//   family: 32 bytes, zero-padded (the game's table family: "davxar", ...)
//   max_side_pieces: uint32 (QuantizedNetwork::max_side_pieces; 0: any)
//   origin length: uint32, then the origin text (the command that made it)
//   weights: QuantizedNetwork's arrays in their declaration order, little-endian
//   checksum: uint64, Checksum64 (engine/checksum.h) of every byte before it
#ifndef LUD64_NETWORK_NETWORK_FILE_H_
#define LUD64_NETWORK_NETWORK_FILE_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "network/network.h"

namespace lud64 {

inline constexpr uint32_t kNetworkFileVersion = 1;

struct NetworkFile {
  std::string family;  // at most 31 characters
  std::string origin;  // at most 4096 characters
  QuantizedNetwork network;
};

std::string SerializeNetworkFile(const NetworkFile& file);

// Reads the bytes of a weight file; errors name `name` (a path) and what is wrong.
absl::StatusOr<NetworkFile> ParseNetworkFile(absl::string_view bytes, absl::string_view name);

absl::StatusOr<NetworkFile> ReadNetworkFile(const std::string& path);
absl::Status WriteNetworkFile(const std::string& path, const NetworkFile& file);

}  // namespace lud64

#endif  // LUD64_NETWORK_NETWORK_FILE_H_
