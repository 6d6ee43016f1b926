// An engine run as a child process (POSIX fork/exec of `/bin/sh -c`), spoken
// to by lines over pipes: what `lud64 match` uses for `ugi:cmd=...` engines.
// The child runs in its own process group, so a terminal's Ctrl-C reaches only
// lud64, which stops and ends its children; on Linux the child is also killed
// if lud64 dies. The destructor always reaps it.
#ifndef LUD64_PLAY_ENGINE_PROCESS_H_
#define LUD64_PLAY_ENGINE_PROCESS_H_

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/stop.h"

namespace lud64 {

class EngineProcess {
 public:
  using Clock = std::chrono::steady_clock;

  // Starts `command` (a shell command line); reads give up once `stop` is set.
  static absl::StatusOr<std::unique_ptr<EngineProcess>> Start(const std::string& command,
                                                              StopFlag stop = nullptr);
  // Sends `quit`, closes its input, gives it a moment to exit, then kills it.
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Writes one line; an error once the child has closed its input.
  absl::Status Send(absl::string_view line);
  // The next line of its output (without the newline). DeadlineExceeded when
  // none is complete by `deadline`, Unavailable when the output ends (the
  // child exited), Cancelled once the stop flag is set (Ctrl-C).
  absl::StatusOr<std::string> ReadLine(Clock::time_point deadline);
  // Kills the child (and its process group) and reaps it; how it ended,
  // e.g. "exit status 3" or "killed by signal 9".
  std::string Kill();

  bool running() const { return pid_ > 0; }

 private:
  EngineProcess(pid_t pid, int to_child, int from_child, StopFlag stop)
      : pid_(pid), to_child_(to_child), from_child_(from_child), stop_(stop) {}
  // Reaps the child if it has exited (or waits for it with `block`); how it
  // ended, or "" while it runs.
  std::string Reap(bool block);

  pid_t pid_;
  int to_child_;
  int from_child_;
  StopFlag stop_;
  std::string buffer_;  // output read but not yet returned
  std::string ended_;   // how it ended, once reaped
};

}  // namespace lud64

#endif  // LUD64_PLAY_ENGINE_PROCESS_H_
