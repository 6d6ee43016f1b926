// The board server's request handling (`lud64 serve`,
// tools/lud64/serve/serve_api.h), with no socket: any method, path and body
// gets an answer of a known status; every error is one line of JSON with an
// "error"; every JSON answer parses; a streamed analysis ends with one `best`
// or `error` event; nothing reads outside the page's files, crashes or hangs.
//
// Input: a path byte (an API path, a page file, or the path in the input's
// first line), a method byte, then the body. Searches are bounded at 20 ms
// and made with a 1 MiB table and tree, so that one run takes milliseconds.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>

#include "absl/strings/match.h"
#include "fuzz/fuzz_support.h"
#include "nlohmann/json.hpp"
#include "tools/lud64/serve/serve_api.h"

namespace lud64::fuzz {
namespace {

constexpr const char* kPaths[] = {"/api/games", "/api/position", "/api/move", "/api/analyse",
                                  "/api/probe", "/api/stop",     "/",         "/main.js"};
constexpr const char* kMethods[] = {"GET", "POST", "PUT", "DELETE"};

ServeApi& Api() {
  static ServeApi* api = new ServeApi({.tables = std::nullopt,
                                       .max_searches = 2,
                                       .max_seconds = 0.02,
                                       .hash_mib = 1,
                                       .tree_mib = 1});
  return *api;
}

void CheckAnswer(const ServeRequest& request, const ServeAnswer& answer) {
  static const std::set<int> kStatuses = {200, 400, 404, 405, 409, 413, 422, 503};
  const std::string where = request.method + " " + request.path + " " + request.body;
  FUZZ_CHECK(kStatuses.contains(answer.status), absl::StrCat(answer.status, " for ", where));
  if (answer.content_type != "application/json") {
    FUZZ_CHECK(answer.status == 200, where);
    if (answer.content_type == "text/event-stream") {
      const bool ended = absl::StrContains(answer.body, "event: best\n") ||
                         absl::StrContains(answer.body, "event: error\n");
      FUZZ_CHECK(ended && absl::EndsWith(answer.body, "\n\n"), where + ": " + answer.body);
    }
    return;
  }
  const nlohmann::json json = nlohmann::json::parse(answer.body, nullptr, false);
  FUZZ_CHECK(!json.is_discarded() && json.is_object(), where + ": " + answer.body);
  if (answer.status != 200) {
    FUZZ_CHECK(answer.body.find('\n') == std::string::npos, where + ": " + answer.body);
    FUZZ_CHECK(json.contains("error") && json["error"].is_string(), where + ": " + answer.body);
  }
}

}  // namespace
}  // namespace lud64::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace lud64;
  using namespace lud64::fuzz;
  if (size < 2) return 0;
  std::string body(reinterpret_cast<const char*>(data) + 2, size - 2);
  ServeRequest request;
  request.method = kMethods[data[1] % 4];
  const size_t paths = sizeof(kPaths) / sizeof(kPaths[0]);
  if (data[0] % (paths + 1) == paths) {  // the path is the body's first line
    const size_t end = body.find('\n');
    request.path = body.substr(0, end);
    body = end == std::string::npos ? "" : body.substr(end + 1);
  } else {
    request.path = kPaths[data[0] % (paths + 1)];
  }
  request.body = std::move(body);
  CheckAnswer(request, Api().Handle(request));
  return 0;
}
