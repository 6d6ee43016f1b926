#include "engine/interrupt.h"

#include <csignal>

namespace lud64 {
namespace {

extern "C" void OnInterrupt(int) {
  stop_requested.store(true, std::memory_order_relaxed);
  std::signal(SIGINT, SIG_DFL);
}

}  // namespace

void InstallInterruptHandler() { std::signal(SIGINT, OnInterrupt); }

}  // namespace lud64
