// Playing a match: the engines as players of one game type, the random
// openings, and the games, run in parallel over threads.
#ifndef LUD64_TOOLS_LUD64_MATCH_PLAY_H_
#define LUD64_TOOLS_LUD64_MATCH_PLAY_H_

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "engine/input_text.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "search/alphabeta.h"
#include "search/mcts.h"
#include "search/playout.h"
#include "search/playout_runner.h"
#include "search/solver.h"
#include "search/swindle.h"
#include "tablebase/engine_probe.h"
#include "tools/lud64/match.h"
#include "tools/lud64/tablebase_games.h"
#include "tools/lud64/ugi/ugi_player.h"

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

template <Game G>
class RandomPlayer final : public MatchPlayer<G> {
 public:
  using Position = typename G::Position;
  explicit RandomPlayer(const G& game) : game_(game) {}
  void NewGame(const Position&, uint64_t seed) override { random_ = Random(seed); }
  absl::StatusOr<Decision> Choose(const Position& position) override {
    return RandomDecision(game_, position, random_);
  }

 private:
  const G& game_;
  Random random_{1};
};

// `chosen`, unless the position is proven to be a loss or a draw for the
// player to move: then the swindle (search/swindle.h), searched within what is
// left of `seconds` after the search's `used` (or, when `seconds` is 0, within
// `nodes`).
template <Game G>
Decision SwindleOr(const G& game, const typename G::Position& position, Decision chosen,
                   double seconds, double used, uint64_t nodes) {
  if constexpr (SearchableGame<G>) {
    const SwindleLimits limits{.nodes = seconds > 0 ? 0 : nodes,
                               .seconds = seconds > 0 ? std::max(1e-3, seconds - used) : 0};
    const std::optional<Swindle> swindle = FindSwindle(game, position, chosen, limits);
    if (swindle) return swindle->decision;
  }
  return chosen;
}

template <SearchableGame G>
class AlphaBetaPlayer final : public MatchPlayer<G> {
 public:
  using Position = typename G::Position;
  AlphaBetaPlayer(const G& game, const EngineSpec& spec, EndgameProbe<Position> probe)
      : game_(game),
        table_(spec.hash_mib),
        search_(game, &table_, {.quiescence = spec.quiescence != 0}),
        limits_(spec.search) {
    search_.SetEndgameProbe(std::move(probe));
  }
  void NewGame(const Position& start, uint64_t) override {
    table_.Clear();
    position_ = start;
    history_.clear();
  }
  // The positions of the game before the one to decide in are its history
  // (as PlayRecord's hashes): meeting one again in search is a cycle
  // (SearchOptions::repetitions).
  void Played(Decision d) override {
    history_.push_back(game_.hash(position_));
    Apply(game_, position_, d);
  }
  absl::StatusOr<Decision> Choose(const Position& position) override {
    search_.SetGameHistory(history_);
    const SearchReport report = search_.Search(position, limits_);
    // Short of a proven win the position may still be a proven loss or draw
    // (a draw need not score 0: the search's gain for early captures): the
    // swindle's solver tells, in the time the search left unused.
    if (!(IsProven(report.score) && report.score > 0)) {
      return SwindleOr(game_, position, report.pv.front(), limits_.seconds, report.seconds,
                       report.nodes);
    }
    return report.pv.front();
  }

 private:
  const G& game_;
  TranspositionTable table_;
  AlphaBeta<G> search_;
  SearchLimits limits_;
  Position position_;  // after the decisions Played since NewGame
  std::vector<uint64_t> history_;
};

// Keeps its tree from one decision to the next (Mcts::Advance).
template <Game G>
class MctsPlayer final : public MatchPlayer<G> {
 public:
  using Position = typename G::Position;
  // Unless the search proves a win, the position may be a proven loss or
  // draw (MCTS rarely proves draws) and the decision a swindle
  // (search/swindle.h): the search leaves a tenth of the time to find out,
  // or without a time limit, a few solver nodes for each iteration allowed.
  static constexpr double kSwindleShare = 0.1;
  static constexpr uint64_t kSwindleNodesPerIteration = 2;

  MctsPlayer(const G& game, const EngineSpec& spec, EndgameProbe<Position> probe)
      : game_(game), spec_(spec), probe_(std::move(probe)) {}
  void NewGame(const Position& start, uint64_t seed) override {
    mcts_.reset();  // frees the last game's tree before the next is made
    mcts_.emplace(game_, MctsOptions{.exploration = spec_.exploration,
                                     .threads = spec_.threads,
                                     .seed = seed,
                                     .memory_bytes = size_t(spec_.memory_mib) << 20});
    mcts_->SetEndgameProbe(probe_);
    mcts_->SetRoot(start);
    played_.clear();
  }
  void Played(Decision d) override { played_.push_back(d); }
  absl::StatusOr<Decision> Choose(const Position& position) override {
    mcts_->Advance(played_);
    played_.clear();
    if (mcts_->root_position() != position) mcts_->SetRoot(position);
    MctsLimits limits = spec_.mcts;
    limits.seconds *= 1 - kSwindleShare;
    const MctsReport report = mcts_->Search(limits);
    if (report.root_value != WinFor(position.state.to_move)) {
      return SwindleOr(game_, position, report.best.decision, spec_.mcts.seconds, report.seconds,
                       kSwindleNodesPerIteration * spec_.mcts.iterations);
    }
    return report.best.decision;
  }

 private:
  const G& game_;
  EngineSpec spec_;
  EndgameProbe<Position> probe_;
  std::optional<Mcts<G>> mcts_;
  std::vector<Decision> played_;  // since the last search
};

// An external UGI engine (ugi/ugi_player.h).
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

template <Game G>
absl::StatusOr<std::unique_ptr<MatchPlayer<G>>> MakePlayer(const G& game, const EngineSpec& spec) {
  EndgameProbe<typename G::Position> probe;
  if (spec.use_tables) {
    absl::StatusOr<EndgameProbe<typename G::Position>> made =
        tablebase::MakeEndgameProbe(game, spec.tables);
    if (!made.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("engine ", Quoted(spec.text), ": ", made.status().message()));
    }
    probe = *std::move(made);
  }
  switch (spec.kind) {
    case EngineKind::kRandom:
      return std::make_unique<RandomPlayer<G>>(game);
    case EngineKind::kAlphaBeta:
      if constexpr (SearchableGame<G>) {
        return std::make_unique<AlphaBetaPlayer<G>>(game, spec, std::move(probe));
      } else {
        return absl::UnimplementedError(absl::StrCat("engine ", Quoted(spec.text), " cannot play ",
                                                     game.name(), ", which has no evaluation yet"));
      }
    case EngineKind::kMcts:
      return std::make_unique<MctsPlayer<G>>(game, spec, std::move(probe));
    case EngineKind::kUgi:
      if constexpr (NotatedGame<G>) {
        return std::make_unique<ExternalPlayer<G>>(game, spec);
      } else {
        return absl::UnimplementedError(absl::StrCat("engine '", spec.text, "' needs a notation"));
      }
  }
  return absl::InternalError("unknown engine kind");
}

// Whether a solver proves a game's value within a few plies (a forced win for
// either side, or a forced draw): such an opening measures who finds or
// misses a short forced line, not playing strength. One per thread drawing
// openings: its small table is made once and emptied for each check (a table
// per check fragmented the heap by gigabytes over long matches).
template <Game G>
class DecidedFilter {
 public:
  explicit DecidedFilter(const G& game) {
    if constexpr (SearchableGame<G>) solver_.emplace(game, /*table_mib=*/1);
  }
  // Whether the value from `position` is proven within `plies` plies.
  bool DecidedWithin(const typename G::Position& position, int plies) {
    if constexpr (SearchableGame<G>) {
      // A proof that needs more nodes than this counts as none: the filter
      // stays quick in games whose short lines do not end.
      constexpr uint64_t kNodeBudget = 1'000'000;
      solver_->ClearTable();  // the answer depends on the position alone
      return solver_->Solve(position, {.depth = plies, .nodes = kNodeBudget}).proven;
    } else {
      return false;
    }
  }

 private:
  struct NoSolver {};
  template <class Of>
  struct SolverOf {
    using type = NoSolver;
  };
  template <SearchableGame Of>
  struct SolverOf<Of> {
    using type = Solver<Of>;
  };
  std::optional<typename SolverOf<G>::type> solver_;
};

// `plies` uniformly random decisions from the start that leave the game
// unfinished and, with `balanced` > 0, not decided within `balanced` plies
// (by `filter`), drawn from the random stream of opening `index`.
// `on_attempt(attempt)` is called before each draw; a stop request cancels.
template <Game G, class OnAttempt>
absl::StatusOr<std::vector<Decision>> RandomOpening(const G& game, int plies, int balanced,
                                                    uint64_t seed, uint64_t index,
                                                    DecidedFilter<G>& filter,
                                                    OnAttempt on_attempt) {
  constexpr int kAttempts = 1000;
  constexpr uint64_t kOpeningSalt = 0x6f70656e696e6773ULL;  // "openings"
  Random random = PlayoutRandom(seed ^ kOpeningSalt, index);
  const int attempts = plies == 0 ? 1 : kAttempts;  // no decisions: always the start
  for (int attempt = 0; attempt < attempts; ++attempt) {
    if (StopRequested()) return absl::CancelledError("stopped while drawing openings");
    on_attempt(attempt);
    typename G::Position position = game.start();
    std::vector<Decision> opening;
    while (static_cast<int>(opening.size()) < plies && !position.state.over()) {
      opening.push_back(RandomDecision(game, position, random));
      Apply(game, position, opening.back());
    }
    if (!position.state.over() && (balanced == 0 || !filter.DecidedWithin(position, balanced))) {
      return opening;
    }
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "--openings=", plies, balanced ? absl::StrCat(" --balanced=", balanced) : "", ": ",
      plies == 0 ? "the start is decided; use more decisions or a smaller --balanced"
                 : absl::StrCat(attempts, " random openings all finished the game",
                                balanced ? " or were decided" : "", "; use fewer decisions",
                                balanced ? " or a smaller --balanced" : "")));
}

struct GameRecord {
  std::vector<Decision> decisions;      // from the start, the opening included
  Outcome outcome = Outcome::kOngoing;  // kOngoing: interrupted
  Player first_colour = Player::kP1;    // the colour the first engine played
  // Lost by forfeit (the loser's fault, e.g. an illegal decision): the reason;
  // the decisions stop before the fault.
  std::string forfeit;
};

// The first engine's colour in game `index`: P1 in even games, P2 in odd ones.
inline Player FirstEngineColour(int index) { return index % 2 == 0 ? Player::kP1 : Player::kP2; }

inline void Count(const GameRecord& game, MatchTally& tally) {
  if (!game.forfeit.empty()) {
    ++(game.outcome == WinFor(game.first_colour) ? tally.forfeits_second : tally.forfeits_first);
  }
  if (game.outcome == Outcome::kDraw) {
    ++tally.draws;
  } else if (game.outcome == WinFor(game.first_colour)) {
    ++tally.wins;
  } else {
    ++tally.losses;
  }
}

struct MatchRun {
  MatchTally tally;  // of the finished games
  double seconds = 0;
  bool stopped = false;
};

// Plays one game after `opening`; players[colour]. A stop request abandons it.
// A player that fails to choose, or chooses an illegal decision, loses by
// forfeit: lud64 judges every decision by its own rules.
template <Game G>
absl::StatusOr<GameRecord> PlayGame(const G& game, const std::vector<Decision>& opening,
                                    const std::array<MatchPlayer<G>*, 2>& players,
                                    const std::array<uint64_t, 2>& seeds) {
  GameRecord record;
  record.decisions = opening;
  typename G::Position position = game.start();
  for (Decision d : opening) Apply(game, position, d);
  for (int i = 0; i < 2; ++i) players[i]->NewGame(position, seeds[i]);
  while (!position.state.over()) {
    const Player mover = position.state.to_move;
    const absl::StatusOr<Decision> d = players[Index(mover)]->Choose(position);
    if (StopRequested()) return record;
    std::string fault;
    if (!d.ok()) {
      fault = std::string(d.status().message());
    } else if (!IsLegal(game, position, *d)) {
      fault = absl::StrCat("illegal decision '", FormatDecision(*d, game.site_names()), "'");
    }
    if (!fault.empty()) {
      record.outcome = WinFor(Opponent(mover));
      record.forfeit = absl::StrCat(mover == Player::kP1 ? "P1" : "P2", " forfeits at ply ",
                                    record.decisions.size() + 1, ": ", fault);
      return record;
    }
    Apply(game, position, *d);
    record.decisions.push_back(*d);
    for (MatchPlayer<G>* player : players) player->Played(*d);
  }
  record.outcome = position.state.outcome;
  return record;
}

// The openings of a match, drawn as games start: the first of a pair's two
// games to start draws it (its thread's `filter` checks it), the other waits
// for it, and it is dropped once both have it, so memory does not grow with
// the number of games.
template <Game G>
class OpeningDraws {
 public:
  using Opening = absl::StatusOr<std::vector<Decision>>;
  OpeningDraws(const G& game, const MatchRequest& request) : game_(game), request_(request) {}

  // The opening of game `index`; `on_attempt(pair, attempt)` is called before
  // each draw by this thread.
  template <class OnAttempt>
  Opening Get(int index, DecidedFilter<G>& filter, OnAttempt on_attempt) {
    const int pair = index / 2;
    std::unique_lock lock(mutex_);
    const auto emplaced = pending_.try_emplace(pair);
    const auto it = emplaced.first;
    if (emplaced.second) {
      it->second.users = std::min(2, request_.games - 2 * pair);
      lock.unlock();
      Opening opening =
          RandomOpening(game_, request_.openings, request_.balanced, request_.seed, pair, filter,
                        [&](int attempt) { on_attempt(pair, attempt); });
      lock.lock();
      it->second.opening = std::move(opening);
      drawn_.notify_all();
    } else {
      drawn_.wait(lock, [&] { return it->second.opening.has_value(); });
    }
    Opening opening = *it->second.opening;
    if (--it->second.users == 0) pending_.erase(it);
    return opening;
  }

 private:
  struct Pending {
    std::optional<Opening> opening;  // once drawn
    int users = 0;                   // games still to take it
  };
  const G& game_;
  const MatchRequest& request_;
  std::mutex mutex_;
  std::condition_variable drawn_;
  std::map<int, Pending> pending_;  // by pair
};

// Plays the match over `request.threads` threads; `on_game(index, record,
// tally)` is called after each finished game, one call at a time, and
// `on_drawing(pair, attempt)` before each draw of an opening (from any thread).
template <Game G, class OnGame, class OnDrawing>
absl::StatusOr<MatchRun> PlayMatch(const G& game, const MatchRequest& request, OnGame on_game,
                                   OnDrawing on_drawing) {
  const auto start = std::chrono::steady_clock::now();
  for (const EngineSpec* spec : {&request.first, &request.second}) {
    if (absl::Status status = MakePlayer(game, *spec).status(); !status.ok()) return status;
  }

  MatchRun run;
  OpeningDraws<G> openings(game, request);
  std::atomic<int> next_game{0};
  std::mutex mutex;  // guards run and error
  absl::Status error;
  auto worker = [&] {
    std::unique_ptr<MatchPlayer<G>> first = MakePlayer(game, request.first).value();
    std::unique_ptr<MatchPlayer<G>> second = MakePlayer(game, request.second).value();
    DecidedFilter<G> filter(game);
    for (;;) {
      const int index = next_game.fetch_add(1);
      if (index >= request.games || StopRequested()) return;
      {
        std::lock_guard lock(mutex);
        if (!error.ok()) return;
      }
      const absl::StatusOr<std::vector<Decision>> opening = openings.Get(index, filter, on_drawing);
      if (!opening.ok()) {
        std::lock_guard lock(mutex);
        if (!StopRequested() && error.ok()) error = opening.status();
        return;
      }
      const Player colour = FirstEngineColour(index);
      std::array<MatchPlayer<G>*, 2> players;
      players[Index(colour)] = first.get();
      players[Index(Opponent(colour))] = second.get();
      Random seeds = PlayoutRandom(request.seed, index);
      const std::array<uint64_t, 2> player_seeds = {seeds.Next(), seeds.Next()};
      absl::StatusOr<GameRecord> record = PlayGame(game, *opening, players, player_seeds);
      std::lock_guard lock(mutex);
      if (!record.ok()) {
        error = record.status();
        return;
      }
      record->first_colour = colour;
      if (record->outcome == Outcome::kOngoing) return;  // stopped
      Count(*record, run.tally);
      on_game(index, *record, run.tally);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < std::min(request.threads, request.games); ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& thread : threads) thread.join();
  if (!error.ok()) return error;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.stopped = StopRequested();
  return run;
}

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_MATCH_PLAY_H_
