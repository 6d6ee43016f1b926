// One session of the UGI protocol (the game-neutral form of UCI that match
// runners such as cutegames speak): lines in, lines out, with no tie to real
// stdin/stdout, so that tests drive it directly. The commands, the options
// and lud64's extensions are listed in tools/lud64/ugi/README.md.
//
// Searches run on the session's one search thread (made by the first `go`,
// idle between searches, joined by `quit`): `isready`, `query`, `position`
// and `stop` are answered while one runs. Every `go` gets exactly one `bestmove`
// (after `stop` for `go infinite`). Bad input gets `info string error: ...`
// and changes nothing.
#ifndef LUD64_TOOLS_LUD64_UGI_UGI_SESSION_H_
#define LUD64_TOOLS_LUD64_UGI_UGI_SESSION_H_

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tools/lud64/ugi/ugi_engine.h"

namespace lud64 {

class UgiSession {
 public:
  // Receives every output line, without its newline; called from the
  // session's thread and from the search thread, one call at a time.
  using Output = std::function<void(const std::string& line)>;

  // A session on `game` (a name with options), at its start position.
  static absl::StatusOr<std::unique_ptr<UgiSession>> Create(absl::string_view game, Output output);
  ~UgiSession();  // stops the search, as Quit()

  // Handles one line of input (with or without its newline); false after
  // `quit`, when the session takes no more input.
  bool Handle(absl::string_view line);
  // `quit`, or the end of the input: stops a running search (its bestmove
  // is still written), waits for it and ends the search thread.
  void Quit();
  // For an input reader of its own thread, as each line arrives and before it
  // waits its turn for Handle: a `stop` or `quit` stops the running search,
  // and any started before its turn comes, at once, so that a command
  // waiting for a search to end (a second `go` during `go depth 40`) cannot
  // keep it unread. Safe from any thread.
  void Notice(absl::string_view line);

 private:
  UgiSession(std::unique_ptr<UgiEngine> engine, std::string game, Output output);

  void Emit(const std::string& line);
  void Error(absl::string_view message);
  // For commands that change the engine: waits for a search that ends by
  // itself; an error while one runs until `stop`.
  absl::Status WaitForSearch();
  void Stop();

  void Handshake();
  absl::Status SetOption(absl::string_view args);
  absl::Status Position(absl::string_view args);
  absl::Status Go(absl::string_view args);
  absl::Status Query(absl::string_view args);

  // A `go` handed to the search thread.
  struct SearchJob {
    UgiEngine::SearchTask task;
    bool infinite;  // bestmove only once told to stop
  };
  // Hands `job` to the search thread, making it on the first call.
  void StartSearch(SearchJob job);
  // The search thread: runs each job handed to it until Quit() ends it.
  void SearchLoop();
  // Runs one job's search and writes its bestmove.
  void RunSearch(const SearchJob& job);

  std::unique_ptr<UgiEngine> engine_;
  std::string game_;  // as last set, for the handshake
  UgiSettings settings_;
  Output output_;
  std::mutex output_mutex_;

  // One thread for every search, idle between them, rather than a thread
  // made and joined per `go` (a match or a fuzzer sends thousands).
  std::thread search_thread_;
  std::mutex search_mutex_;          // guards job_, searching_, closing_, noticed_stops_;
                                     // stop_'s waits
  std::condition_variable job_cv_;   // the search thread waits for a job
  std::condition_variable stop_cv_;  // a finished infinite search waits for stop_
  std::condition_variable idle_cv_;  // the session waits for searching_ to end
  std::optional<SearchJob> job_;     // handed over, not yet taken
  bool searching_ = false;           // from `go` until its bestmove is written
  bool closing_ = false;             // the search thread is to end
  bool infinite_ = false;            // the current search waits for `stop`
  int noticed_stops_ = 0;            // `stop` and `quit` lines noticed, not yet handled
  std::atomic<bool> stop_{false};
  bool quit_ = false;
};

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_UGI_UGI_SESSION_H_
