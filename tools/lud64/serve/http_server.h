// The board server's HTTP side: cpp-httplib (Debian's libcpp-httplib-dev)
// turns connections into ServeApi requests and writes the answers, the
// analysis as server-sent events while it runs; a connection that closes
// stops its search.
#ifndef LUD64_TOOLS_LUD64_SERVE_HTTP_SERVER_H_
#define LUD64_TOOLS_LUD64_SERVE_HTTP_SERVER_H_

#include <functional>
#include <string>

#include "absl/status/status.h"
#include "engine/stop.h"
#include "tools/lud64/serve/serve_api.h"

namespace lud64 {

// Whether `host` names this machine only (127.0.0.0/8, ::1, localhost).
bool IsLoopbackHost(const std::string& host);

// Serves `api` on `host`:`port` (0: a free port) until `stop` is set;
// `on_listening` gets the port once connections are accepted. An error when
// the port cannot be bound.
absl::Status RunHttpServer(ServeApi& api, const std::string& host, int port,
                           const std::function<void(int port)>& on_listening, StopFlag stop);

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_SERVE_HTTP_SERVER_H_
