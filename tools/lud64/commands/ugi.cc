// `lud64 ugi`: the UGI protocol on stdin/stdout (tools/lud64/ugi/).
#include <condition_variable>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>

#include "absl/flags/flag.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/common_flags.h"
#include "tools/lud64/ugi/ugi_session.h"

namespace lud64 {
namespace {

// The input lines, read on a thread of their own and handled in order on the
// command's: a command that waits for a search to end (a second `go`) then
// holds up only the lines after it, while `stop` and `quit` reach the search
// as they arrive (UgiSession::Notice).
class InputLines {
 public:
  void Push(std::string line) {
    {
      std::lock_guard lock(mutex_);
      lines_.push_back(std::move(line));
    }
    ready_.notify_one();
  }
  // The end of the input.
  void Close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    ready_.notify_one();
  }
  // The next line; nothing once the input has ended and every line is taken.
  std::optional<std::string> Pop() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [this] { return !lines_.empty() || closed_; });
    if (lines_.empty()) return std::nullopt;
    std::string line = std::move(lines_.front());
    lines_.pop_front();
    return line;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::string> lines_;
  bool closed_ = false;
};

int RunUgiCommand(const std::string&) {
  absl::StatusOr<std::unique_ptr<UgiSession>> created =
      UgiSession::Create(absl::GetFlag(FLAGS_game), [](const std::string& line) {
        std::cout << line << "\n" << std::flush;
      });
  if (!created.ok()) return Fail(created.status());
  if (absl::Status status = CheckStandardInput(); !status.ok()) return Fail(status);
  // Each line is flushed as written; reading need not flush std::cout from
  // the reader's thread while a search writes to it.
  std::cin.tie(nullptr);
  // Shared with the reader, which may still wait for input after `quit`: the
  // process ends without waiting for it.
  const std::shared_ptr<UgiSession> session = *std::move(created);
  const auto input = std::make_shared<InputLines>();
  std::thread([session, input] {
    std::string line;
    while (std::getline(std::cin, line)) {
      session->Notice(line);
      input->Push(std::move(line));
    }
    session->Notice("quit");  // the end of the input is a quit
    input->Close();
  }).detach();
  while (std::optional<std::string> line = input->Pop()) {
    if (!session->Handle(*line)) return 0;
  }
  session->Quit();
  return 0;
}

}  // namespace

extern const Command kUgiCommand;
const Command kUgiCommand = {
    "ugi",
    "lud64 ugi [--game=G]",
    "Speak the UGI protocol (UCI for any game, as match runners such as cutegames use)\n"
    "  on stdin and stdout: ugi, isready, setoption (game, engine, hash, threads, tb),\n"
    "  uginewgame, position startpos|fen <position> [moves ...], go [p1time p2time p1inc\n"
    "  p2inc movetime (ms) depth nodes infinite], stop, query gameover|p1turn|result and\n"
    "  the extensions query legal|position|game, quit. Bad input gets 'info string error:'\n"
    "  and changes nothing; the end of the input quits. See tools/lud64/ugi/README.md.\n"
    "  The end of the input stops a running search, like quit.\n"
    "  example: (printf 'position startpos\\ngo depth 6\\n'; sleep 1) | lud64 ugi --game=damdaman",
    {"game"},
    RunUgiCommand};

}  // namespace lud64
