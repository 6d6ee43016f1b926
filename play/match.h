// A match: two engines play games in colour-swapped pairs, each pair from one
// opening (random decisions from the start, or a book's line), over threads;
// a pair is played by one thread, game after game. With an SPRT the match
// stops once a finished pair takes the log-likelihood ratio past a bound: the
// pairs then in flight are played out and counted. Games run through one
// instantiation per game in match.cc.
#ifndef LUD64_PLAY_MATCH_H_
#define LUD64_PLAY_MATCH_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "boards/game_list.h"
#include "engine/decision.h"
#include "engine/player.h"
#include "engine/stop.h"
#include "play/engine_spec.h"
#include "play/match_statistics.h"
#include "play/opening_book.h"
#include "play/sprt.h"

namespace lud64 {

struct MatchRequest {
  EngineSpec first;  // the engine the results are counted for
  EngineSpec second;
  int games = 0;
  int openings = 0;  // random decisions from the start shared by each pair of games
  int balanced = 0;  // > 0: redraw random openings proven within this many plies
  // Instead of random openings: the book's lines, one a pair, in order, cycling.
  std::optional<OpeningBook> book = std::nullopt;
  std::optional<Sprt> sprt = std::nullopt;
  int threads = 1;  // pairs played at once
  uint64_t seed = 1;
  StopFlag stop = nullptr;  // set (Ctrl-C): the games in play end unfinished
};

// The first engine's colour in game `index`: P1 in even games, P2 in odd ones
// (games 2k and 2k + 1 are pair k).
inline Player FirstEngineColour(int index) { return index % 2 == 0 ? Player::kP1 : Player::kP2; }

struct GameRecord {
  int index = 0;
  std::vector<Decision> decisions;  // from `start`, the opening included
  // The position text of a book position the game started from; "" for the
  // game's start.
  std::string start;
  Outcome outcome = Outcome::kOngoing;  // kOngoing: interrupted
  Player first_colour = Player::kP1;    // the colour the first engine played
  // Lost by forfeit (the loser's fault, e.g. an illegal decision): the reason;
  // the decisions stop before the fault.
  std::string forfeit;
};

struct MatchRun {
  MatchTally tally;  // of the finished games
  double seconds = 0;
  bool stopped = false;  // by a stop request (Ctrl-C)
  // With an SPRT: the LLR of all finished pairs, and the decision taken by
  // the first pair that crossed a bound (kContinue: none).
  double llr = 0;
  SprtResult sprt_result = SprtResult::kContinue;
};

// Called from any thread; on_game and on_pair one at a time (under the
// match's lock), on_drawing concurrently (openings are drawn unlocked).
struct MatchObserver {
  std::function<void(const GameRecord&, const MatchTally&)> on_game;
  // After each finished pair; `llr` is 0 without an SPRT.
  std::function<void(const MatchTally&, double llr)> on_pair;
  // Before each draw of a random opening; may run on several threads at once.
  std::function<void(int pair, int attempt)> on_drawing;
};

// The random decisions from the start shared by each pair when a match is
// given neither a number of them nor a book: at least 4, and enough for 1000
// distinct lines, so that pairs rarely share an opening (engines that repeat
// their games would play copies) even in a game whose start branches slowly
// (Damdaman: 8).
int DefaultOpenings(const AnyGame& game);

// The game's line in game_record.h's form (`fen <start> moves ...` after a
// book position), made only when asked for.
std::string RecordLine(const AnyGame& game, const GameRecord& record);

// Plays the match; errors name the engine or the book's file and line before
// any game is played.
absl::StatusOr<MatchRun> PlayMatch(const AnyGame& game, const MatchRequest& request,
                                   const MatchObserver& observer);

}  // namespace lud64

#endif  // LUD64_PLAY_MATCH_H_
