#include "play/memory_check.h"

#include <unistd.h>

#include <cstdint>
#include <cstdlib>

#include "absl/strings/str_cat.h"

namespace lud64 {
namespace {

bool Allocatable(uint64_t mebibytes) {
  void* block = std::malloc(static_cast<size_t>(mebibytes << 20));
  std::free(block);
  return block != nullptr;
}

}  // namespace

uint64_t PhysicalMebibytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page_bytes = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_bytes <= 0) return 0;  // unknown
  return static_cast<uint64_t>(pages) * static_cast<uint64_t>(page_bytes) >> 20;
}

absl::Status CheckMemoryFor(absl::string_view setting, size_t mebibytes, absl::string_view what) {
  if (const uint64_t physical = PhysicalMebibytes(); physical > 0 && mebibytes > physical) {
    return absl::ResourceExhaustedError(absl::StrCat(setting, ": ", what, " of ", mebibytes,
                                                     " MiB is more than this machine's ", physical,
                                                     " MiB of memory"));
  }
  if (Allocatable(mebibytes)) return absl::OkStatus();
  uint64_t could = mebibytes / 2;
  while (could > 0 && !Allocatable(could)) could /= 2;
  return absl::ResourceExhaustedError(
      absl::StrCat(setting, ": cannot allocate ", mebibytes, " MiB for ", what, "; ",
                   could > 0 ? absl::StrCat("about ", could, " MiB could be allocated")
                             : "not even 1 MiB could be allocated"));
}

}  // namespace lud64
