// A process-wide stop request, set by Ctrl-C (SIGINT) and polled by long work
// (perft, playouts, search) so that it can stop cleanly and report.
#ifndef LUD64_ENGINE_INTERRUPT_H_
#define LUD64_ENGINE_INTERRUPT_H_

#include <atomic>

namespace lud64 {

inline std::atomic<bool> stop_requested{false};

inline bool StopRequested() { return stop_requested.load(std::memory_order_relaxed); }

// Installs a SIGINT handler that sets the stop request; a second Ctrl-C
// restores the default behaviour and ends the process.
void InstallInterruptHandler();

}  // namespace lud64

#endif  // LUD64_ENGINE_INTERRUPT_H_
