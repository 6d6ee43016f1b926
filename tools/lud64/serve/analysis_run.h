// One streamed analysis of the board server (POST /api/analyse): a search on
// a thread of its own over a lent engine session, its reports queued as
// server-sent events for whoever writes them to the connection. It ends when
// its time is up, when stopped (POST /api/stop, or the connection closing),
// or when the search proves the position.
#ifndef LUD64_TOOLS_LUD64_SERVE_ANALYSIS_RUN_H_
#define LUD64_TOOLS_LUD64_SERVE_ANALYSIS_RUN_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "play/engine_session.h"
#include "tools/lud64/serve/session_pool.h"

namespace lud64 {

class AnalysisRun {
 public:
  // Starts searching `session` (set at the position to analyse) within
  // `limits`, holding `slot` until the search ends; `stop` stops it;
  // `on_end` runs once the search is over (the server forgets its id).
  AnalysisRun(int id, SessionPool::Lease session, SessionPool::SearchSlot slot, EngineLimits limits,
              std::shared_ptr<std::atomic<bool>> stop, std::function<void()> on_end);
  ~AnalysisRun();  // stops the search and waits for it
  AnalysisRun(const AnalysisRun&) = delete;
  AnalysisRun& operator=(const AnalysisRun&) = delete;

  int id() const { return id_; }
  // The next event ("event: info\ndata: {...}\n\n"), waiting at most `wait`:
  // "" when none came in that time, nullopt once the last has been taken.
  std::optional<std::string> Next(std::chrono::milliseconds wait);
  void Stop() { stop_->store(true); }

 private:
  void Push(const std::string& event, bool last);
  void Run(SessionPool::Lease session, SessionPool::SearchSlot slot, EngineLimits limits);

  const int id_;
  std::shared_ptr<std::atomic<bool>> stop_;
  std::function<void()> on_end_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::string> events_;
  bool finished_ = false;  // the last event is queued
  std::thread thread_;
};

// A server-sent event of `name` carrying `data` (one line of JSON).
std::string EventText(const std::string& name, const std::string& data);

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_SERVE_ANALYSIS_RUN_H_
