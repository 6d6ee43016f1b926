#include "tools/train/generate.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "boards/game_list.h"
#include "play/engine_options.h"
#include "play/labelled_games.h"
#include "play/opening_book.h"
#include "tools/common/interrupt.h"
#include "tools/train/generate_file.h"

namespace lud64 {

const std::vector<std::string> kGenerateFlags = {"game",  "out",    "games",    "seed",
                                                 "depth", "nodes",  "openings", "book",
                                                 "tb",    "pieces", "threads",  "max-plies"};

namespace {

// The game of each index: --game, or with --pieces=A-B the same with
// pieces A to B in turn.
struct GameSeries {
  std::vector<AnyGame> games;
  std::vector<std::string> names;
  const AnyGame& of(uint64_t index) const { return games[index % games.size()]; }
  const std::string& name_of(uint64_t index) const { return names[index % names.size()]; }
};

absl::StatusOr<GameSeries> MakeSeries(const std::string& game_text, const std::string& pieces) {
  int low = 0, high = -1;
  if (!pieces.empty()) {
    const std::vector<std::string> ends = absl::StrSplit(pieces, absl::MaxSplits('-', 1));
    if (!absl::SimpleAtoi(ends[0], &low) ||
        !absl::SimpleAtoi(ends.size() > 1 ? ends[1] : ends[0], &high) || low > high) {
      return absl::InvalidArgumentError(
          absl::StrCat("--pieces=", pieces, ": expected a count or a range such as 3-16"));
    }
  }
  GameSeries series;
  const auto add = [&](const std::string& text) -> absl::Status {
    absl::StatusOr<AnyGame> game = MakeGame(text);
    if (!game.ok()) return game.status();
    series.games.push_back(*game);
    series.names.push_back(GameName(*game));
    return absl::OkStatus();
  };
  if (pieces.empty()) {
    if (absl::Status added = add(game_text); !added.ok()) return added;
  }
  const char* joint = game_text.find(':') == std::string::npos ? ":" : ",";
  for (int n = low; n <= high; ++n) {
    if (absl::Status added = add(absl::StrCat(game_text, joint, "pieces=", n)); !added.ok())
      return added;
  }
  return series;
}

// What the threads share: the next index to play, the file, the counts.
struct Run {
  const GameSeries* series;
  LabellingPlan plan;
  std::vector<BookLine> book;
  std::set<uint64_t> done;
  uint64_t games = 0;
  std::atomic<uint64_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;  // guards what follows
  std::FILE* out = nullptr;
  absl::Status error;
  uint64_t written = 0, positions = 0;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point reported = start;

  double Seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  void Fail(absl::Status status) {
    std::lock_guard lock(mutex);
    if (error.ok()) error = std::move(status);
    failed = true;
  }
};

void Work(Run& run) {
  for (;;) {
    const uint64_t index = run.next.fetch_add(1);
    if (index >= run.games || run.failed || Stopping(InterruptFlag())) return;
    if (run.done.contains(index)) continue;
    LabellingPlan plan = run.plan;
    if (!run.book.empty()) plan.opening = run.book[index % run.book.size()].text;
    absl::StatusOr<LabelledGame> game =
        PlayLabelledGame(run.series->of(index), plan, index, InterruptFlag());
    if (!game.ok()) {
      if (!absl::IsCancelled(game.status())) run.Fail(game.status());
      return;
    }
    const std::string block = GameBlock(*game, run.series->name_of(index));
    std::lock_guard lock(run.mutex);
    if (std::fwrite(block.data(), 1, block.size(), run.out) != block.size() ||
        std::fflush(run.out) != 0) {
      if (run.error.ok()) run.error = absl::UnavailableError("--out: write failed");
      run.failed = true;
      return;
    }
    ++run.written;
    run.positions += game->positions.size();
    const auto now = std::chrono::steady_clock::now();
    if (now - run.reported >= std::chrono::seconds(10)) {
      run.reported = now;
      const double seconds = run.Seconds();
      std::fprintf(stderr,
                   "generate: %llu games (%zu before), %llu positions, %.0f s, %.0f an hour\n",
                   static_cast<unsigned long long>(run.written), run.done.size(),
                   static_cast<unsigned long long>(run.positions), seconds,
                   run.positions * 3600 / std::max(seconds, 1e-9));
    }
  }
}

}  // namespace

absl::Status RunGenerate(const Flags& flags, const std::string& command_line) {
  absl::StatusOr<std::string> game_text = flags.Required("game");
  if (!game_text.ok()) return game_text.status();
  absl::StatusOr<std::string> out_path = flags.Required("out");
  if (!out_path.ok()) return out_path.status();
  absl::StatusOr<uint64_t> games = flags.Number<uint64_t>("games", 100, 1, uint64_t{1} << 40);
  absl::StatusOr<uint64_t> seed = flags.Number<uint64_t>("seed", 1, 0, UINT64_MAX);
  absl::StatusOr<int> depth = flags.Number<int>("depth", 4, 0, 60);
  absl::StatusOr<uint64_t> nodes = flags.Number<uint64_t>("nodes", 0, 0, uint64_t{1} << 40);
  absl::StatusOr<int> openings = flags.Number<int>("openings", 8, 0, 200);
  absl::StatusOr<int> threads = flags.Number<int>("threads", 1, 1, kMaxThreads);
  absl::StatusOr<int> max_plies = flags.Number<int>("max-plies", 1000, 1, 100'000);
  for (const absl::Status& status : {games.status(), seed.status(), depth.status(), nodes.status(),
                                     openings.status(), threads.status(), max_plies.status()}) {
    if (!status.ok()) return status;
  }
  if (*depth == 0 && *nodes == 0) {
    return absl::InvalidArgumentError("--depth=0 needs --nodes: the search needs a limit");
  }
  absl::StatusOr<GameSeries> series = MakeSeries(*game_text, flags.Text("pieces"));
  if (!series.ok()) return absl::InvalidArgumentError(series.status().message());
  Run run;
  run.series = &*series;
  run.games = *games;
  run.plan = {.seed = *seed,
              .depth = *depth,
              .nodes = *nodes,
              .opening_plies = *openings,
              .opening = "",
              .max_plies = *max_plies,
              .tables = flags.Text("tb")};
  if (flags.Has("book")) {
    absl::StatusOr<OpeningBook> book = ReadOpeningBook(flags.Text("book"));
    if (!book.ok()) return absl::InvalidArgumentError(book.status().message());
    run.book = std::move(book->lines);
  }
  absl::StatusOr<GeneratedSoFar> so_far = ResumeGeneratedFile(*out_path);
  if (!so_far.ok()) return so_far.status();
  run.done = so_far->games;
  run.out = std::fopen(out_path->c_str(), "ab");
  if (run.out == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("--out=", *out_path, ": cannot be written"));
  }
  if (!so_far->has_header) std::fprintf(run.out, "# %s\n", command_line.c_str());
  if (!so_far->games.empty()) {
    std::fprintf(stderr, "generate: resuming %s: %zu games, %llu positions there\n",
                 out_path->c_str(), so_far->games.size(),
                 static_cast<unsigned long long>(so_far->positions));
  }
  std::vector<std::thread> helpers;
  for (int t = 1; t < *threads; ++t) helpers.emplace_back([&] { Work(run); });
  Work(run);
  for (std::thread& helper : helpers) helper.join();
  const bool closed = std::fclose(run.out) == 0;
  if (!run.error.ok()) return run.error;
  if (!closed) return absl::UnavailableError(absl::StrCat("--out=", *out_path, ": write failed"));
  const double seconds = run.Seconds();
  std::fprintf(
      stderr, "generate: %llu games, %llu positions in %.1f s (%.0f positions an hour) to %s\n",
      static_cast<unsigned long long>(run.written), static_cast<unsigned long long>(run.positions),
      seconds, run.positions * 3600 / std::max(seconds, 1e-9), out_path->c_str());
  if (Stopping(InterruptFlag())) {
    return absl::CancelledError(absl::StrCat("stopped by Ctrl-C; the games played are in ",
                                             *out_path, ", whole; the same command resumes"));
  }
  return absl::OkStatus();
}

}  // namespace lud64
