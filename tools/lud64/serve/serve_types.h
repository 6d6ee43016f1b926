// What the board server's handlers take and give, with no tie to sockets: the
// HTTP server (http_server.h) turns requests into these and answers back, and
// the tests and the fuzzer call the handlers with them directly.
#ifndef LUD64_TOOLS_LUD64_SERVE_SERVE_TYPES_H_
#define LUD64_TOOLS_LUD64_SERVE_SERVE_TYPES_H_

#include <cstddef>
#include <string>

#include "absl/strings/string_view.h"
#include "nlohmann/json_fwd.hpp"

namespace lud64 {

struct ServeRequest {
  std::string method;  // "GET", "POST", ...
  std::string path;    // without the query
  std::string body;
};

struct ServeAnswer {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

// The most bytes of a request body the server reads (413 beyond).
inline constexpr size_t kMaxBodyBytes = 64 * 1024;

// A 4xx or 5xx answer: one line of JSON, {"error": "<message>"}.
ServeAnswer ErrorAnswer(int status, absl::string_view message);
// A 200 answer of `json`.
ServeAnswer JsonAnswer(const nlohmann::json& json);

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_SERVE_SERVE_TYPES_H_
