// A UGI engine outside lud64 (`ugi:cmd=...`) as a player of `lud64 match`:
// it gets the game's start and every decision since (`position ... moves`),
// and `go` with the engine's limits. What it answers is only a proposal:
// lud64 judges it by its own rules (match.h). A crash, an exit, a
// bestmove that cannot be read, or no bestmove within the time plus the
// margin is a fault: the player reports it (the game is lost by forfeit),
// ends the process, and starts a new one for the next game.
#ifndef LUD64_PLAY_EXTERNAL_ENGINE_H_
#define LUD64_PLAY_EXTERNAL_ENGINE_H_

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/input_text.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "play/engine_process.h"
#include "play/engine_spec.h"

namespace lud64 {

template <NotatedGame G>
class UgiPlayer {
 public:
  using Position = typename G::Position;
  using Clock = EngineProcess::Clock;
  // How long an engine may take to start and to answer `isready`.
  static constexpr double kStartSeconds = 10;

  UgiPlayer(const G& game, const EngineSpec& spec) : game_(game), spec_(spec) {}

  void NewGame(const Position& start) {
    start_ = start;
    moves_.clear();
    fault_ = absl::OkStatus();
    if (!process_) fault_ = Launch();
    if (fault_.ok()) fault_ = Send("uginewgame");
    if (fault_.ok()) fault_ = Ready();
  }

  void Played(Decision d) { moves_.push_back(FormatDecision(d, game_.site_names())); }

  // Its bestmove, read (not yet judged); an error is a fault that loses the game.
  absl::StatusOr<Decision> Choose() {
    if (!fault_.ok()) return fault_;
    std::string position = start_ == game_.start()
                               ? std::string("position startpos")
                               : absl::StrCat("position fen ", FormatPosition(game_, start_));
    if (!moves_.empty()) absl::StrAppend(&position, " moves ", absl::StrJoin(moves_, " "));
    std::string go = "go";
    if (spec_.limits.seconds > 0)
      absl::StrAppend(&go, " movetime ", std::llround(spec_.limits.seconds * 1000));
    if (spec_.limits.depth > 0) absl::StrAppend(&go, " depth ", spec_.limits.depth);
    if (spec_.limits.nodes > 0) absl::StrAppend(&go, " nodes ", spec_.limits.nodes);
    if (absl::Status status = Send(position); !status.ok()) return Fault(status);
    if (absl::Status status = Send(go); !status.ok()) return Fault(status);
    const double allowed = spec_.limits.seconds + spec_.margin;
    const Clock::time_point deadline = Deadline(allowed);
    for (;;) {
      absl::StatusOr<std::string> line = process_->ReadLine(deadline);
      if (!line.ok()) {
        if (absl::IsDeadlineExceeded(line.status())) {
          return Fault(absl::DeadlineExceededError(
              absl::StrFormat("no bestmove within %.3g s (time %.3g s + margin %.3g s)", allowed,
                              spec_.limits.seconds, spec_.margin)));
        }
        return Fault(line.status());
      }
      const std::vector<absl::string_view> words =
          absl::StrSplit(*line, absl::ByAnyChar(" \t"), absl::SkipEmpty());
      if (words.empty() || words[0] != "bestmove") continue;  // info lines and the like
      if (words.size() < 2)
        return Fault(absl::InvalidArgumentError("'bestmove' without a decision"));
      absl::StatusOr<Decision> decision = ParseDecision(words[1], game_.site_names());
      if (!decision.ok()) {
        return absl::InvalidArgumentError(absl::StrCat("unreadable bestmove ", Quoted(words[1]),
                                                       ": ", decision.status().message()));
      }
      return *decision;
    }
  }

 private:
  static Clock::time_point Deadline(double seconds) {
    return Clock::now() +
           std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  }

  absl::Status Launch() {
    absl::StatusOr<std::unique_ptr<EngineProcess>> started =
        EngineProcess::Start(spec_.command, spec_.stop);
    if (!started.ok()) return started.status();
    process_ = *std::move(started);
    if (absl::Status status = Send("ugi"); !status.ok()) return Fault(status);
    if (absl::Status status = Expect("ugiok", "ugi"); !status.ok()) return status;
    if (absl::Status status = Send(absl::StrCat("setoption name game value ", game_.name()));
        !status.ok()) {
      return Fault(status);
    }
    return absl::OkStatus();
  }

  absl::Status Ready() {
    if (absl::Status status = Send("isready"); !status.ok()) return Fault(status);
    return Expect("readyok", "isready");
  }

  // Reads lines until `word` starts one (within kStartSeconds).
  absl::Status Expect(absl::string_view word, absl::string_view after) {
    const Clock::time_point deadline = Deadline(kStartSeconds);
    for (;;) {
      absl::StatusOr<std::string> line = process_->ReadLine(deadline);
      if (!line.ok()) {
        if (absl::IsDeadlineExceeded(line.status())) {
          return Fault(absl::DeadlineExceededError(
              absl::StrCat("no '", word, "' within ", kStartSeconds, " s of '", after, "'")));
        }
        return Fault(line.status());
      }
      if (absl::StartsWith(*line, word)) return absl::OkStatus();
    }
  }

  absl::Status Send(absl::string_view line) {
    if (!process_) return absl::UnavailableError("the engine is not running");
    return process_->Send(line);
  }

  // Ends the process after a fault, saying how it ended.
  absl::Status Fault(const absl::Status& status) {
    if (absl::IsCancelled(status)) return status;
    std::string ended = process_ ? process_->Kill() : "";
    process_.reset();
    return absl::Status(status.code(), ended.empty()
                                           ? std::string(status.message())
                                           : absl::StrCat(status.message(), " (", ended, ")"));
  }

  const G& game_;
  EngineSpec spec_;
  std::unique_ptr<EngineProcess> process_;
  Position start_;
  std::vector<std::string> moves_;  // since start_
  absl::Status fault_;              // at the start of the game
};

}  // namespace lud64

#endif  // LUD64_PLAY_EXTERNAL_ENGINE_H_
