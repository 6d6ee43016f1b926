#include "tools/common/interrupt.h"

#include <atomic>
#include <csignal>

namespace lud64 {
namespace {

std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");

extern "C" void OnInterrupt(int) {
  interrupted.store(true, std::memory_order_relaxed);
  std::signal(SIGINT, SIG_DFL);
}

}  // namespace

void InstallInterruptHandler() { std::signal(SIGINT, OnInterrupt); }

StopFlag InterruptFlag() { return &interrupted; }

}  // namespace lud64
