// A UGI session (tools/lud64/ugi/ugi_session.h) driven line by line from a
// test, its output lines collected: what ugi_session_test.cc and
// ugi_session_search_test.cc share.
#ifndef LUD64_TESTS_UGI_SESSION_DRIVER_H_
#define LUD64_TESTS_UGI_SESSION_DRIVER_H_

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"
#include "tools/lud64/ugi/ugi_session.h"

namespace lud64::ugi_session_driver {

// A session whose output lines are collected.
class Driver {
 public:
  explicit Driver(absl::string_view game = "damdaman") {
    session_ = UgiSession::Create(game, [this](const std::string& line) {
                 std::lock_guard lock(mutex_);
                 lines_.push_back(line);
               }).value();
  }

  // Sends `line`; the lines written while it was handled.
  std::vector<std::string> Send(absl::string_view line) {
    const size_t before = Count();
    alive_ = session_->Handle(line);
    std::lock_guard lock(mutex_);
    return {lines_.begin() + before, lines_.end()};
  }
  // The one line `line` is answered with (a running search's info lines aside).
  std::string Ask(absl::string_view line) {
    std::vector<std::string> answer;
    for (std::string& out : Send(line)) {
      const bool search_info =
          absl::StartsWith(out, "info ") && !absl::StartsWith(out, "info string");
      if (!search_info) answer.push_back(std::move(out));
    }
    EXPECT_EQ(answer.size(), 1u) << line << ": " << absl::StrJoin(answer, " | ");
    return answer.empty() ? "" : answer.back();
  }
  // Waits up to `timeout` for a line starting with `prefix` (from line `from` on).
  bool WaitFor(absl::string_view prefix, size_t from = 0,
               std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    const auto give_up = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < give_up) {
      {
        std::lock_guard lock(mutex_);
        for (size_t i = from; i < lines_.size(); ++i)
          if (absl::StartsWith(lines_[i], prefix)) return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return false;
  }
  int CountStarting(absl::string_view prefix) {
    std::lock_guard lock(mutex_);
    int n = 0;
    for (const std::string& line : lines_) n += absl::StartsWith(line, prefix);
    return n;
  }
  size_t Count() {
    std::lock_guard lock(mutex_);
    return lines_.size();
  }
  std::vector<std::string> Lines() {
    std::lock_guard lock(mutex_);
    return lines_;
  }
  UgiSession& session() { return *session_; }
  bool alive() const { return alive_; }

 private:
  std::mutex mutex_;
  std::vector<std::string> lines_;
  std::unique_ptr<UgiSession> session_;
  bool alive_ = true;
};

// The decision of the last bestmove line.
inline std::string LastBestMove(Driver& driver) {
  std::string best;
  for (const std::string& line : driver.Lines())
    if (absl::StartsWith(line, "bestmove ")) best = line.substr(9);
  return best;
}

}  // namespace lud64::ugi_session_driver

#endif  // LUD64_TESTS_UGI_SESSION_DRIVER_H_
