// The engines as players of one game type: what a match asks of each engine,
// whichever it is (lud64's searches, random play, an external UGI engine, or
// the caller's own player, caller_player.h).
#ifndef LUD64_PLAY_PLAYERS_H_
#define LUD64_PLAY_PLAYERS_H_

#include <memory>
#include <utility>
#include <variant>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "boards/game_list.h"
#include "engine/input_text.h"
#include "play/caller_player.h"
#include "play/engine_session.h"
#include "play/engine_spec.h"
#include "play/external_engine.h"

namespace lud64 {

template <Game G>
class MatchPlayer {
 public:
  using Position = typename G::Position;
  virtual ~MatchPlayer() = default;
  // A new game from `start`, with this game's random seed.
  virtual void NewGame(const Position& start, uint64_t seed) = 0;
  // The decision to play in `position`: the start followed by the decisions
  // told by Played since. An error is a fault that loses the game by forfeit
  // (an external engine that crashed or did not answer in time).
  virtual absl::StatusOr<Decision> Choose(const Position& position) = 0;
  // A decision played, by either side.
  virtual void Played(Decision) {}
};

// lud64's own engines (random play, alpha-beta, MCTS, the solver): an engine
// session (engine_session.h) following the game. MCTS keeps its tree from one
// decision to the next; the swindle plays on in proven losses and draws.
template <Game G>
class SessionPlayer final : public MatchPlayer<G> {
 public:
  using Position = typename G::Position;
  SessionPlayer(std::unique_ptr<EngineSession> session, const EngineSpec& spec)
      : session_(std::move(session)), limits_(spec.limits), stop_(spec.stop) {}
  void NewGame(const Position& start, uint64_t seed) override {
    session_->NewGame(AnyPosition(start), seed);
  }
  // The positions of the game before the one to decide in are its history:
  // meeting one again in search is a cycle (SearchOptions::repetitions).
  void Played(Decision d) override { played_ = session_->Play(d); }
  absl::StatusOr<Decision> Choose(const Position& position) override {
    if (!played_.ok()) return played_;
    if (std::get<Position>(session_->position()) != position) {
      return absl::InternalError("the player's game and the match's differ");
    }
    absl::StatusOr<EngineAnswer> answer = session_->Search(limits_, stop_);
    if (!answer.ok()) return answer.status();
    return answer->best;
  }

 private:
  std::unique_ptr<EngineSession> session_;
  EngineLimits limits_;
  StopFlag stop_;
  absl::Status played_;  // the first decision the session refused, if any
};

// An external UGI engine (external_engine.h).
template <NotatedGame G>
class ExternalPlayer final : public MatchPlayer<G> {
 public:
  using Position = typename G::Position;
  ExternalPlayer(const G& game, const EngineSpec& spec) : ugi_(game, spec) {}
  void NewGame(const Position& start, uint64_t) override { ugi_.NewGame(start); }
  void Played(Decision d) override { ugi_.Played(d); }
  absl::StatusOr<Decision> Choose(const Position&) override { return ugi_.Choose(); }

 private:
  UgiPlayer<G> ugi_;
};

// The caller's player (caller_player.h), over the game's own positions.
template <Game G>
class CallerMatchPlayer final : public MatchPlayer<G> {
 public:
  using Position = typename G::Position;
  explicit CallerMatchPlayer(std::unique_ptr<CallerPlayer> player) : player_(std::move(player)) {}
  void NewGame(const Position& start, uint64_t) override { player_->NewGame(AnyPosition(start)); }
  void Played(Decision d) override { player_->Played(d); }
  absl::StatusOr<Decision> Choose(const Position& position) override {
    return player_->Choose(AnyPosition(position));
  }

 private:
  std::unique_ptr<CallerPlayer> player_;
};

// A player of `spec`; errors name the spec.
template <Game G>
absl::StatusOr<std::unique_ptr<MatchPlayer<G>>> MakePlayer(const G& game, const EngineSpec& spec) {
  if (spec.caller) return std::make_unique<CallerMatchPlayer<G>>(spec.caller());
  if (spec.kind() == EngineKind::kUgi) {
    if constexpr (NotatedGame<G>) {
      return std::make_unique<ExternalPlayer<G>>(game, spec);
    } else {
      return absl::UnimplementedError(absl::StrCat("engine '", spec.text, "' needs a notation"));
    }
  }
  absl::StatusOr<std::unique_ptr<EngineSession>> session =
      MakeEngineSession(AnyGame(game), spec.options);
  if (!session.ok()) {
    return absl::Status(session.status().code(), absl::StrCat("engine ", Quoted(spec.text), ": ",
                                                              session.status().message()));
  }
  if (absl::Status status = (*session)->CanSearch(); !status.ok()) {
    return absl::Status(status.code(), absl::StrCat("engine ", Quoted(spec.text), " cannot play ",
                                                    game.name(), ": ", status.message()));
  }
  return std::make_unique<SessionPlayer<G>>(*std::move(session), spec);
}

}  // namespace lud64

#endif  // LUD64_PLAY_PLAYERS_H_
