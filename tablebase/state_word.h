// The 32-bit word a solver keeps per position while it solves a component:
// the entry so far (bits 0-15), the children not yet resolved (16-23) and
// flags (24-31). The single-process and the distributed solvers share it, so
// their states mean the same (and checkpoints store it as it is).
#ifndef LUD64_TABLEBASE_STATE_WORD_H_
#define LUD64_TABLEBASE_STATE_WORD_H_

#include <cstdint>

#include "tablebase/slice.h"

namespace lud64::tablebase {

struct StateWord {
  static constexpr uint8_t kDone = 1;       // value final
  static constexpr uint8_t kHole = 2;       // not a canonical index
  static constexpr uint8_t kNeverLoss = 4;  // has a drawing decision (or is the all-pass draw)

  static constexpr uint32_t Pack(Entry value, int count, uint8_t flags) {
    return value | static_cast<uint32_t>(count) << 16 | static_cast<uint32_t>(flags) << 24;
  }
  static constexpr Entry ValueOf(uint32_t state) { return static_cast<Entry>(state & 0xFFFF); }
  static constexpr int CountOf(uint32_t state) { return (state >> 16) & 0xFF; }
  static constexpr uint8_t FlagsOf(uint32_t state) { return static_cast<uint8_t>(state >> 24); }
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_STATE_WORD_H_
