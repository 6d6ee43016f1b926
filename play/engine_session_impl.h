// The engine session of one game (engine_session.h), a template included only
// by engine_session_<game>.cc, which compiles it once per game.
#ifndef LUD64_PLAY_ENGINE_SESSION_IMPL_H_
#define LUD64_PLAY_ENGINE_SESSION_IMPL_H_

#include <algorithm>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "engine/random.h"
#include "play/engine_session.h"
#include "play/game_record.h"
#include "play/search_instances.h"
#include "play/weight_file.h"
#include "search/alphabeta.h"
#include "search/lazy_smp.h"
#include "search/mcts.h"
#include "search/playout.h"
#include "search/solver.h"
#include "search/swindle.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/operations/tb_operations.h"
#include "tablebase/probe/engine_probe.h"

namespace lud64 {

// Alpha-beta and the swindle's tables for a game with an evaluation; nothing
// for one without.
template <class G>
struct SessionSearchers {
  struct None {};
  using AlphaBetaType = None;
  using SolverType = None;
  using SwindleTables = std::optional<None>;
};
template <SearchableGame G>
struct SessionSearchers<G> {
  using AlphaBetaType = LazySmp<G>;
  using SolverType = Solver<G>;
  using SwindleTables = std::optional<lud64::SwindleTables<G>>;
};

template <NotatedGame G>
class GameEngineSession final : public EngineSession {
 public:
  using Position = typename G::Position;

  // MCTS leaves this share of a time limit to the swindle, which runs only
  // short of a proven win; without a time limit, the swindle gets this many
  // solver nodes for each iteration allowed.
  static constexpr double kSwindleShare = 0.1;
  static constexpr uint64_t kSwindleNodesPerIteration = 2;

  explicit GameEngineSession(const G& game)
      : any_game_(game), game_(std::get<G>(any_game_)), start_(game_.start()), position_(start_) {}

  absl::Status Configure(const EngineOptions& options) override {
    if (options.kind == EngineKind::kUgi) {
      return absl::InvalidArgumentError(
          "an external UGI engine is played by a match, not a session");
    }
    TablesOpened tables;
    if (options.tables) {
      absl::StatusOr<TablesOpened> opened = OpenTables(*options.tables);
      if (!opened.ok()) return opened.status();
      tables = *std::move(opened);
    }
    absl::StatusOr<std::shared_ptr<const QuantizedNetwork>> network =
        LoadWeightFile(game_, options.evalfile);
    if (!network.ok()) return network.status();
    // The tables are made and their pages mapped here, not in a search's
    // time (TranspositionTable::Populate).
    std::unique_ptr<TranspositionTable> table;
    if (options.kind == EngineKind::kAlphaBeta) {
      if (table_ && options.hash_mib == options_.hash_mib) {
        table = std::move(table_);
      } else {
        table_.reset();  // the old one's memory goes back first
        absl::StatusOr<std::unique_ptr<TranspositionTable>> made = MakeTable(options.hash_mib);
        if (!made.ok()) return made.status();
        table = *std::move(made);
      }
    }
    if (options.kind == EngineKind::kSolver && options.hash_mib != solver_mib_) {
      solver_.reset();
      if (absl::Status status = MakeSolver(options.hash_mib); !status.ok()) return status;
    }
    options_ = options;
    table_ = std::move(table);
    tables_ = std::move(tables);
    network_ = *std::move(network);
    if (options_.hash_mib != solver_mib_) solver_.reset();
    if (solver_) solver_->SetEndgameProbe(tables_.probe);
    MakeSearchers();
    return absl::OkStatus();
  }
  const EngineOptions& options() const override { return options_; }
  absl::Status CanSearch() const override {
    const bool needs_evaluation =
        options_.kind == EngineKind::kAlphaBeta || options_.kind == EngineKind::kSolver;
    if (needs_evaluation && !SearchableGame<G>) return NoEvaluation();
    return absl::OkStatus();
  }

  const AnyGame& game() const override { return any_game_; }
  AnyPosition position() const override { return position_; }

  void NewGame(const AnyPosition& start, uint64_t seed) override {
    options_.seed = seed;
    Reset(std::get<Position>(start), {});
    if (table_) table_->Clear();
  }
  absl::Status NewGame(absl::string_view position, absl::string_view moves) override {
    if (absl::Status status = SetPosition(position, moves); !status.ok()) return status;
    if (table_) table_->Clear();
    random_ = Random(options_.seed);
    mcts_.reset();
    return absl::OkStatus();
  }
  absl::Status SetPosition(absl::string_view position, absl::string_view moves) override {
    absl::StatusOr<Position> start = ParsePosition(game_, position);
    if (!start.ok()) return start.status();
    Position now = *start;
    std::vector<uint64_t> hashes;
    if (absl::Status status = PlayMoves(moves, now, &hashes); !status.ok()) return status;
    start_ = *start;
    position_ = now;
    history_ = std::move(hashes);
    played_.clear();
    return absl::OkStatus();
  }
  absl::StatusOr<AnyPosition> PositionAfter(absl::string_view position,
                                            absl::string_view moves) const override {
    absl::StatusOr<Position> now = ParsePosition(game_, position);
    if (!now.ok()) return now.status();
    if (absl::Status status = PlayMoves(moves, *now, nullptr); !status.ok()) return status;
    return AnyPosition(*now);
  }
  std::string PositionText(const AnyPosition& position) const override {
    return FormatPosition(game_, std::get<Position>(position));
  }
  std::vector<Decision> LegalDecisions(const AnyPosition& position) const override {
    DecisionList list;
    lud64::LegalDecisions(game_, std::get<Position>(position), list);
    return std::vector<Decision>(list.begin(), list.end());
  }
  absl::Status Play(Decision decision) override {
    DecisionList list;
    lud64::LegalDecisions(game_, position_, list);
    if (!list.contains(decision)) {
      return absl::InvalidArgumentError(IllegalDecisionText(
          game_, position_, FormatDecision(decision, game_.site_names()), list));
    }
    history_.push_back(game_.hash(position_));
    Apply(game_, position_, decision);
    played_.push_back(decision);
    return absl::OkStatus();
  }
  absl::Status Play(absl::string_view text) override {
    absl::StatusOr<Decision> decision = ParseDecision(text, game_.site_names());
    if (!decision.ok()) return decision.status();
    return Play(*decision);
  }

  absl::StatusOr<EngineAnswer> Search(const EngineLimits& limits, StopFlag stop,
                                      const InfoCallback& on_info) override {
    if (position_.state.over()) {
      return absl::FailedPreconditionError("the game is over; no decision to make");
    }
    switch (options_.kind) {
      case EngineKind::kRandom: {
        EngineAnswer answer;
        answer.info.kind = EngineKind::kRandom;
        answer.info.mover = position_.state.to_move;
        answer.best = RandomDecision(game_, position_, random_);
        answer.info.pv = {answer.best};
        return answer;
      }
      case EngineKind::kAlphaBeta:
        if constexpr (SearchableGame<G>) {
          return SearchAlphaBeta(limits, stop, on_info);
        } else {
          return NoEvaluation();
        }
      case EngineKind::kMcts:
        return SearchMcts(limits, stop, on_info);
      case EngineKind::kSolver:
        return SearchSolver(limits, stop, on_info);
      case EngineKind::kUgi:
        break;
    }
    return absl::InternalError("no engine to search with");
  }

  absl::StatusOr<SolveAnswer> Solve(const EngineLimits& limits, StopFlag stop,
                                    const SolveCallback& on_iteration) override;

  std::string DecisionText(Decision decision) const override {
    return FormatDecision(decision, game_.site_names());
  }
  std::string LineText(const std::vector<Decision>& line) const override {
    return lud64::LineText(game_, line);
  }

 private:
  // The endgame tables, opened once: the exact value below a root, and a
  // root's full answer.
  struct TablesOpened {
    EndgameProbe<Position> probe;
    tablebase::TableAnswer<Position> answer;
  };
  absl::StatusOr<TablesOpened> OpenTables(const std::string& dir) const;

  absl::Status NoEvaluation() const {
    return absl::UnimplementedError(absl::StrCat(game_.name(), " has no evaluation yet"));
  }

  void Reset(const Position& start, std::vector<uint64_t> history) {
    start_ = position_ = start;
    history_ = std::move(history);
    played_.clear();
    random_ = Random(options_.seed);
    mcts_.reset();
  }

  void MakeSearchers();
  absl::Status PlayMoves(absl::string_view moves, Position& position,
                         std::vector<uint64_t>* hashes) const {
    if (absl::Status status = PlayRecord(game_, moves, position, nullptr, hashes); !status.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("moves: ", status.message()));
    }
    return absl::OkStatus();
  }
  static absl::StatusOr<std::unique_ptr<TranspositionTable>> MakeTable(int mib) {
    try {
      auto table = std::make_unique<TranspositionTable>(mib);
      table->Populate();
      return table;
    } catch (const std::bad_alloc&) {
      return absl::ResourceExhaustedError(absl::StrCat("hash ", mib, " MiB: not enough memory"));
    }
  }
  // The solver's table, made and cleared; for a game without a search, none.
  absl::Status MakeSolver(int mib) {
    if constexpr (SearchableGame<G>) {
      try {
        solver_.emplace(game_, mib);
      } catch (const std::bad_alloc&) {
        return absl::ResourceExhaustedError(absl::StrCat("hash ", mib, " MiB: not enough memory"));
      }
      solver_->PopulateTable();
      solver_mib_ = mib;
    }
    return absl::OkStatus();
  }

  // The verdict of the tables when they hold the current position.
  absl::StatusOr<std::optional<tablebase::TbProbeResult>> RootVerdict() const {
    if (!tables_.probe || !tables_.probe(position_)) return std::nullopt;
    absl::StatusOr<tablebase::TbProbeResult> answer = tables_.answer(position_);
    if (!answer.ok()) return answer.status();
    return std::optional<tablebase::TbProbeResult>(*std::move(answer));
  }

  static TableVerdict VerdictOf(const tablebase::TbProbeResult& r) {
    return {.family = r.family,
            .sign = tablebase::ResultSign(r.under_limit),
            .turns = r.under_limit.turns,
            .line = r.line};
  }

  // A limit's seconds: the clock's share, or the limit itself.
  static double SecondsOf(const EngineLimits& limits) {
    return limits.clock > 0 ? TimeForDecision(limits.clock, limits.increment) : limits.seconds;
  }

  // `chosen`, or the swindle's decision when the position is proven lost or
  // drawn within what is left of `seconds` after `used` (or, when `seconds`
  // is 0, within `nodes`).
  Decision SwindleOr(Decision chosen, double seconds, double used, uint64_t nodes, bool& swindled);

  absl::StatusOr<EngineAnswer> SearchAlphaBeta(const EngineLimits& limits, StopFlag stop,
                                               const InfoCallback& on_info) requires
      SearchableGame<G>;
  absl::StatusOr<EngineAnswer> SearchMcts(const EngineLimits& limits, StopFlag stop,
                                          const InfoCallback& on_info);
  absl::StatusOr<EngineAnswer> SearchSolver(const EngineLimits& limits, StopFlag stop,
                                            const InfoCallback& on_info);

  const AnyGame any_game_;
  const G& game_;  // in any_game_
  EngineOptions options_;
  Position start_, position_;
  std::vector<uint64_t> history_;  // game.hash of the positions before position_
  std::vector<Decision> played_;   // since the MCTS tree's root
  Random random_{1};

  TablesOpened tables_;
  std::shared_ptr<const QuantizedNetwork> network_;
  std::unique_ptr<TranspositionTable> table_;
  std::unique_ptr<typename SessionSearchers<G>::AlphaBetaType> alphabeta_;
  std::optional<Mcts<G>> mcts_;  // made by the game's first search
  std::optional<typename SessionSearchers<G>::SolverType> solver_;
  int solver_mib_ = 0;
  typename SessionSearchers<G>::SwindleTables swindle_tables_;
};

}  // namespace lud64

#include "play/engine_session_search.h"  // IWYU pragma: export

#endif  // LUD64_PLAY_ENGINE_SESSION_IMPL_H_
