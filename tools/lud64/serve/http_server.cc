#include "tools/lud64/serve/http_server.h"

#include <chrono>
#include <memory>
#include <thread>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "httplib.h"

namespace lud64 {
namespace {

// Connections served at once: every search's stream holds one.
constexpr size_t kConnectionThreads = 16;
// How often a stream with nothing to say writes a comment: a write to a
// closed connection fails, which stops its search.
constexpr std::chrono::milliseconds kHeartbeat(200);

void Answer(const ServeAnswer& answer, httplib::Response& response) {
  response.status = answer.status;
  response.set_content(answer.body, answer.content_type);
}

// The host of a Host header, without its port.
std::string HostName(const std::string& header) {
  if (absl::StartsWith(header, "[")) return header.substr(0, header.find(']') + 1);
  return header.substr(0, header.find(':'));
}

// On loopback, a page elsewhere that names this server by another host (DNS
// rebinding) is refused.
bool HostAllowed(const httplib::Request& request, bool loopback) {
  if (!loopback) return true;
  const std::string host = HostName(request.get_header_value("Host"));
  return host.empty() || host == "localhost" || host == "[::1]" || IsLoopbackHost(host);
}

}  // namespace

bool IsLoopbackHost(const std::string& host) {
  return host == "localhost" || host == "::1" || absl::StartsWith(host, "127.");
}

absl::Status RunHttpServer(ServeApi& api, const std::string& host, int port,
                           const std::function<void(int port)>& on_listening, StopFlag stop) {
  httplib::Server server;
  server.new_task_queue = [] { return new httplib::ThreadPool(kConnectionThreads); };
  // A little more than the API takes, so that the API's own 413 answers.
  server.set_payload_max_length(kMaxBodyBytes + 1024);
  server.set_read_timeout(5, 0);
  // Headers and body go in separate writes: without this, Nagle holds the
  // second until the client acknowledges the first (40 ms a request).
  server.set_tcp_nodelay(true);
  const bool loopback = IsLoopbackHost(host);
  const auto handle = [&api, loopback](const httplib::Request& request,
                                       httplib::Response& response) {
    if (!HostAllowed(request, loopback)) {
      Answer(ErrorAnswer(403, absl::StrCat("host \"", request.get_header_value("Host"),
                                           "\": this server answers only to 127.0.0.1 and "
                                           "localhost")),
             response);
      return;
    }
    if (request.method == "POST" && request.path == "/api/analyse") {
      std::variant<std::unique_ptr<AnalysisRun>, ServeAnswer> started =
          api.StartAnalysis(request.body);
      if (ServeAnswer* error = std::get_if<ServeAnswer>(&started)) {
        Answer(*error, response);
        return;
      }
      std::shared_ptr<AnalysisRun> run = std::move(std::get<std::unique_ptr<AnalysisRun>>(started));
      response.set_header("Cache-Control", "no-store");
      response.set_chunked_content_provider(
          "text/event-stream", [run](size_t, httplib::DataSink& sink) {
            while (std::optional<std::string> event = run->Next(kHeartbeat)) {
              const std::string text = event->empty() ? std::string(": waiting\n\n") : *event;
              if (!sink.write(text.data(), text.size())) {
                run->Stop();
                return false;
              }
            }
            sink.done();
            return true;
          });
      return;
    }
    Answer(api.Handle({.method = request.method, .path = request.path, .body = request.body}),
           response);
  };
  server.Get(".*", handle);
  server.Post(".*", handle);
  server.Put(".*", handle);
  server.Delete(".*", handle);
  server.Patch(".*", handle);
  server.set_error_handler(httplib::Server::HandlerWithResponse(
      [](const httplib::Request& request, httplib::Response& response) {
        if (!response.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
        const std::string message =
            response.status == 413
                ? absl::StrCat("request body: more than the limit of ", kMaxBodyBytes, " bytes")
                : absl::StrCat(request.method, " ", request.path, ": HTTP ", response.status);
        Answer(ErrorAnswer(response.status, message), response);
        return httplib::Server::HandlerResponse::Handled;
      }));

  const int bound = port == 0                         ? server.bind_to_any_port(host)
                    : server.bind_to_port(host, port) ? port
                                                      : -1;
  if (bound < 0) {
    return absl::UnavailableError(absl::StrCat("serve: cannot listen on ", host, ":", port,
                                               " (in use, or not this machine's)"));
  }
  std::atomic<bool> ended{false};
  std::thread watcher([&] {
    while (!Stopping(stop) && !ended.load()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    api.Handle({.method = "POST", .path = "/api/stop", .body = ""});  // every search
    server.stop();
  });
  on_listening(bound);
  server.listen_after_bind();
  ended.store(true);
  watcher.join();
  return absl::OkStatus();
}

}  // namespace lud64
