// What the UGI session (ugi_session.h) asks of one game: its position with
// the game history, the queries of the protocol, and searches run on the
// session's search thread. UgiGameEngine<G> implements it for each game; the
// virtual calls stay at the protocol's level, never below a search.
#ifndef LUD64_TOOLS_LUD64_UGI_UGI_ENGINE_H_
#define LUD64_TOOLS_LUD64_UGI_UGI_ENGINE_H_

#include <atomic>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "engine/input_text.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "play/best_move.h"
#include "play/game_record.h"
#include "play/mcts_analysis.h"
#include "play/search_instances.h"
#include "play/weight_file.h"
#include "search/alphabeta.h"
#include "search/mcts.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/probe/engine_probe.h"

namespace lud64 {

// The engine options of the protocol (`setoption`), other than the game.
struct UgiSettings {
  std::string engine = "alphabeta";              // or "mcts"
  int hash_mib = 64;                             // alpha-beta's table, or MCTS's tree
  int threads = 1;                               // MCTS threads (alpha-beta uses one)
  std::string tb;                                // endgame table directory; "" for none
  MctsLeaves leaves = MctsLeaves::kEvaluation;   // MCTS: what a new leaf is worth
  Evaluation evaluation = Evaluation::kLearned;  // both: the static evaluation
  std::string evalfile;  // a weight file for the learned one; "" for the built-in network
};

// The limits of one `go`, times in seconds; negative: not given.
struct UgiGo {
  double p1time = -1, p2time = -1;
  double p1inc = 0, p2inc = 0;
  double movetime = -1;
  int depth = 0;       // 0: no limit
  uint64_t nodes = 0;  // 0: no limit (MCTS: iterations)
  bool infinite = false;

  bool limited() const {
    return p1time >= 0 || p2time >= 0 || movetime >= 0 || depth > 0 || nodes > 0;
  }
};

class UgiEngine {
 public:
  using Emit = std::function<void(const std::string& line)>;
  // Runs on the search thread: emits `info` lines, returns the decision.
  using SearchTask = std::function<std::string(const Emit& emit)>;

  virtual ~UgiEngine() = default;
  virtual std::string game_name() const = 0;
  // `position`: `text` (a position or `start`) then `moves`; on an error
  // nothing changes.
  virtual absl::Status SetPosition(absl::string_view text, absl::string_view moves) = 0;
  // gameover, p1turn, result, and the extensions legal, position, game.
  virtual absl::StatusOr<std::string> Query(absl::string_view what) const = 0;
  // The table size and the endgame tables; on an error nothing changes.
  virtual absl::Status Configure(const UgiSettings& settings) = 0;
  // Forgets what earlier searches learnt (the table).
  virtual void NewGame() = 0;
  // A search of the current position and its history as they are now; the
  // task stops early once `stop` is set. An error when the game is over.
  virtual absl::StatusOr<SearchTask> PrepareSearch(const UgiGo& go,
                                                   const std::atomic<bool>& stop) = 0;
};

// An engine for `game_spec` (a game name with options) at its start.
absl::StatusOr<std::unique_ptr<UgiEngine>> MakeUgiEngine(absl::string_view game_spec,
                                                         const UgiSettings& settings);

template <NotatedGame G>
class UgiGameEngine final : public UgiEngine {
 public:
  using Position = typename G::Position;

  explicit UgiGameEngine(const G& game) : game_(game), position_(game_.start()) {}

  std::string game_name() const override { return game_.name(); }

  absl::Status SetPosition(absl::string_view text, absl::string_view moves) override {
    absl::StatusOr<Position> position = ParsePosition(game_, text);
    if (!position.ok()) return position.status();
    std::vector<uint64_t> history;
    if (absl::Status status = PlayRecord(game_, moves, *position, nullptr, &history);
        !status.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("moves: ", status.message()));
    }
    position_ = *position;
    history_ = std::move(history);
    return absl::OkStatus();
  }

  absl::StatusOr<std::string> Query(absl::string_view what) const override {
    const TurnState& state = position_.state;
    if (what == "gameover") return state.over() ? "true" : "false";
    if (what == "p1turn") return state.to_move == Player::kP1 ? "true" : "false";
    if (what == "result") {
      switch (state.outcome) {
        case Outcome::kP1Wins:
          return "p1win";
        case Outcome::kP2Wins:
          return "p2win";
        case Outcome::kDraw:
          return "draw";
        case Outcome::kOngoing:
          return "none";
      }
    }
    if (what == "legal") {
      DecisionList list;
      LegalDecisions(game_, position_, list);
      return LineText(game_, std::vector<Decision>(list.begin(), list.end()));
    }
    if (what == "position") return FormatPosition(game_, position_);
    if (what == "game") return game_.name();
    return absl::InvalidArgumentError(
        absl::StrCat("unknown query ", Quoted(what),
                     " (queries: gameover, p1turn, result, legal, position, game)"));
  }

  absl::Status Configure(const UgiSettings& settings) override {
    EndgameProbe<Position> probe;
    if (!settings.tb.empty()) {
      absl::StatusOr<EndgameProbe<Position>> made = tablebase::MakeEndgameProbe(game_, settings.tb);
      if (!made.ok()) return made.status();
      probe = *std::move(made);
    }
    absl::StatusOr<std::shared_ptr<const QuantizedNetwork>> network =
        LoadWeightFile(game_, settings.evalfile);
    if (!network.ok()) return network.status();
    // The table is made by the first search: a match runner may set `hash`
    // after starting the engine, and expects no costly work before that.
    if (settings.hash_mib != settings_.hash_mib) table_.reset();
    probe_ = std::move(probe);
    network_ = *std::move(network);
    settings_ = settings;
    return absl::OkStatus();
  }

  void NewGame() override {
    if (table_) table_->Clear();
  }

  absl::StatusOr<SearchTask> PrepareSearch(const UgiGo& go,
                                           const std::atomic<bool>& stop) override {
    if (position_.state.over()) {
      return absl::FailedPreconditionError("the game is over; no decision to make");
    }
    if (!table_) {
      try {
        table_ = std::make_unique<TranspositionTable>(settings_.hash_mib);
      } catch (const std::bad_alloc&) {
        return absl::ResourceExhaustedError(
            absl::StrCat("hash ", settings_.hash_mib, " MiB: not enough memory"));
      }
    }
    const Position root = position_;
    // The player to move's clock.
    const bool p1 = root.state.to_move == Player::kP1;
    const double clock = p1 ? go.p1time : go.p2time, increment = p1 ? go.p1inc : go.p2inc;
    double seconds = 0;
    if (go.movetime >= 0) {
      seconds = std::max(go.movetime, 1e-3);
    } else if (clock >= 0) {
      seconds = std::max(TimeForDecision(clock, increment), 1e-3);
    }
    if (settings_.engine == "mcts") {
      MctsLimits limits{.iterations = go.nodes, .seconds = seconds, .stop = &stop};
      const MctsOptions options{.leaves = settings_.leaves,
                                .evaluation = settings_.evaluation,
                                .network = network_,
                                .threads = settings_.threads,
                                .memory_bytes = static_cast<size_t>(settings_.hash_mib) << 20};
      return SearchTask([this, root, limits, options](const Emit& emit) {
        Mcts<G> mcts(game_, options);
        mcts.SetEndgameProbe(probe_);
        mcts.SetRoot(root);
        const Player mover = root.state.to_move;
        const MctsReport report =
            mcts.Search(limits, [&](const MctsReport& r) { emit(MctsInfoLine(game_, r, mover)); });
        emit(MctsInfoLine(game_, report, mover));
        return FormatDecision(report.best.decision, game_.site_names());
      });
    }
    if constexpr (!SearchableGame<G>) {
      return absl::UnimplementedError(absl::StrCat(game_.name(), " has no evaluation"));
    } else {
      const SearchLimits limits{.depth = go.depth > 0 ? go.depth : AlphaBeta<G>::kMaxPly,
                                .nodes = go.nodes,
                                .seconds = seconds,
                                .stop = &stop};
      return SearchTask([this, root, limits, history = history_,
                         options = SearchOptions{.evaluation = settings_.evaluation,
                                                 .network = network_}](const Emit& emit) {
        AlphaBeta<G> search(game_, table_.get(), options);
        search.SetGameHistory(history);
        search.SetEndgameProbe(probe_);
        const SearchReport report = search.Search(
            root, limits, [&](const SearchReport& r) { emit(SearchInfoLine(game_, r)); });
        return FormatDecision(report.pv.front(), game_.site_names());
      });
    }
  }

 private:
  const G game_;
  Position position_;
  std::vector<uint64_t> history_;  // game.hash of the positions before position_
  UgiSettings settings_;
  std::unique_ptr<TranspositionTable> table_;
  EndgameProbe<Position> probe_;
  std::shared_ptr<const QuantizedNetwork> network_;
};

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_UGI_UGI_ENGINE_H_
