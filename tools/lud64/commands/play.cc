// `lud64 play`: a game against the engine in the terminal: the board drawn as
// `lud64 show` draws it after each decision, decisions typed, undo, hint,
// quit.
#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "play/engine_session.h"
#include "play/engine_spec.h"
#include "tools/common/interrupt.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/commands/show/show_command.h"
#include "tools/lud64/common_flags.h"

ABSL_FLAG(std::string, side, "p1", "play: the side you play, p1 (moves first) or p2");

namespace lud64 {
namespace {

constexpr const char* kPlayHelp =
    "type a decision (as listed), or: undo (back to your last decision), hint (the engine's "
    "choice for you), quit";

// A game between the user on stdin and the engine of `spec`.
class TerminalGame {
 public:
  TerminalGame(EngineSession& session, const EngineSpec& spec, Player human, std::string start)
      : session_(session), spec_(spec), human_(human), start_(std::move(start)) {}

  template <Game G>
  absl::Status Run(const G& game) {
    bool draw = true;
    while (true) {
      if (draw) {
        if (absl::Status status = RunShow(game, start_, std::cout, absl::StrJoin(moves_, " "));
            !status.ok()) {
          return status;
        }
      }
      draw = true;
      const AnyPosition position = session_.position();
      if (PositionIsOver(position)) {
        std::cout << "game over: "
                  << StatusText(std::visit([](const auto& p) { return p.state; }, position))
                  << "\nrecord: " << absl::StrJoin(moves_, " ") << "\n";
        return absl::OkStatus();
      }
      if (PlayerToMove(position) != human_) {
        absl::StatusOr<EngineAnswer> answer = session_.Search(spec_.limits, InterruptFlag());
        if (!answer.ok()) return answer.status();
        if (Stopping(InterruptFlag())) return absl::OkStatus();
        const std::string text = session_.DecisionText(answer->best);
        std::cout << "lud64 plays " << text << "  (" << session_.InfoLine(answer->info) << ")\n";
        if (absl::Status status = Played(text); !status.ok()) return status;
        continue;
      }
      const std::optional<std::string> line = Prompt();
      if (!line || *line == "quit") {
        std::cout << "record: " << absl::StrJoin(moves_, " ") << "\n";
        return absl::OkStatus();
      }
      if (*line == "undo") {
        Undo();
      } else if (*line == "hint") {
        absl::StatusOr<EngineAnswer> answer = session_.Search(spec_.limits, InterruptFlag());
        if (!answer.ok()) return answer.status();
        std::cout << "hint: " << session_.DecisionText(answer->best) << "  ("
                  << session_.InfoLine(answer->info) << ")\n";
        draw = false;  // the board again would repeat itself
      } else if (*line == "help" || line->empty()) {
        std::cout << kPlayHelp << "\n";
        draw = false;
      } else if (absl::Status status = Played(*line); !status.ok()) {
        std::cout << "not played: " << status.message() << "\n";
        draw = false;
      }
    }
  }

 private:
  // A line of stdin, trimmed, or none at its end.
  std::optional<std::string> Prompt() {
    std::cout << "your decision (" << (human_ == Player::kP1 ? "P1, x" : "P2, o")
              << "; undo, hint, quit): " << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) {
      std::cout << "\n";
      return std::nullopt;
    }
    return std::string(absl::StripAsciiWhitespace(line));
  }

  // Plays `text`, kept in the record as the game writes it.
  absl::Status Played(const std::string& text) {
    std::string written = text;
    for (Decision d : session_.LegalDecisions(session_.position())) {
      if (absl::EqualsIgnoreCase(session_.DecisionText(d), text))
        written = session_.DecisionText(d);
    }
    if (absl::Status status = session_.Play(written); !status.ok()) return status;
    moves_.push_back(written);
    return absl::OkStatus();
  }

  // Back to before the user's last decision (the engine's answers after it
  // go with it).
  void Undo() {
    std::vector<std::string> moves = moves_;
    bool undone = false;
    while (!moves.empty()) {
      moves.pop_back();
      absl::StatusOr<AnyPosition> before =
          session_.PositionAfter(start_, absl::StrJoin(moves, " "));
      if (before.ok() && PlayerToMove(*before) == human_) {
        undone = true;
        // Keep going back over the user's own earlier decisions of the same
        // turn (a mill's removal): stop at the turn's start.
        if (moves.empty()) break;
        absl::StatusOr<AnyPosition> earlier =
            session_.PositionAfter(start_, absl::StrJoin(moves.begin(), moves.end() - 1, " "));
        if (!earlier.ok() || PlayerToMove(*earlier) != human_) break;
      }
    }
    if (!undone) {
      std::cout << "nothing to undo\n";
      return;
    }
    if (absl::Status status = session_.SetPosition(start_, absl::StrJoin(moves, " "));
        !status.ok()) {
      std::cout << "undo: " << status.message() << "\n";
      return;
    }
    moves_ = moves;
  }

  EngineSession& session_;
  const EngineSpec& spec_;
  const Player human_;
  const std::string start_;
  std::vector<std::string> moves_;
};

int RunPlayCommand(const std::string&) {
  const std::string side = absl::AsciiStrToLower(absl::GetFlag(FLAGS_side));
  if (side != "p1" && side != "p2") {
    return Fail(absl::InvalidArgumentError(absl::StrCat("--side=", side, ": must be p1 or p2")));
  }
  absl::StatusOr<EngineSpec> spec = ParseEngineSpec(absl::GetFlag(FLAGS_engine));
  if (!spec.ok()) return Fail(spec.status());
  if (spec->kind() == EngineKind::kUgi) {
    return Fail(absl::InvalidArgumentError(
        "--engine: play takes lud64's own engines (alphabeta, mcts, random), not ugi"));
  }
  if (FlagGiven("tb")) spec->options.tables = absl::GetFlag(FLAGS_tb);
  const std::string position = absl::GetFlag(FLAGS_position);
  return RunOnGame([&](const auto& game) -> absl::Status {
    absl::StatusOr<std::unique_ptr<EngineSession>> session =
        MakeEngineSession(AnyGame(game), spec->options);
    if (!session.ok()) return session.status();
    if (absl::Status status = (*session)->NewGame(position, ""); !status.ok()) return status;
    TerminalGame terminal(**session, *spec, side == "p1" ? Player::kP1 : Player::kP2, position);
    std::cout << kPlayHelp << "\n";
    return terminal.Run(game);
  });
}

}  // namespace

extern const Command kPlayCommand;
const Command kPlayCommand = {
    "play",
    "lud64 play [--game=G] [--engine=SPEC] [--side=p1|p2] [--position=P] [--tb=DIR]",
    "Play a game against the engine in the terminal: the board is drawn after each\n"
    "  decision (as lud64 show draws it); type a decision, or undo, hint or quit.\n"
    "  example: lud64 play --game=davxar:pieces=6 --engine=alphabeta:time=1 --side=p2",
    {"game", "engine", "side", "position", "tb"},
    RunPlayCommand,
    {},
    {},
    {{"engine",
      "the engine, as match names it: alphabeta[:time=S,depth=D,...], mcts[:time=S,...] or "
      "random (default alphabeta, 0.1 s a decision)"}}};

}  // namespace lud64
