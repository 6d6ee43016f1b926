// The board server's JSON API (README.md here), with no tie to sockets:
// Handle answers one request (every path: the API, the page's files, errors),
// and StartAnalysis starts the one streamed answer, which the HTTP server
// writes as it comes. Every engine call goes through engine sessions
// (play/engine_session.h) from the pool. Thread-safe: requests may come from
// many threads at once.
#ifndef LUD64_TOOLS_LUD64_SERVE_SERVE_API_H_
#define LUD64_TOOLS_LUD64_SERVE_SERVE_API_H_

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <variant>

#include "absl/strings/string_view.h"
#include "tools/lud64/serve/analysis_run.h"
#include "tools/lud64/serve/serve_types.h"
#include "tools/lud64/serve/session_pool.h"

namespace lud64 {

struct ServeOptions {
  std::optional<std::string> tables;  // the endgame tables' directory (--tb)
  int max_searches = 1;               // searches at once (--threads); more get 503
  double max_seconds = 300;           // the longest search a request may ask for
  int hash_mib = kDefaultHashMib;     // each alpha-beta session's table
  int tree_mib = kDefaultTreeMib;     // each MCTS session's tree
  // Make a game's alpha-beta session ahead, on its first position request.
  bool warm_engines = false;
};

class ServeApi {
 public:
  explicit ServeApi(ServeOptions options);
  ~ServeApi();  // stops the searches still running

  // Any request. POST /api/analyse is answered whole: its events, in one body.
  ServeAnswer Handle(const ServeRequest& request);
  // POST /api/analyse as a stream: the running analysis, or the error answer.
  std::variant<std::unique_ptr<AnalysisRun>, ServeAnswer> StartAnalysis(absl::string_view body);

  // Makes the sessions a first request for `game` needs (a position's, and
  // alpha-beta's with its table), so that it does not wait for them.
  void Warm(absl::string_view game);

  const ServeOptions& options() const { return options_; }
  SessionPool& pool() { return pool_; }

 private:
  ServeAnswer Games() const;
  ServeAnswer Position(absl::string_view body);
  ServeAnswer Move(absl::string_view body);
  ServeAnswer Probe(absl::string_view body);
  ServeAnswer Stop(absl::string_view body);
  ServeAnswer AnalyseWhole(absl::string_view body);

  // A new search's id and stop flag, registered until Forget(id).
  std::pair<int, std::shared_ptr<std::atomic<bool>>> Register();
  void Forget(int id);

  const ServeOptions options_;
  SessionPool pool_;
  std::mutex mutex_;
  int next_id_ = 1;
  std::map<int, std::shared_ptr<std::atomic<bool>>> running_;
};

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_SERVE_SERVE_API_H_
