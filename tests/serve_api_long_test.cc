// The board server's probe on the davxar:pieces=3 tables (the fixture
// pieces3_tables): the tables' values of every decision, as `tb probe` gives.
#include <string>

#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/serve_api_requests.h"
#include "tests/tablebase_test_support.h"
#include "tools/lud64/serve/serve_api.h"

namespace lud64::serve_api_test {
namespace {

using nlohmann::json;

TEST(ServeApiLong, ProbeValuesEveryDecisionAsTbProbe) {
  const std::string dir = tablebase::Pieces3Build(davxar::MillTest::kHistorical).dir();
  ServeApi api({.tables = dir, .max_searches = 1, .max_seconds = 60});
  const ServeAnswer a =
      Post(api, "/api/probe", {{"game", "davxar:pieces=3"}, {"moves", "E4 D5 F5 D4 E3"}});
  ASSERT_EQ(a.status, 200) << a.body;
  const json probe = json::parse(a.body);
  EXPECT_TRUE(probe["held"]);
  EXPECT_EQ(probe["value"], "win");
  EXPECT_EQ(probe["turns"], 9);
  EXPECT_EQ(probe["decisions"].size(), 27u);
  // As `lud64 tb probe` gives them: D6 wins in 9 turns (a mill, the turn
  // goes on), E6 in 11.
  for (const json& d : probe["decisions"]) {
    if (d["text"] == "D6") {
      EXPECT_EQ(d["turns"], 9);
    }
    if (d["text"] == "E6") {
      EXPECT_EQ(d["turns"], 11);
    }
    EXPECT_NE(d["value"], "unknown") << d;
  }
  // A game the directory has no tables for is played without them.
  const ServeAnswer other = Post(api, "/api/probe", {{"game", "damdaman"}});
  ASSERT_EQ(other.status, 200) << other.body;
  EXPECT_FALSE(json::parse(other.body)["held"]);
  EXPECT_EQ(Post(api, "/api/position", {{"game", "damdaman"}}).status, 200);
}

}  // namespace
}  // namespace lud64::serve_api_test
