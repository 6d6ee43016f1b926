#include "play/match.h"

#include <array>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "play/any_position.h"
#include "play/game_record.h"
#include "play/openings.h"
#include "play/perft.h"
#include "play/players.h"

namespace lud64 {
namespace {

// Plays one game from `opening`; players[colour]. A stop request abandons it
// (outcome kOngoing). A player that fails to choose, or chooses an illegal
// decision, loses by forfeit: lud64 judges every decision by its own rules.
template <NotatedGame G>
GameRecord PlayGame(const G& game, const Opening<G>& opening,
                    const std::array<MatchPlayer<G>*, 2>& players,
                    const std::array<uint64_t, 2>& seeds, StopFlag stop) {
  GameRecord record;
  std::vector<Decision>& decisions = record.decisions;
  decisions = opening.decisions;
  typename G::Position position = opening.start;
  for (Decision d : opening.decisions) Apply(game, position, d);
  for (int i = 0; i < 2; ++i) players[i]->NewGame(position, seeds[i]);
  while (!position.state.over()) {
    const Player mover = position.state.to_move;
    const absl::StatusOr<Decision> d = players[Index(mover)]->Choose(position);
    if (Stopping(stop)) break;
    std::string fault;
    if (!d.ok()) {
      fault = std::string(d.status().message());
    } else if (!IsLegal(game, position, *d)) {
      fault = absl::StrCat("illegal decision '", FormatDecision(*d, game.site_names()), "'");
    }
    if (!fault.empty()) {
      record.outcome = WinFor(Opponent(mover));
      record.forfeit = absl::StrCat(mover == Player::kP1 ? "P1" : "P2", " forfeits at ply ",
                                    decisions.size() + 1, ": ", fault);
      break;
    }
    Apply(game, position, *d);
    decisions.push_back(*d);
    for (MatchPlayer<G>* player : players) player->Played(*d);
  }
  if (record.forfeit.empty()) record.outcome = position.state.outcome;
  if (opening.start != game.start()) record.start = FormatPosition(game, opening.start);
  return record;
}

// The first engine's points in a finished game, in halves (0, 1 or 2).
int FirstEngineHalfPoints(const GameRecord& game) {
  if (game.outcome == Outcome::kDraw) return 1;
  return game.outcome == WinFor(game.first_colour) ? 2 : 0;
}

void Count(const GameRecord& game, MatchTally& tally) {
  if (!game.forfeit.empty()) {
    ++(game.outcome == WinFor(game.first_colour) ? tally.forfeits_second : tally.forfeits_first);
  }
  const int halves = FirstEngineHalfPoints(game);
  ++(halves == 1 ? tally.draws : halves == 2 ? tally.wins : tally.losses);
}

template <NotatedGame G>
absl::StatusOr<std::vector<Opening<G>>> BookOpenings(const G& game, const OpeningBook& book) {
  std::vector<Opening<G>> openings;
  for (const BookLine& line : book.lines) {
    absl::StatusOr<Opening<G>> opening = ParseOpening(game, line.text);
    if (!opening.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(book.path, ":", line.number, ": ", opening.status().message()));
    }
    openings.push_back(*std::move(opening));
  }
  return openings;
}

template <NotatedGame G>
absl::StatusOr<MatchRun> PlayMatchOf(const G& game, const MatchRequest& request,
                                     const MatchObserver& observer) {
  const auto start = std::chrono::steady_clock::now();
  // A player of each spec is made once here so that a bad spec fails before
  // any game; each worker makes its own.
  for (const EngineSpec* spec : {&request.first, &request.second}) {
    if (absl::Status status = MakePlayer(game, *spec).status(); !status.ok()) return status;
  }
  std::vector<Opening<G>> book;
  if (request.book) {
    absl::StatusOr<std::vector<Opening<G>>> read = BookOpenings(game, *request.book);
    if (!read.ok()) return read.status();
    book = *std::move(read);
  }

  MatchRun run;
  const int pairs = (request.games + 1) / 2;
  std::atomic<int> next_pair{0};
  std::atomic<bool> decided{false};
  std::mutex mutex;  // guards run and error
  absl::Status error;
  auto opening_of = [&](int pair, ShortProofCheck<G>& check) -> absl::StatusOr<Opening<G>> {
    if (!book.empty()) return book[pair % book.size()];
    absl::StatusOr<std::vector<Decision>> decisions = RandomOpening(
        game, request.openings, request.balanced, request.seed, pair, check, "openings",
        [&](int attempt) {
          if (observer.on_drawing) observer.on_drawing(pair, attempt);
        },
        request.stop);
    if (!decisions.ok()) return decisions.status();
    return Opening<G>{.start = game.start(), .decisions = *std::move(decisions)};
  };
  auto worker = [&] {
    std::unique_ptr<MatchPlayer<G>> first =
        MakePlayer(game, StoppedBy(request.first, request.stop)).value();
    std::unique_ptr<MatchPlayer<G>> second =
        MakePlayer(game, StoppedBy(request.second, request.stop)).value();
    ShortProofCheck<G> check(game);
    for (;;) {
      const int pair = next_pair.fetch_add(1);
      if (pair >= pairs || Stopping(request.stop) || decided) return;
      {
        std::lock_guard lock(mutex);
        if (!error.ok()) return;
      }
      const absl::StatusOr<Opening<G>> opening = opening_of(pair, check);
      if (!opening.ok()) {
        std::lock_guard lock(mutex);
        if (!Stopping(request.stop) && error.ok()) error = opening.status();
        return;
      }
      int halves = 0, finished = 0;
      const int games_in_pair = std::min(2, request.games - 2 * pair);
      for (int index = 2 * pair; index < 2 * pair + games_in_pair; ++index) {
        const Player colour = FirstEngineColour(index);
        std::array<MatchPlayer<G>*, 2> players;
        players[Index(colour)] = first.get();
        players[Index(Opponent(colour))] = second.get();
        Random seeds = PlayoutRandom(request.seed, index);
        const std::array<uint64_t, 2> player_seeds = {seeds.Next(), seeds.Next()};
        GameRecord record = PlayGame(game, *opening, players, player_seeds, request.stop);
        if (record.outcome == Outcome::kOngoing) return;  // stopped
        record.index = index;
        record.first_colour = colour;
        halves += FirstEngineHalfPoints(record);
        ++finished;
        std::lock_guard lock(mutex);
        Count(record, run.tally);
        if (observer.on_game) observer.on_game(record, run.tally);
      }
      if (finished < 2) continue;  // the odd last game of a match forms no pair
      std::lock_guard lock(mutex);
      ++run.tally.pentanomial[halves];
      if (request.sprt) {
        run.llr = request.sprt->Llr(run.tally.pentanomial);
        const SprtResult result = request.sprt->Decide(run.llr);
        if (result != SprtResult::kContinue && !decided) {
          run.sprt_result = result;
          decided = true;
        }
      }
      if (observer.on_pair) observer.on_pair(run.tally, run.llr);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < std::min(request.threads, pairs); ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& thread : threads) thread.join();
  if (!error.ok()) return error;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.stopped = Stopping(request.stop);
  return run;
}

}  // namespace

int DefaultOpenings(const AnyGame& game) {
  constexpr int kFewest = 4, kMost = 12;
  constexpr uint64_t kLines = 1000;
  const AnyPosition start = StartOf(game);
  int plies = kFewest;
  while (plies < kMost && CountPerft(game, start, plies) < kLines) ++plies;
  return plies;
}

std::string RecordLine(const AnyGame& game, const GameRecord& record) {
  const std::string line =
      std::visit([&](const auto& g) { return LineText(g, record.decisions); }, game);
  return record.start.empty() ? line : absl::StrCat("fen ", record.start, " moves ", line);
}

absl::StatusOr<MatchRun> PlayMatch(const AnyGame& game, const MatchRequest& request,
                                   const MatchObserver& observer) {
  return std::visit([&](const auto& g) { return PlayMatchOf(g, request, observer); }, game);
}

}  // namespace lud64
