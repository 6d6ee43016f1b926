#include "play/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <thread>

#include "absl/strings/str_cat.h"

namespace lud64 {
namespace {

// How often a wait for output looks at the stop request.
constexpr int kPollMilliseconds = 50;
// How long an engine told to quit may take to exit before it is killed.
constexpr auto kQuitGrace = std::chrono::milliseconds(500);

std::string HowItEnded(int status) {
  if (WIFEXITED(status)) return absl::StrCat("exit status ", WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return absl::StrCat("killed by signal ", WTERMSIG(status));
  return "ended";
}

}  // namespace

absl::StatusOr<std::unique_ptr<EngineProcess>> EngineProcess::Start(const std::string& command,
                                                                    StopFlag stop) {
  // A write to an engine that has exited must fail with EPIPE, not kill lud64.
  std::signal(SIGPIPE, SIG_IGN);
  int to_child[2], from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0) {
    return absl::InternalError(absl::StrCat("pipe: ", std::strerror(errno)));
  }
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    close(to_child[0]);
    close(to_child[1]);
    return absl::InternalError(absl::StrCat("pipe: ", std::strerror(errno)));
  }
  // Built before fork: the child may only make async-signal-safe calls.
  const std::string shell_command = absl::StrCat("exec ", command);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) close(fd);
    return absl::InternalError(absl::StrCat("fork: ", std::strerror(errno)));
  }
  if (pid == 0) {
    setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);  // lud64 died before the line above
#endif
    // dup2 leaves the new descriptors open across exec; the rest close.
    if (dup2(to_child[0], STDIN_FILENO) < 0 || dup2(from_child[1], STDOUT_FILENO) < 0) _exit(127);
    execl("/bin/sh", "sh", "-c", shell_command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  (void)parent;
  setpgid(pid, pid);  // also here, so that Kill's group exists whichever runs first
  close(to_child[0]);
  close(from_child[1]);
  return std::unique_ptr<EngineProcess>(new EngineProcess(pid, to_child[1], from_child[0], stop));
}

EngineProcess::~EngineProcess() {
  if (pid_ > 0) {
    (void)Send("quit");
    close(to_child_);
    to_child_ = -1;
    const Clock::time_point give_up = Clock::now() + kQuitGrace;
    while (Reap(false).empty() && Clock::now() < give_up) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    Kill();
  }
  if (to_child_ >= 0) close(to_child_);
  if (from_child_ >= 0) close(from_child_);
}

std::string EngineProcess::Reap(bool block) {
  if (pid_ <= 0) return ended_;
  int status = 0;
  const pid_t reaped = waitpid(pid_, &status, block ? 0 : WNOHANG);
  if (reaped == pid_) {
    ended_ = HowItEnded(status);
    pid_ = -1;
  } else if (reaped < 0 && errno != EINTR) {
    ended_ = "ended";
    pid_ = -1;
  }
  return ended_;
}

std::string EngineProcess::Kill() {
  if (pid_ > 0) {
    kill(-pid_, SIGKILL);  // its process group: what the shell or engine started too
    kill(pid_, SIGKILL);
    while (Reap(true).empty()) {
    }
  }
  return ended_;
}

absl::Status EngineProcess::Send(absl::string_view line) {
  if (to_child_ < 0) return absl::UnavailableError("the engine's input is closed");
  const std::string text = absl::StrCat(line, "\n");
  size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = write(to_child_, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      return absl::UnavailableError(
          absl::StrCat("the engine does not read its input (", std::strerror(errno), ")"));
    }
    written += static_cast<size_t>(n);
  }
  return absl::OkStatus();
}

absl::StatusOr<std::string> EngineProcess::ReadLine(Clock::time_point deadline) {
  for (;;) {
    if (const size_t newline = buffer_.find('\n'); newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (Stopping(stop_)) return absl::CancelledError("stopped");
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return absl::DeadlineExceededError("no answer in time");
    pollfd fd = {.fd = from_child_, .events = POLLIN, .revents = 0};
    const int ready =
        poll(&fd, 1, static_cast<int>(std::min<int64_t>(left.count(), kPollMilliseconds)));
    if (ready < 0 && errno != EINTR) {
      return absl::InternalError(absl::StrCat("poll: ", std::strerror(errno)));
    }
    if (ready <= 0) continue;
    char chunk[4096];
    const ssize_t n = read(from_child_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return absl::UnavailableError("the engine's output ended");
    buffer_.append(chunk, static_cast<size_t>(n));
  }
}

}  // namespace lud64
