// The values the lud64 flags take: engine specifications (`--p1`, `--p2`:
// `alphabeta:depth=4,hash=16`) and the shared flags of common_flags.cc read
// through their registered parsers. Reading never crashes; an accepted engine
// has every option inside its documented range; an accepted flag value prints
// (CurrentValue) to a text that reads back to the same value.
#include <cmath>
#include <string>

#include "absl/flags/reflection.h"
#include "absl/strings/str_cat.h"
#include "fuzz/fuzz_support.h"
#include "play/engine_spec.h"
#include "tools/lud64/common_flags.h"

namespace lud64::fuzz {
namespace {

constexpr const char* kSharedFlags[] = {"game", "position", "depth", "time", "threads",
                                        "seed", "json",     "nodes", "hash", "clock",
                                        "inc",  "memory",   "tb"};

bool Within(double value, double low, double high) { return value >= low && value <= high; }

void CheckEngineSpec(absl::string_view text) {
  absl::StatusOr<EngineSpec> spec = ParseEngineSpec(text);
  if (!spec.ok()) {
    FUZZ_CHECK(!spec.status().message().empty(), std::string(text));
    return;
  }
  const std::string where(text);
  FUZZ_CHECK(spec->text == text, where);
  // The ranges of the help text in play/engine_spec.h and `lud64 match --help`.
  const EngineLimits& limits = spec->limits;
  const EngineOptions& options = spec->options;
  FUZZ_CHECK(limits.seconds == 0 || Within(limits.seconds, 1e-6, 86400), where);
  FUZZ_CHECK(limits.depth == 0 || Within(limits.depth, 1, 100), where);
  FUZZ_CHECK(limits.nodes <= uint64_t{1} << 50, where);
  FUZZ_CHECK(Within(options.hash_mib, 1, 65536), where);
  FUZZ_CHECK(Within(options.threads, 1, 256) && Within(options.memory_mib, 1, 65536), where);
  FUZZ_CHECK(Within(options.exploration, 0, 100), where);
}

void CheckFlagValue(const char* name, absl::string_view value) {
  absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
  FUZZ_CHECK(flag != nullptr, name);
  std::string error;
  if (flag->ParseFrom(value, &error)) {
    const std::string printed = flag->CurrentValue();
    FUZZ_CHECK(flag->ParseFrom(printed, &error) && flag->CurrentValue() == printed,
               absl::StrCat("--", name, "=", value, " prints as ", printed, ": ", error));
  } else {
    FUZZ_CHECK(!error.empty(), absl::StrCat("--", name, "=", value));
  }
  FUZZ_CHECK(flag->ParseFrom(flag->DefaultValue(), &error), name);
}

}  // namespace
}  // namespace lud64::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const absl::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  constexpr size_t kFlags = sizeof(lud64::fuzz::kSharedFlags) / sizeof(char*);
  const size_t choice = data[0] % (kFlags + 1);
  if (choice == kFlags) {
    lud64::fuzz::CheckEngineSpec(text);
  } else {
    lud64::fuzz::CheckFlagValue(lud64::fuzz::kSharedFlags[choice], text);
  }
  return 0;
}
