// Requests to the board server's handlers with no socket, for its tests.
#ifndef LUD64_TESTS_SERVE_API_REQUESTS_H_
#define LUD64_TESTS_SERVE_API_REQUESTS_H_

#include <string>

#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tools/lud64/serve/serve_api.h"

namespace lud64::serve_api_test {

inline ServeAnswer Post(ServeApi& api, const std::string& path, const nlohmann::json& body) {
  return api.Handle({.method = "POST", .path = path, .body = body.dump()});
}

// The error of an answer, which must be one line of JSON.
inline std::string ErrorOf(const ServeAnswer& answer) {
  EXPECT_EQ(answer.body.find('\n'), std::string::npos) << answer.body;
  return nlohmann::json::parse(answer.body).value("error", "");
}

}  // namespace lud64::serve_api_test

#endif  // LUD64_TESTS_SERVE_API_REQUESTS_H_
