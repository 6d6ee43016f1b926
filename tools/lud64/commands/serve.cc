// `lud64 serve`: the board server, a page and a JSON API over HTTP
// (tools/lud64/serve/README.md).
#include <filesystem>
#include <iostream>
#include <system_error>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "tools/common/interrupt.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/common_flags.h"
#include "tools/lud64/serve/http_server.h"
#include "tools/lud64/serve/serve_api.h"

ABSL_FLAG(std::string, host, "127.0.0.1",
          "serve: the address to listen on; another than this machine's loopback lets others in");
ABSL_FLAG(int, port, 8064, "serve: the port to listen on (0: any free port), 0 to 65535");

namespace lud64 {
namespace {

int RunServeCommand(const std::string&) {
  const std::string host = absl::GetFlag(FLAGS_host);
  const int port = absl::GetFlag(FLAGS_port);
  const int threads = absl::GetFlag(FLAGS_threads);
  if (absl::Status status =
          FirstError({CheckRange("port", port, 0, 65535), CheckRange("threads", threads, 1, 64)});
      !status.ok()) {
    return Fail(status);
  }
  if (host.empty()) return Fail(absl::InvalidArgumentError("--host: must not be empty"));
  ServeOptions options;
  options.max_searches = threads;
  options.warm_engines = true;
  if (FlagGiven("tb")) {
    if (absl::Status status = RejectEmptyFileFlags({"tb"}); !status.ok()) return Fail(status);
    options.tables = absl::GetFlag(FLAGS_tb);
    std::error_code error;
    if (!std::filesystem::is_directory(*options.tables, error)) {
      return Fail(
          absl::InvalidArgumentError(absl::StrCat("--tb=", *options.tables, ": not a directory")));
    }
  }
  if (!IsLoopbackHost(host)) {
    std::cerr << "lud64 serve: warning: listening on " << host
              << ": anyone who reaches this port can use the engine and the tables\n";
  }
  ServeApi api(options);
  api.Warm("davxar");  // the page's first game
  InstallInterruptHandler();
  const absl::Status status = RunHttpServer(
      api, host, port,
      [&](int bound) {
        const std::string shown = host.find(':') != std::string::npos ? "[" + host + "]" : host;
        std::cout << "http://" << shown << ":" << bound << "/" << std::endl;
        std::cerr << "lud64 serve: listening (" << threads << " searches at once"
                  << (options.tables ? absl::StrCat(", tables in ", *options.tables) : "")
                  << "); Ctrl-C stops\n";
      },
      InterruptFlag());
  if (!status.ok()) return Fail(status);
  return 0;
}

}  // namespace

extern const Command kServeCommand;
const Command kServeCommand = {
    "serve",
    "lud64 serve [--host=127.0.0.1] [--port=8064] [--tb=DIR] [--threads=N]",
    "Serve a page to play and analyse on, and its JSON API, over HTTP; prints the\n"
    "  page's URL. Listens on this machine only unless --host names another address.\n"
    "  Ctrl-C stops. The API: tools/lud64/serve/README.md.\n"
    "  example: lud64 serve --tb=tables --threads=2",
    {"host", "port", "tb", "threads"},
    RunServeCommand,
    {},
    {},
    {{"threads", "the most searches (analyses and engine decisions) at once, 1 to 64 (default 1)"},
     {"tb", "the endgame tables' directory, for the values of every decision (default: none)"}}};

}  // namespace lud64
