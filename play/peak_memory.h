// The process's peak resident memory, for the reports of long commands.
#ifndef LUD64_PLAY_PEAK_MEMORY_H_
#define LUD64_PLAY_PEAK_MEMORY_H_

#include <cstdint>

namespace lud64 {

// Peak resident set size in bytes so far (getrusage), or 0 where unknown.
uint64_t PeakRssBytes();

// Mebibytes, as reports print them.
inline double Mebibytes(uint64_t bytes) { return static_cast<double>(bytes) / (1 << 20); }

}  // namespace lud64

#endif  // LUD64_PLAY_PEAK_MEMORY_H_
