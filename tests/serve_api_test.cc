// The board server's handlers (tools/lud64/serve/), called with requests and
// no socket: answers, errors, the search slots, analysis streams and stop
// (the tables' values: serve_api_long_test.cc).
#include "tools/lud64/serve/serve_api.h"

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <variant>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/serve_api_requests.h"

namespace lud64::serve_api_test {
namespace {

using nlohmann::json;

TEST(ServeApiTest, GamesListsEveryGame) {
  ServeApi api({});
  const ServeAnswer answer = api.Handle({.method = "GET", .path = "/api/games", .body = ""});
  ASSERT_EQ(answer.status, 200);
  const json games = json::parse(answer.body)["games"];
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[1]["name"], "davxar");
  EXPECT_TRUE(absl::StrContains(games[1]["options"].get<std::string>(), "pieces=3..16"));
}

TEST(ServeApiTest, PositionAfterMovesWithClicksAndPicture) {
  ServeApi api({});
  const ServeAnswer answer =
      Post(api, "/api/position", {{"game", "davxar:pieces=3"}, {"moves", "G7 H5 E7 G3 C7"}});
  ASSERT_EQ(answer.status, 200) << answer.body;
  const json board = json::parse(answer.body);
  EXPECT_EQ(board["game"], "davxar:pieces=3");
  EXPECT_EQ(board["to_move"], "P1");
  EXPECT_FALSE(board["over"]);
  EXPECT_EQ(board["last"]["text"], "C7");
  EXPECT_EQ(board["moves"].size(), 5u);
  // A mill: only removals, each a click on the opponent's piece.
  ASSERT_EQ(board["legal"].size(), 2u);
  for (const json& d : board["legal"]) {
    EXPECT_EQ(d["kind"], "remove");
    // (StrCat: gcc 12 at -O3 warns falsely on "x" + std::string here.)
    EXPECT_EQ(absl::StrCat("x", d["to"].get<std::string>()), d["text"].get<std::string>());
  }
  EXPECT_TRUE(absl::StartsWith(board["svg"].get<std::string>(), "<svg"));
  EXPECT_EQ(board["sites"].size(), 32u);
  EXPECT_GT(board["radius"].get<double>(), 0);
  // Moves as an array read the same.
  const ServeAnswer same =
      Post(api, "/api/position",
           {{"game", "davxar:pieces=3"}, {"moves", json::array({"G7", "H5", "E7", "G3", "C7"})}});
  EXPECT_EQ(json::parse(same.body)["position"], board["position"]);
  // One session served both.
  EXPECT_EQ(api.pool().sessions_made(), 1);
}

TEST(ServeApiTest, StepsNameBothSitesAndTheEndHasItsResult) {
  ServeApi api({});
  const ServeAnswer answer = Post(api, "/api/position", {{"game", "damdaman"}});
  const json board = json::parse(answer.body);
  ASSERT_FALSE(board["legal"].empty());
  const json& step = board["legal"][0];
  EXPECT_EQ(step["kind"], "step");
  EXPECT_EQ(step["text"].get<std::string>(),
            step["from"].get<std::string>() + "-" + step["to"].get<std::string>());
  // Guettal is decided at once: A2, then two passes.
  const json over = json::parse(
      Post(api, "/api/position", {{"game", "guettal"}, {"moves", "A2 pass pass"}}).body);
  EXPECT_TRUE(over["over"]);
  EXPECT_EQ(over["result"]["winner"], "P1");
  EXPECT_TRUE(over["legal"].empty());
}

TEST(ServeApiTest, BadRequestsGetOneLineErrorsInTheCommandsWords) {
  ServeApi api({});
  ServeAnswer a = Post(api, "/api/position", {{"game", "davxar:pieces=3"}, {"moves", "E4 E4"}});
  EXPECT_EQ(a.status, 400);
  EXPECT_TRUE(absl::StartsWith(ErrorOf(a), "moves: ply 2: illegal decision 'E4'")) << a.body;
  a = Post(api, "/api/position", {{"game", "chess"}});
  EXPECT_EQ(a.status, 400);
  EXPECT_TRUE(absl::StrContains(ErrorOf(a), "chess")) << a.body;
  a = Post(api, "/api/position", {{"game", "davxar:pieces=99"}});
  EXPECT_EQ(a.status, 400);
  a = Post(api, "/api/position", {{"position", "not a position"}});
  EXPECT_EQ(a.status, 400);
  EXPECT_FALSE(ErrorOf(a).empty());
  a = api.Handle({.method = "POST", .path = "/api/position", .body = "{\"game\": "});
  EXPECT_EQ(a.status, 400);
  EXPECT_EQ(ErrorOf(a), "request body: not valid JSON");
  a = api.Handle({.method = "POST", .path = "/api/position", .body = "[1]"});
  EXPECT_EQ(ErrorOf(a), "request body: must be a JSON object");
  a = Post(api, "/api/position", {{"game", 3}});
  EXPECT_EQ(ErrorOf(a), "\"game\": must be a string");
  a = Post(api, "/api/move", {{"engine", "stockfish"}});
  EXPECT_TRUE(absl::StartsWith(ErrorOf(a), "\"engine\": unknown engine")) << a.body;
  a = Post(api, "/api/move", {{"seconds", 1e9}});
  EXPECT_TRUE(absl::StartsWith(ErrorOf(a), "\"seconds\": ")) << a.body;
  a = api.Handle({.method = "POST", .path = "/api/position", .body = std::string(70000, ' ')});
  EXPECT_EQ(a.status, 413);
  a = api.Handle({.method = "GET", .path = "/api/nothing", .body = ""});
  EXPECT_EQ(a.status, 404);
  a = api.Handle({.method = "GET", .path = "/api/position", .body = ""});
  EXPECT_EQ(a.status, 405);
  a = Post(api, "/api/probe", json::object());
  EXPECT_EQ(a.status, 400);
  EXPECT_TRUE(absl::StrContains(ErrorOf(a), "--tb=DIR"));
}

TEST(ServeApiTest, ServesThePageOnlyFromItsFiles) {
  ServeApi api({});
  ServeAnswer a = api.Handle({.method = "GET", .path = "/", .body = ""});
  EXPECT_EQ(a.status, 200);
  EXPECT_TRUE(absl::StartsWith(a.content_type, "text/html"));
  EXPECT_TRUE(absl::StrContains(a.body, "main.js"));
  a = api.Handle({.method = "GET", .path = "/main.js", .body = ""});
  EXPECT_EQ(a.status, 200);
  EXPECT_TRUE(absl::StartsWith(a.content_type, "text/javascript"));
  a = api.Handle({.method = "GET", .path = "/../CMakeLists.txt", .body = ""});
  EXPECT_EQ(a.status, 400);
  a = api.Handle({.method = "GET", .path = "/etc/passwd", .body = ""});
  EXPECT_EQ(a.status, 404);
  a = api.Handle({.method = "DELETE", .path = "/index.html", .body = ""});
  EXPECT_EQ(a.status, 405);
}

TEST(ServeApiTest, MovePlaysALegalDecisionWithinItsTime) {
  ServeApi api({});
  const auto started = std::chrono::steady_clock::now();
  const ServeAnswer a =
      Post(api, "/api/move", {{"game", "davxar:pieces=3"}, {"moves", "E4"}, {"seconds", 0.1}});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  ASSERT_EQ(a.status, 200) << a.body;
  const json answer = json::parse(a.body);
  const std::string decision = answer["decision"]["text"];
  const json board = json::parse(
      Post(api, "/api/position", {{"game", "davxar:pieces=3"}, {"moves", "E4 " + decision}}).body);
  EXPECT_EQ(board["moves"].size(), 2u) << decision;
  EXPECT_LT(seconds, 2.0);
  const ServeAnswer over = Post(api, "/api/move", {{"game", "guettal"}, {"moves", "A2 pass pass"}});
  EXPECT_EQ(over.status, 409) << over.body;
}

TEST(ServeApiTest, AnalysisStreamsEventsThenTheBest) {
  ServeApi api({});
  const ServeAnswer a =
      Post(api, "/api/analyse", {{"game", "davxar"}, {"multipv", 2}, {"depth", 4}, {"seconds", 5}});
  ASSERT_EQ(a.status, 200) << a.body;
  EXPECT_EQ(a.content_type, "text/event-stream");
  EXPECT_TRUE(absl::StartsWith(a.body, "event: start\ndata: {\"id\":"));
  EXPECT_TRUE(absl::StrContains(a.body, "event: info\ndata: {"));
  const size_t best = a.body.find("event: best\ndata: ");
  ASSERT_NE(best, std::string::npos) << a.body;
  const json last = json::parse(a.body.substr(best + 18));
  EXPECT_EQ(last["lines"].size(), 2u);
  EXPECT_EQ(last["info"]["depth"], 4);
  EXPECT_FALSE(last["stopped"]);
}

TEST(ServeApiTest, SearchesBeyondTheLimitAreBusyUntilOneIsStopped) {
  ServeApi api({.tables = std::nullopt, .max_searches = 1, .max_seconds = 60});
  auto started = api.StartAnalysis(json{{"game", "davxar"}, {"seconds", 60}}.dump());
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<AnalysisRun>>(started));
  AnalysisRun& run = *std::get<std::unique_ptr<AnalysisRun>>(started);
  EXPECT_EQ(*run.Next(std::chrono::milliseconds(1000)),
            "event: start\ndata: {\"id\":" + std::to_string(run.id()) + "}\n\n");
  const ServeAnswer busy = Post(api, "/api/move", {{"seconds", 0.05}});
  EXPECT_EQ(busy.status, 503);
  EXPECT_TRUE(absl::StartsWith(ErrorOf(busy), "busy: 1 of 1 searches running")) << busy.body;
  EXPECT_EQ(Post(api, "/api/stop", {{"id", run.id() + 100}}).status, 404);
  EXPECT_EQ(Post(api, "/api/stop", {{"id", run.id()}}).status, 200);
  std::string last;
  const auto stopped = std::chrono::steady_clock::now();
  while (std::optional<std::string> event = run.Next(std::chrono::milliseconds(100))) last = *event;
  EXPECT_LT(std::chrono::steady_clock::now() - stopped, std::chrono::seconds(2));
  EXPECT_TRUE(absl::StartsWith(last, "event: best\n")) << last;
  EXPECT_TRUE(absl::StrContains(last, "\"stopped\":true"));
  EXPECT_EQ(Post(api, "/api/move", {{"seconds", 0.05}}).status, 200);
}

TEST(ServeApiTest, DroppingAStreamStopsItsSearch) {
  ServeApi api({.tables = std::nullopt, .max_searches = 1, .max_seconds = 60});
  {
    auto started = api.StartAnalysis(json{{"seconds", 60}}.dump());
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<AnalysisRun>>(started));
  }  // the connection closed: the run is dropped
  EXPECT_EQ(Post(api, "/api/move", {{"seconds", 0.05}}).status, 200);
}

}  // namespace
}  // namespace lud64::serve_api_test
