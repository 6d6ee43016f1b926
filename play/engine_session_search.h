// The searches of GameEngineSession (engine_session_impl.h): alpha-beta, MCTS
// and the solver from the session's position, with its tables, network and
// swindle. Included by engine_session_impl.h alone.
#ifndef LUD64_PLAY_ENGINE_SESSION_SEARCH_H_
#define LUD64_PLAY_ENGINE_SESSION_SEARCH_H_

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "play/engine_session_impl.h"

namespace lud64 {

template <NotatedGame G>
auto GameEngineSession<G>::OpenTables(const std::string& dir) const
    -> absl::StatusOr<TablesOpened> {
  if constexpr (!tablebase::TablebaseFor<G>::kSupported) {
    return tablebase::NoTablebaseError(game_.name());
  } else {
    auto base = tablebase::OpenShared(game_, dir);
    if (!base.ok()) return base.status();
    TablesOpened tables;
    tables.probe = tablebase::ProbeOver(*base);
    tables.answer = [base = *base](const Position& position) {
      return tablebase::ProbeOpen(*base, position);
    };
    return tables;
  }
}

template <NotatedGame G>
void GameEngineSession<G>::MakeSearchers() {
  if constexpr (SearchableGame<G>) {
    alphabeta_.reset();
    if (table_) {
      alphabeta_ = std::make_unique<LazySmp<G>>(game_, table_.get(),
                                                SearchOptions{.quiescence = options_.quiescence,
                                                              .evaluation = options_.evaluation,
                                                              .network = network_},
                                                options_.threads);
      alphabeta_->SetEndgameProbe(tables_.probe);
    }
  }
  mcts_.reset();
}

template <NotatedGame G>
Decision GameEngineSession<G>::SwindleOr(Decision chosen, double seconds, double used,
                                         uint64_t nodes, bool& swindled) {
  if constexpr (SearchableGame<G>) {
    const SwindleLimits limits{.nodes = seconds > 0 ? 0 : nodes,
                               .seconds = seconds > 0 ? std::max(1e-3, seconds - used) : 0};
    if (!swindle_tables_) swindle_tables_.emplace(game_);
    const std::optional<Swindle> swindle =
        FindSwindle(game_, position_, chosen, limits, *swindle_tables_);
    if (swindle) {
      swindled = swindle->decision != chosen;
      return swindle->decision;
    }
  }
  return chosen;
}

template <NotatedGame G>
absl::StatusOr<EngineAnswer> GameEngineSession<G>::SearchAlphaBeta(
    const EngineLimits& limits, StopFlag stop,
    const InfoCallback& on_info) requires SearchableGame<G> {
  EngineAnswer answer;
  answer.info.kind = EngineKind::kAlphaBeta;
  answer.info.mover = position_.state.to_move;
  // A root the tables hold: their best decision at once.
  absl::StatusOr<std::optional<tablebase::TbProbeResult>> verdict = RootVerdict();
  if (!verdict.ok()) return verdict.status();
  if (*verdict && (*verdict)->best) {
    answer.best = *(*verdict)->best;
    answer.info.table = VerdictOf(**verdict);
    answer.info.pv = (*verdict)->line;
    if (on_info) on_info(answer.info);
    return answer;
  }
  const double seconds = SecondsOf(limits);
  constexpr double kLeastSeconds = 1e-3;  // for a decision
  const SearchLimits search_limits{.depth = limits.depth > 0 ? limits.depth : AlphaBeta<G>::kMaxPly,
                                   .nodes = limits.nodes,
                                   .seconds = seconds > 0 ? std::max(kLeastSeconds, seconds) : 0,
                                   .stop = stop};
  const Player mover = position_.state.to_move;
  const auto info_of = [mover](const SearchReport& r) {
    EngineInfo info;
    info.kind = EngineKind::kAlphaBeta;
    info.mover = mover;
    info.depth = r.depth;
    info.score = r.score;
    info.nodes = r.nodes;
    info.seconds = r.seconds;
    info.pv = r.pv;
    return info;
  };
  alphabeta_->SetGameHistory(history_);
  if (limits.multipv > 1) {
    const auto line_info = [&](const SearchReport& r, size_t i) {
      EngineInfo info = info_of(r);
      info.multipv = static_cast<int>(i) + 1;
      return info;
    };
    const std::vector<SearchReport> lines = alphabeta_->SearchLines(
        position_, search_limits, limits.multipv, [&](const std::vector<SearchReport>& reports) {
          for (size_t i = 0; i < reports.size() && on_info; ++i) on_info(line_info(reports[i], i));
        });
    for (size_t i = 0; i < lines.size(); ++i) answer.lines.push_back(line_info(lines[i], i));
    answer.info = answer.lines.front();
    answer.best = lines.front().pv.front();
    return answer;
  }
  const SearchReport report =
      alphabeta_->Search(position_, search_limits, [&](const SearchReport& r) {
        if (on_info) on_info(info_of(r));
      });
  answer.info = info_of(report);
  answer.best = report.pv.front();
  // Short of a proven win the position may still be a proven loss or draw
  // (a draw need not score 0: the search's gain for early captures): the
  // swindle's solver tells, in the time the search left unused.
  // A search that ended at its depth or node limit leaves the swindle as
  // many nodes as it searched, not the rest of a time limit it never needed.
  const bool by_time = !(limits.depth > 0 && report.depth >= limits.depth) && limits.nodes == 0;
  if (options_.swindle && !Stopping(stop) && !(IsProven(report.score) && report.score > 0)) {
    answer.best = SwindleOr(answer.best, by_time ? search_limits.seconds : 0, report.seconds,
                            report.nodes, answer.swindle);
  }
  return answer;
}

template <NotatedGame G>
absl::StatusOr<EngineAnswer> GameEngineSession<G>::SearchMcts(const EngineLimits& limits,
                                                              StopFlag stop,
                                                              const InfoCallback& on_info) {
  if (!mcts_) {
    mcts_.emplace(game_, MctsOptions{.exploration = options_.exploration,
                                     .press = options_.press,
                                     .leaves = options_.leaves,
                                     .evaluation = options_.evaluation,
                                     .network = network_,
                                     .threads = options_.threads,
                                     .seed = options_.seed,
                                     .memory_bytes = size_t(options_.memory_mib) << 20});
    mcts_->SetEndgameProbe(tables_.probe);
    mcts_->SetRoot(start_);
  }
  // The tree is kept from one decision to the next (Mcts::Advance).
  mcts_->Advance(played_);
  played_.clear();
  if (mcts_->root_position() != position_) mcts_->SetRoot(position_);
  const double seconds = SecondsOf(limits);
  MctsLimits mcts_limits{.iterations = limits.nodes, .seconds = seconds, .stop = stop};
  if (options_.swindle) mcts_limits.seconds *= 1 - kSwindleShare;
  const Player mover = position_.state.to_move;
  const auto info_of = [mover](const MctsReport& r) {
    EngineInfo info;
    info.kind = EngineKind::kMcts;
    info.mover = mover;
    info.iterations = r.iterations;
    info.nodes = r.nodes;
    info.seconds = r.seconds;
    info.pv = r.line;
    info.best = {r.best.decision, r.best.visits, r.best.win_rate, r.best.proven};
    info.memory_full = r.memory_full;
    return info;
  };
  const MctsReport report = mcts_->Search(mcts_limits, [&](const MctsReport& r) {
    if (on_info) on_info(info_of(r));
  });
  EngineAnswer answer;
  answer.info = info_of(report);
  for (const MctsChoice& choice : mcts_->Choices()) {
    answer.info.root.push_back({choice.decision, choice.visits, choice.win_rate, choice.proven});
  }
  answer.best = report.best.decision;
  // Unless the search proves a win, the position may be a proven loss or
  // draw (MCTS rarely proves draws) and the decision a swindle.
  if (options_.swindle && !Stopping(stop) && report.root_value != WinFor(mover)) {
    answer.best = SwindleOr(answer.best, limits.nodes > 0 ? 0 : seconds, report.seconds,
                            kSwindleNodesPerIteration * limits.nodes, answer.swindle);
  }
  return answer;
}

template <NotatedGame G>
absl::StatusOr<EngineAnswer> GameEngineSession<G>::SearchSolver(const EngineLimits& limits,
                                                                StopFlag stop,
                                                                const InfoCallback& on_info) {
  const Player mover = position_.state.to_move;
  const auto info_of = [mover](const SolveAnswer& a) {
    EngineInfo info;
    info.kind = EngineKind::kSolver;
    info.mover = mover;
    info.depth = a.depth;
    info.score = a.lower;
    info.nodes = a.nodes;
    info.seconds = a.seconds;
    info.pv = a.line;
    return info;
  };
  absl::StatusOr<SolveAnswer> solved = Solve(limits, stop, [&](const SolveAnswer& a) {
    if (on_info) on_info(info_of(a));
  });
  if (!solved.ok()) return solved.status();
  EngineAnswer answer;
  answer.best = solved->best;
  answer.info = info_of(*solved);
  answer.info.table = solved->table;
  return answer;
}

// A proof that reached the tables, played on through the tables' optimal
// line from the first position they hold to the end: scores mix search plies
// and table turns, so distances are read off this line instead. Empty when
// the line does not reach the tables and an end.
template <Game G>
std::optional<std::pair<std::vector<Decision>, typename G::Position>> LineThroughTables(
    const G& game, typename G::Position position, const std::vector<Decision>& pv,
    const tablebase::TableAnswer<typename G::Position>& answer) {
  std::vector<Decision> line;
  for (Decision d : pv) {
    Apply(game, position, d);
    line.push_back(d);
    if (!position.state.over()) {
      absl::StatusOr<tablebase::TbProbeResult> held = answer(position);
      if (!held.ok()) continue;
      for (Decision rest : held->line) {
        Apply(game, position, rest);
        line.push_back(rest);
      }
      if (!position.state.over()) return std::nullopt;
    }
    return std::make_pair(std::move(line), position);
  }
  return std::nullopt;
}

template <NotatedGame G>
absl::StatusOr<SolveAnswer> GameEngineSession<G>::Solve(const EngineLimits& limits, StopFlag stop,
                                                        const SolveCallback& on_iteration) {
  if (position_.state.over()) {
    return absl::FailedPreconditionError("the game is already over");
  }
  if constexpr (!SearchableGame<G>) {
    return absl::UnimplementedError(absl::StrCat(game_.name(), " has no search support yet"));
  } else {
    SolveAnswer answer;
    absl::StatusOr<std::optional<tablebase::TbProbeResult>> verdict = RootVerdict();
    if (!verdict.ok()) return verdict.status();
    if (*verdict) {
      const tablebase::TbProbeResult& r = **verdict;
      answer.table = VerdictOf(r);
      answer.proven = true;
      answer.best = r.best.value_or(Decision::Pass());
      answer.line = r.line;
      answer.turns = r.under_limit.turns;
      answer.plies = answer.table->sign != 0 ? static_cast<int>(r.line.size()) : -1;
      return answer;
    }
    // The solver's table, made and cleared before the clock starts, as the
    // search's; a proof depends on its root alone.
    if (!solver_) {
      if (absl::Status status = MakeSolver(options_.hash_mib); !status.ok()) return status;
      solver_->SetEndgameProbe(tables_.probe);
    } else {
      solver_->ClearTable();
    }
    const auto answer_of = [](const SolveReport& r) {
      SolveAnswer a;
      a.proven = r.proven;
      a.lower = r.lower;
      a.upper = r.upper;
      a.depth = r.depth;
      a.nodes = r.nodes;
      a.seconds = r.seconds;
      a.best = r.pv.empty() ? Decision::Pass() : r.pv.front();
      a.line = r.pv;
      return a;
    };
    const SolveReport r = solver_->Solve(position_,
                                         {.depth = limits.depth > 0 ? limits.depth : 100,
                                          .nodes = limits.nodes,
                                          .seconds = SecondsOf(limits),
                                          .stop = stop},
                                         [&](const SolveReport& it) {
                                           if (on_iteration) on_iteration(answer_of(it));
                                         });
    answer = answer_of(r);
    if (!r.proven) return answer;
    // A draw carries no distance in the score: its plies are those of the line.
    answer.plies = r.lower == 0 ? static_cast<int>(r.pv.size()) : PliesToEnd(r.lower);
    if (tables_.answer && r.lower != 0) {
      if (auto through = LineThroughTables(game_, position_, r.pv, tables_.answer)) {
        answer.turns = through->second.state.turn - position_.state.turn;
        answer.plies = static_cast<int>(through->first.size());
        answer.line = std::move(through->first);
      }
    }
    return answer;
  }
}

}  // namespace lud64

#endif  // LUD64_PLAY_ENGINE_SESSION_SEARCH_H_
