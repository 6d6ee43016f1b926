// Whether memory a flag asks for can be had, checked before the table or
// tree is made, so that a size within a flag's range but beyond the machine
// gets a one-line error instead of std::bad_alloc (or the OOM killer).
#ifndef LUD64_PLAY_MEMORY_CHECK_H_
#define LUD64_PLAY_MEMORY_CHECK_H_

#include <cstddef>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace lud64 {

// This machine's physical memory in MiB; 0 when unknown.
uint64_t PhysicalMebibytes();

// OK when `mebibytes` MiB for `what` fit in the machine's memory and the
// system grants them now (the block is freed at once, untouched); else an
// error naming `setting` (the flag as given), the size, and what could be had.
absl::Status CheckMemoryFor(absl::string_view setting, size_t mebibytes, absl::string_view what);

}  // namespace lud64

#endif  // LUD64_PLAY_MEMORY_CHECK_H_
