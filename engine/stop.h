// Stopping long work early (perft, playouts, searches, matches, table
// builds): the work polls a flag where it can end cleanly and report what it
// did. Whoever starts the work owns the flag and sets it (a command's Ctrl-C
// handler, a protocol's `stop`, the Python module on KeyboardInterrupt); the
// work only reads it.
#ifndef LUD64_ENGINE_STOP_H_
#define LUD64_ENGINE_STOP_H_

#include <atomic>

namespace lud64 {

// The flag a caller hands to long work; nullptr: the work is never stopped.
using StopFlag = const std::atomic<bool>*;

inline bool Stopping(StopFlag stop) {
  return stop != nullptr && stop->load(std::memory_order_relaxed);
}

}  // namespace lud64

#endif  // LUD64_ENGINE_STOP_H_
