// The routing of the board server's requests, the games, stop, the page's
// files and the errors; the engine requests are in engine_handlers.cc.
#include "tools/lud64/serve/serve_api.h"

#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "boards/game_list.h"
#include "nlohmann/json.hpp"
#include "tools/lud64/serve/page_files.h"
#include "tools/lud64/serve/request_fields.h"

namespace lud64 {
namespace {

constexpr const char* kApiPaths =
    "GET /api/games, POST /api/position, /api/analyse, /api/stop, /api/probe, /api/move";

// The page's file at `path` ("/" is index.html), or a 4xx.
ServeAnswer PageFileAnswer(absl::string_view path) {
  if (absl::StrContains(path, "..")) {
    return ErrorAnswer(400, absl::StrCat("path \"", path, "\": \"..\" is not allowed"));
  }
  const absl::string_view wanted = path == "/" ? "/index.html" : path;
  for (const PageFile& file : PageFiles()) {
    if (file.path == std::string_view(wanted.data(), wanted.size())) {
      return {.status = 200,
              .content_type = std::string(file.content_type),
              .body = std::string(file.content)};
    }
  }
  return ErrorAnswer(404, absl::StrCat("no such page: \"", path, "\""));
}

}  // namespace

ServeAnswer JsonAnswer(const nlohmann::json& json) {
  return {.status = 200, .content_type = "application/json", .body = json.dump()};
}

ServeAnswer ErrorAnswer(int status, absl::string_view message) {
  // Only the first line: errors are one line.
  const absl::string_view line = message.substr(0, message.find('\n'));
  return {.status = status,
          .content_type = "application/json",
          .body = nlohmann::json{{"error", line}}.dump(-1, ' ', false,
                                                       nlohmann::json::error_handler_t::replace)};
}

ServeApi::ServeApi(ServeOptions options)
    : options_(std::move(options)),
      pool_(options_.tables, options_.max_searches, options_.hash_mib, options_.tree_mib) {}

ServeApi::~ServeApi() {
  std::lock_guard lock(mutex_);
  for (auto& [id, stop] : running_) stop->store(true);
}

ServeAnswer ServeApi::Handle(const ServeRequest& request) {
  if (request.body.size() > kMaxBodyBytes) {
    return ErrorAnswer(413, absl::StrCat("request body: ", request.body.size(),
                                         " bytes, more than the limit of ", kMaxBodyBytes));
  }
  const absl::string_view path = request.path;
  if (!absl::StartsWith(path, "/api/")) {
    if (request.method != "GET" && request.method != "HEAD") {
      return ErrorAnswer(405, absl::StrCat(request.method, " ", path, ": the page takes GET only"));
    }
    return PageFileAnswer(path);
  }
  if (path == "/api/games") {
    if (request.method != "GET") return ErrorAnswer(405, "/api/games: use GET");
    return Games();
  }
  using Handler = ServeAnswer (ServeApi::*)(absl::string_view);
  static const std::pair<const char*, Handler> kPosts[] = {
      {"/api/position", &ServeApi::Position},    {"/api/move", &ServeApi::Move},
      {"/api/probe", &ServeApi::Probe},          {"/api/stop", &ServeApi::Stop},
      {"/api/analyse", &ServeApi::AnalyseWhole},
  };
  for (const auto& [name, handler] : kPosts) {
    if (path != name) continue;
    if (request.method != "POST") return ErrorAnswer(405, absl::StrCat(name, ": use POST"));
    return (this->*handler)(request.body);
  }
  return ErrorAnswer(404, absl::StrCat("unknown API path \"", path, "\" (", kApiPaths, ")"));
}

void ServeApi::Warm(absl::string_view game) {
  absl::StatusOr<SessionPool::Lease> position = pool_.Take(game, SessionUse::kPosition);
  absl::StatusOr<SessionPool::Lease> search = pool_.Take(game, SessionUse::kAlphaBeta);
}

ServeAnswer ServeApi::Games() const {
  nlohmann::json games = nlohmann::json::array();
  for (const GameInfo& info : KnownGames()) {
    games.push_back({{"name", info.name}, {"title", info.title}, {"options", info.options}});
  }
  return JsonAnswer({{"games", std::move(games)},
                     {"tables", pool_.has_tables()},
                     {"max_searches", options_.max_searches},
                     {"max_seconds", options_.max_seconds}});
}

std::pair<int, std::shared_ptr<std::atomic<bool>>> ServeApi::Register() {
  std::lock_guard lock(mutex_);
  const int id = next_id_++;
  auto stop = std::make_shared<std::atomic<bool>>(false);
  running_[id] = stop;
  return {id, stop};
}

void ServeApi::Forget(int id) {
  std::lock_guard lock(mutex_);
  running_.erase(id);
}

ServeAnswer ServeApi::Stop(absl::string_view body) {
  absl::StatusOr<nlohmann::json> json = ParseBody(body);
  if (!json.ok()) return ErrorAnswer(400, json.status().message());
  std::lock_guard lock(mutex_);
  if (!json->contains("id") || (*json)["id"].is_null()) {
    for (auto& [id, stop] : running_) stop->store(true);
    return JsonAnswer({{"stopped", running_.size()}});
  }
  if (!(*json)["id"].is_number_integer()) return ErrorAnswer(400, "\"id\": must be an integer");
  const int64_t id = (*json)["id"].get<int64_t>();
  auto it = running_.find(static_cast<int>(id));
  if (id < 0 || id > INT32_MAX || it == running_.end()) {
    return ErrorAnswer(404, absl::StrCat("stop: no search ", id, " is running"));
  }
  it->second->store(true);
  return JsonAnswer({{"stopped", 1}});
}

}  // namespace lud64
