// Ctrl-C for the programs: a SIGINT handler that sets a flag the programs
// hand to their long work (engine/stop.h), so that it stops cleanly and
// reports.
#ifndef LUD64_TOOLS_COMMON_INTERRUPT_H_
#define LUD64_TOOLS_COMMON_INTERRUPT_H_

#include "engine/stop.h"

namespace lud64 {

// Installs a SIGINT handler that sets InterruptFlag(); a second Ctrl-C
// restores the default behaviour and ends the process.
void InstallInterruptHandler();

// The flag the handler sets.
StopFlag InterruptFlag();

}  // namespace lud64

#endif  // LUD64_TOOLS_COMMON_INTERRUPT_H_
