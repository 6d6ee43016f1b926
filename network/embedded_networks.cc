#include "network/embedded_networks.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "network/network_file.h"

namespace lud64 {
namespace {

struct Registry {
  absl::Status status;  // the first corrupt file, if any
  std::map<std::string, std::shared_ptr<const QuantizedNetwork>, std::less<>> by_family;
};

const Registry& Networks() {
  static const Registry* registry = [] {
    auto* r = new Registry;
    for (const EmbeddedFile& file : EmbeddedNetworkFiles()) {
      absl::StatusOr<NetworkFile> parsed = ParseNetworkFile(file.bytes, file.name);
      if (!parsed.ok()) {
        if (r->status.ok()) r->status = parsed.status();
        continue;
      }
      r->by_family[parsed->family] = std::make_shared<const QuantizedNetwork>(parsed->network);
    }
    return r;
  }();
  return *registry;
}

}  // namespace

absl::StatusOr<std::shared_ptr<const QuantizedNetwork>> EmbeddedNetwork(absl::string_view family) {
  const Registry& registry = Networks();
  if (!registry.status.ok()) return registry.status;
  const auto it = registry.by_family.find(family);
  if (it == registry.by_family.end()) return std::shared_ptr<const QuantizedNetwork>();
  return it->second;
}

std::shared_ptr<const QuantizedNetwork> BuiltInNetwork(absl::string_view family) {
  absl::StatusOr<std::shared_ptr<const QuantizedNetwork>> network = EmbeddedNetwork(family);
  if (!network.ok()) {
    std::fprintf(stderr, "lud64: %s\n", std::string(network.status().message()).c_str());
    std::exit(2);
  }
  return *network;
}

}  // namespace lud64
