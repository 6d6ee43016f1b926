#include "network/embedded_networks.h"

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

}  // namespace lud64
