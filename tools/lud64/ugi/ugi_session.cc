#include "tools/lud64/ugi/ugi_session.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/input_text.h"
#include "play/engine_options.h"
#include "tools/lud64/ugi/ugi_options.h"

namespace lud64 {
namespace {

std::vector<absl::string_view> Words(absl::string_view text) {
  return absl::StrSplit(text, absl::ByAnyChar(" \t\r\n"), absl::SkipEmpty());
}

// The words from `first` on, joined by single spaces.
std::string Rest(const std::vector<absl::string_view>& words, size_t first) {
  if (first >= words.size()) return "";
  return absl::StrJoin(words.begin() + first, words.end(), " ");
}

// An integer from `low` to `high`, for `what`.
absl::StatusOr<int64_t> ReadInteger(absl::string_view what, absl::string_view text, int64_t low,
                                    int64_t high) {
  int64_t value;
  if (!absl::SimpleAtoi(text, &value) || value < low || value > high) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, " ", Quoted(text), ": must be an integer from ", low, " to ", high));
  }
  return value;
}

constexpr int64_t kMaxMilliseconds = int64_t{1000} * 86400 * 365;

}  // namespace

absl::StatusOr<std::unique_ptr<UgiSession>> UgiSession::Create(absl::string_view game,
                                                               Output output) {
  absl::StatusOr<std::unique_ptr<UgiEngine>> engine = MakeUgiEngine(game, UgiSettings{});
  if (!engine.ok()) return engine.status();
  return std::unique_ptr<UgiSession>(
      new UgiSession(*std::move(engine), std::string(game), std::move(output)));
}

UgiSession::UgiSession(std::unique_ptr<UgiEngine> engine, std::string game, Output output)
    : engine_(std::move(engine)), game_(std::move(game)), output_(std::move(output)) {}

UgiSession::~UgiSession() { Quit(); }

void UgiSession::Emit(const std::string& line) {
  std::lock_guard lock(output_mutex_);
  output_(line);
}

void UgiSession::Error(absl::string_view message) {
  Emit(absl::StrCat("info string error: ", message));
}

void UgiSession::Stop() {
  std::unique_lock lock(search_mutex_);
  if (!searching_) return;
  stop_.store(true);
  stop_cv_.notify_all();
  idle_cv_.wait(lock, [this] { return !searching_; });
}

absl::Status UgiSession::WaitForSearch() {
  std::unique_lock lock(search_mutex_);
  if (!searching_) return absl::OkStatus();
  if (infinite_ && !stop_.load()) {
    return absl::FailedPreconditionError("a search is running until 'stop'; send stop first");
  }
  idle_cv_.wait(lock, [this] { return !searching_; });
  return absl::OkStatus();
}

namespace {
bool StopsSearch(const std::vector<absl::string_view>& words) {
  return words.size() == 1 && (words[0] == "stop" || words[0] == "quit");
}
}  // namespace

void UgiSession::Notice(absl::string_view line) {
  if (!StopsSearch(Words(line))) return;
  std::lock_guard lock(search_mutex_);
  ++noticed_stops_;
  if (!searching_) return;
  stop_.store(true);
  stop_cv_.notify_all();
}

void UgiSession::Quit() {
  Stop();
  {
    std::lock_guard lock(search_mutex_);
    closing_ = true;
  }
  job_cv_.notify_one();
  if (search_thread_.joinable()) search_thread_.join();
  quit_ = true;
}

void UgiSession::StartSearch(SearchJob job) {
  // Made before the job is handed over: should making it fail, no search is
  // left pending for stop or quit to wait for.
  if (!search_thread_.joinable()) search_thread_ = std::thread([this] { SearchLoop(); });
  {
    std::lock_guard lock(search_mutex_);
    job_ = std::move(job);
    searching_ = true;
    // A search started before a stop already noticed (in the input after the
    // `go`, not yet handled) is stopped at once.
    if (noticed_stops_ > 0) stop_.store(true);
  }
  job_cv_.notify_one();
}

void UgiSession::SearchLoop() {
  while (true) {
    {
      std::optional<SearchJob> job;
      {
        std::unique_lock lock(search_mutex_);
        job_cv_.wait(lock, [this] { return job_.has_value() || closing_; });
        job.swap(job_);
      }
      if (!job) return;  // closing, with no job left
      RunSearch(*job);
    }  // the task, and what it holds, is gone before the session hears that the search ended
    {
      std::lock_guard lock(search_mutex_);
      searching_ = false;
    }
    idle_cv_.notify_all();
  }
}

void UgiSession::RunSearch(const SearchJob& job) {
  const std::string best = job.task([this](const std::string& line) { Emit(line); });
  if (job.infinite) {  // bestmove only once told to stop
    std::unique_lock lock(search_mutex_);
    stop_cv_.wait(lock, [this] { return stop_.load(); });
  }
  Emit(absl::StrCat("bestmove ", best));
}

bool UgiSession::Handle(absl::string_view line) {
  if (quit_) return false;
  const std::vector<absl::string_view> words = Words(line);
  if (StopsSearch(words)) {
    std::lock_guard lock(search_mutex_);
    if (noticed_stops_ > 0) --noticed_stops_;
  }
  if (words.empty()) return true;
  const absl::string_view command = words[0];
  const std::string args = Rest(words, 1);
  absl::Status status;
  const bool bare = command == "ugi" || command == "isready" || command == "uginewgame" ||
                    command == "stop" || command == "quit";
  if (bare && !args.empty()) {
    status = absl::InvalidArgumentError(
        absl::StrCat(command, ": takes nothing after it, not ", Quoted(args)));
  } else if (command == "ugi") {
    Handshake();
  } else if (command == "isready") {
    Emit("readyok");
  } else if (command == "setoption") {
    status = SetOption(args);
  } else if (command == "uginewgame") {
    status = WaitForSearch();
    if (status.ok()) {
      engine_->NewGame();
      status = engine_->SetPosition("start", "");
    }
  } else if (command == "position") {
    status = Position(args);
  } else if (command == "go") {
    status = Go(args);
  } else if (command == "stop") {
    Stop();
  } else if (command == "query") {
    status = Query(args);
  } else if (command == "quit") {
    Quit();
    return false;
  } else {
    status = absl::InvalidArgumentError(absl::StrCat(
        "unknown command ", Quoted(command),
        " (commands: ugi, isready, setoption, uginewgame, position, go, stop, query, quit)"));
  }
  if (!status.ok()) Error(status.message());
  return true;
}

void UgiSession::Handshake() {
  Emit("id name lud64");
  Emit("id author the lud64 authors");
  Emit(absl::StrCat("option name game type string default ", game_));
  for (const std::string& line : UgiOptionLines(settings_)) Emit(line);
  Emit("ugiok");
}

absl::Status UgiSession::SetOption(absl::string_view args) {
  const std::vector<absl::string_view> words = Words(args);
  size_t value_at = words.size();
  for (size_t i = 1; i < words.size(); ++i) {
    if (words[i] == "value") {
      value_at = i;
      break;
    }
  }
  if (words.empty() || words[0] != "name" || value_at == 1) {
    return absl::InvalidArgumentError("setoption: expected 'setoption name <N> value <V>'");
  }
  const std::string name =
      absl::AsciiStrToLower(absl::StrJoin(words.begin() + 1, words.begin() + value_at, " "));
  if (name != "game" && !IsUgiOption(name)) {
    return absl::InvalidArgumentError(absl::StrCat("setoption: unknown option ", Quoted(name),
                                                   " (options: game, ", UgiOptionNames(), ")"));
  }
  if (value_at == words.size()) {
    return absl::InvalidArgumentError(absl::StrCat("setoption ", name, ": needs a value"));
  }
  const std::string value = Rest(words, value_at + 1);
  if (value.empty() && name != "tb" && name != "evalfile") {
    return absl::InvalidArgumentError(absl::StrCat("setoption ", name, ": needs a value"));
  }
  if (absl::Status status = WaitForSearch(); !status.ok()) return status;
  UgiSettings settings = settings_;
  if (name == "game") {
    absl::StatusOr<std::unique_ptr<UgiEngine>> engine = MakeUgiEngine(value, settings_);
    if (!engine.ok()) return absl::InvalidArgumentError(engine.status().message());
    engine_ = *std::move(engine);
    game_ = value;
    return absl::OkStatus();
  }
  if (absl::Status status = SetUgiOption(name, value, settings); !status.ok()) return status;
  if (absl::Status status = engine_->Configure(settings); !status.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("setoption ", name, ": ", status.message()));
  }
  settings_ = settings;
  return absl::OkStatus();
}

absl::Status UgiSession::Position(absl::string_view args) {
  const std::vector<absl::string_view> words = Words(args);
  size_t moves_at = words.size();
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "moves") {
      moves_at = i;
      break;
    }
  }
  std::string text;
  if (!words.empty() && words[0] == "startpos" && moves_at == 1) {
    text = "start";
  } else if (!words.empty() && words[0] == "fen" && moves_at > 1) {
    text = absl::StrJoin(words.begin() + 1, words.begin() + moves_at, " ");
  } else {
    return absl::InvalidArgumentError(
        "position: expected 'position startpos [moves ...]' or 'position fen <position> "
        "[moves ...]'");
  }
  // The search in progress, if any, works on its own copy.
  if (absl::Status status = engine_->SetPosition(text, Rest(words, moves_at + 1)); !status.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("position: ", status.message()));
  }
  return absl::OkStatus();
}

absl::Status UgiSession::Go(absl::string_view args) {
  const std::vector<absl::string_view> words = Words(args);
  UgiGo go;
  std::vector<absl::string_view> given;
  for (size_t i = 0; i < words.size(); ++i) {
    const absl::string_view key = words[i];
    if (std::find(given.begin(), given.end(), key) != given.end()) {
      return absl::InvalidArgumentError(absl::StrCat("go: ", Quoted(key), " given twice"));
    }
    given.push_back(key);
    if (key == "infinite") {
      go.infinite = true;
      continue;
    }
    double* seconds = key == "p1time"     ? &go.p1time
                      : key == "p2time"   ? &go.p2time
                      : key == "p1inc"    ? &go.p1inc
                      : key == "p2inc"    ? &go.p2inc
                      : key == "movetime" ? &go.movetime
                                          : nullptr;
    if (seconds == nullptr && key != "depth" && key != "nodes") {
      return absl::InvalidArgumentError(absl::StrCat(
          "go: unknown parameter ", Quoted(key),
          " (parameters: p1time, p2time, p1inc, p2inc, movetime, depth, nodes, infinite)"));
    }
    if (i + 1 == words.size()) {
      return absl::InvalidArgumentError(absl::StrCat("go ", key, ": needs a value"));
    }
    const absl::string_view value = words[++i];
    absl::StatusOr<int64_t> number =
        seconds
            ? ReadInteger(absl::StrCat("go ", key, " (milliseconds)"), value, 0, kMaxMilliseconds)
        : key == "depth" ? ReadInteger("go depth", value, 1, kMaxDepth)
                         : ReadInteger("go nodes", value, 1, int64_t{1} << 50);
    if (!number.ok()) return number.status();
    if (seconds) {
      *seconds = *number / 1000.0;
    } else if (key == "depth") {
      go.depth = static_cast<int>(*number);
    } else {
      go.nodes = static_cast<uint64_t>(*number);
    }
  }
  if (go.infinite && go.limited()) {
    return absl::InvalidArgumentError("go: infinite takes no limit beside it");
  }
  // Without a limit, `go` searches until `stop`, like `go infinite`.
  if (!go.limited()) go.infinite = true;
  if (absl::Status status = WaitForSearch(); !status.ok()) return status;
  absl::StatusOr<UgiEngine::SearchTask> task = engine_->PrepareSearch(go, stop_);
  if (!task.ok()) {
    // Still exactly one bestmove for the go.
    Error(absl::StrCat("go: ", task.status().message()));
    Emit("bestmove (none)");
    return absl::OkStatus();
  }
  stop_.store(false);
  infinite_ = go.infinite;
  StartSearch(SearchJob{.task = *std::move(task), .infinite = go.infinite});
  return absl::OkStatus();
}

absl::Status UgiSession::Query(absl::string_view args) {
  const std::vector<absl::string_view> words = Words(args);
  if (words.size() != 1) {
    return absl::InvalidArgumentError(
        "query: expected one of gameover, p1turn, result, legal, position, game");
  }
  absl::StatusOr<std::string> answer = engine_->Query(words[0]);
  if (!answer.ok()) return answer.status();
  Emit(answer->empty() ? "response" : absl::StrCat("response ", *answer));
  return absl::OkStatus();
}

}  // namespace lud64
