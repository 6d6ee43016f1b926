#include "tablebase/solve/builder.h"

namespace lud64::tablebase {

absl::Status CheckMemoryLimit(absl::string_view what, uint64_t need_mib, int64_t limit_mib,
                              uint64_t largest) {
  if (limit_mib <= 0 || need_mib <= static_cast<uint64_t>(limit_mib)) return absl::OkStatus();
  return absl::ResourceExhaustedError(
      absl::StrCat(what, " ", need_mib, " MiB for its largest component (", largest,
                   " positions), over the --memory limit of ", limit_mib, " MiB"));
}

}  // namespace lud64::tablebase
