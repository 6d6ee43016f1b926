#include "tools/lud64/serve/analysis_run.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "nlohmann/json.hpp"
#include "tools/lud64/serve/board_json.h"

namespace lud64 {

std::string EventText(const std::string& name, const std::string& data) {
  return absl::StrCat("event: ", name, "\ndata: ", data, "\n\n");
}

AnalysisRun::AnalysisRun(int id, SessionPool::Lease session, SessionPool::SearchSlot slot,
                         EngineLimits limits, std::shared_ptr<std::atomic<bool>> stop,
                         std::function<void()> on_end)
    : id_(id), stop_(std::move(stop)), on_end_(std::move(on_end)) {
  Push(EventText("start", nlohmann::json{{"id", id_}}.dump()), false);
  thread_ = std::thread([this, session = std::move(session), slot = std::move(slot),
                         limits]() mutable { Run(std::move(session), std::move(slot), limits); });
}

AnalysisRun::~AnalysisRun() {
  Stop();
  if (thread_.joinable()) thread_.join();
}

void AnalysisRun::Push(const std::string& event, bool last) {
  {
    std::lock_guard lock(mutex_);
    events_.push_back(event);
    if (last) finished_ = true;
  }
  ready_.notify_all();
}

std::optional<std::string> AnalysisRun::Next(std::chrono::milliseconds wait) {
  std::unique_lock lock(mutex_);
  ready_.wait_for(lock, wait, [this] { return !events_.empty() || finished_; });
  if (events_.empty()) {
    if (finished_) return std::nullopt;
    return std::string();
  }
  std::string event = std::move(events_.front());
  events_.pop_front();
  return event;
}

void AnalysisRun::Run(SessionPool::Lease session, SessionPool::SearchSlot slot,
                      EngineLimits limits) {
  const auto started = std::chrono::steady_clock::now();
  const EngineSession& reader = *session;
  absl::StatusOr<EngineAnswer> answer =
      session->Search(limits, stop_.get(), [&](const EngineInfo& info) {
        Push(EventText("info", InfoJson(reader, info).dump()), false);
      });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::string last;
  if (!answer.ok()) {
    last = EventText("error", nlohmann::json{{"error", answer.status().message()}}.dump());
  } else {
    nlohmann::json lines = nlohmann::json::array();
    for (const EngineInfo& line : answer->lines) lines.push_back(InfoJson(reader, line));
    last = EventText("best", nlohmann::json{{"best", DecisionJson(reader.game(), answer->best)},
                                            {"info", InfoJson(reader, answer->info)},
                                            {"lines", std::move(lines)},
                                            {"stopped", stop_->load()},
                                            {"seconds", seconds}}
                                 .dump());
  }
  {  // the session and the slot go back before the stream's end is told
    SessionPool::Lease returned = std::move(session);
    SessionPool::SearchSlot freed = std::move(slot);
  }
  if (on_end_) on_end_();
  Push(last, true);
}

}  // namespace lud64
