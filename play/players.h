// The engines as players of one game type: what a match asks of each engine,
// whichever it is (lud64's searches, random play, an external UGI engine).
#ifndef LUD64_PLAY_PLAYERS_H_
#define LUD64_PLAY_PLAYERS_H_

#include <algorithm>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "engine/input_text.h"
#include "play/engine_spec.h"
#include "play/external_engine.h"
#include "play/search_instances.h"
#include "play/weight_file.h"
#include "search/alphabeta.h"
#include "search/mcts.h"
#include "search/playout.h"
#include "search/swindle.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/probe/engine_probe.h"

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

// A player's swindle tables (search/swindle.h), made at its first decision;
// none for a game the swindle cannot search.
template <Game G>
struct PlayerSwindleTables {
  using type = std::monostate;
};
template <SearchableGame G>
struct PlayerSwindleTables<G> {
  using type = std::optional<SwindleTables<G>>;
};

// `chosen`, unless the position is proven to be a loss or a draw for the
// player to move: then the swindle (search/swindle.h), searched within what is
// left of `seconds` after the search's `used` (or, when `seconds` is 0, within
// `nodes`).
template <Game G>
Decision SwindleOr(const G& game, const typename G::Position& position, Decision chosen,
                   double seconds, double used, uint64_t nodes,
                   typename PlayerSwindleTables<G>::type& tables) {
  if constexpr (SearchableGame<G>) {
    const SwindleLimits limits{.nodes = seconds > 0 ? 0 : nodes,
                               .seconds = seconds > 0 ? std::max(1e-3, seconds - used) : 0};
    if (!tables) tables.emplace(game);
    const std::optional<Swindle> swindle = FindSwindle(game, position, chosen, limits, *tables);
    if (swindle) return swindle->decision;
  }
  return chosen;
}

template <SearchableGame G>
class AlphaBetaPlayer final : public MatchPlayer<G> {
 public:
  using Position = typename G::Position;
  AlphaBetaPlayer(const G& game, const EngineSpec& spec, EndgameProbe<Position> probe,
                  std::shared_ptr<const QuantizedNetwork> network)
      : game_(game),
        table_(spec.hash_mib),
        search_(game, &table_,
                {.quiescence = spec.quiescence != 0,
                 .evaluation = spec.evaluation,
                 .network = std::move(network)}),
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
                       report.nodes, swindle_tables_);
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
  typename PlayerSwindleTables<G>::type swindle_tables_;
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

  MctsPlayer(const G& game, const EngineSpec& spec, EndgameProbe<Position> probe,
             std::shared_ptr<const QuantizedNetwork> network)
      : game_(game), spec_(spec), probe_(std::move(probe)), network_(std::move(network)) {}
  void NewGame(const Position& start, uint64_t seed) override {
    mcts_.reset();  // frees the last game's tree before the next is made
    mcts_.emplace(game_, MctsOptions{.exploration = spec_.exploration,
                                     .leaves = spec_.leaves,
                                     .evaluation = spec_.evaluation,
                                     .network = network_,
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
                       kSwindleNodesPerIteration * spec_.mcts.iterations, swindle_tables_);
    }
    return report.best.decision;
  }

 private:
  const G& game_;
  EngineSpec spec_;
  EndgameProbe<Position> probe_;
  std::shared_ptr<const QuantizedNetwork> network_;
  std::optional<Mcts<G>> mcts_;
  std::vector<Decision> played_;  // since the last search
  typename PlayerSwindleTables<G>::type swindle_tables_;
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

// What an engine spec asks to be opened (its tables, without `tb=` none; its
// weight file, without `evalfile=` the built-in network), opened once for
// every player made from the spec: copies share them.
template <Game G>
struct SpecResources {
  EndgameProbe<typename G::Position> tables;
  std::shared_ptr<const QuantizedNetwork> network;
};

// The resources of `spec`; errors name the spec.
template <Game G>
absl::StatusOr<SpecResources<G>> OpenSpecResources(const G& game, const EngineSpec& spec) {
  SpecResources<G> opened;
  if (spec.use_tables) {
    absl::StatusOr<EndgameProbe<typename G::Position>> tables =
        tablebase::MakeEndgameProbe(game, spec.tables);
    if (!tables.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("engine ", Quoted(spec.text), ": ", tables.status().message()));
    }
    opened.tables = *std::move(tables);
  }
  absl::StatusOr<std::shared_ptr<const QuantizedNetwork>> network =
      LoadWeightFile(game, spec.network_file);
  if (!network.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("engine ", Quoted(spec.text), ": ", network.status().message()));
  }
  opened.network = *std::move(network);
  return opened;
}

// A player of `spec` searching with `resources` (OpenSpecResources).
template <Game G>
absl::StatusOr<std::unique_ptr<MatchPlayer<G>>> MakePlayer(const G& game, const EngineSpec& spec,
                                                           const SpecResources<G>& resources) {
  switch (spec.kind) {
    case EngineKind::kRandom:
      return std::make_unique<RandomPlayer<G>>(game);
    case EngineKind::kAlphaBeta:
      if constexpr (SearchableGame<G>) {
        return std::make_unique<AlphaBetaPlayer<G>>(game, spec, resources.tables,
                                                    resources.network);
      } else {
        return absl::UnimplementedError(absl::StrCat("engine ", Quoted(spec.text), " cannot play ",
                                                     game.name(), ", which has no evaluation yet"));
      }
    case EngineKind::kMcts:
      return std::make_unique<MctsPlayer<G>>(game, spec, resources.tables, resources.network);
    case EngineKind::kUgi:
      if constexpr (NotatedGame<G>) {
        return std::make_unique<ExternalPlayer<G>>(game, spec);
      } else {
        return absl::UnimplementedError(absl::StrCat("engine '", spec.text, "' needs a notation"));
      }
  }
  return absl::InternalError("unknown engine kind");
}

// The players of each game of the list, compiled once for the program in
// play/players.cc (LUD64_PLAYERS(G, )); the match and the accuracy
// measure see them declared here (LUD64_PLAYERS(G, extern)).
// NOLINTBEGIN(bugprone-macro-parentheses)
#define LUD64_PLAYERS(G, kind)                                                            \
  kind template absl::StatusOr<SpecResources<G>> OpenSpecResources<G>(const G&,           \
                                                                      const EngineSpec&); \
  kind template absl::StatusOr<std::unique_ptr<MatchPlayer<G>>> MakePlayer<G>(            \
      const G&, const EngineSpec&, const SpecResources<G>&);
// NOLINTEND(bugprone-macro-parentheses)
LUD64_FOR_EACH_GAME(LUD64_PLAYERS, extern)

// The same with the spec's resources opened for this player alone.
template <Game G>
absl::StatusOr<std::unique_ptr<MatchPlayer<G>>> MakePlayer(const G& game, const EngineSpec& spec) {
  absl::StatusOr<SpecResources<G>> resources = OpenSpecResources(game, spec);
  if (!resources.ok()) return resources.status();
  return MakePlayer(game, spec, *resources);
}

}  // namespace lud64

#endif  // LUD64_PLAY_PLAYERS_H_
