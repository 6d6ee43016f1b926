// Negamax alpha-beta with principal-variation search, iterative deepening,
// aspiration windows, a transposition table, move ordering (table move,
// tactical decisions, killers, history: search/move_picker.h) and a quiescence
// search over tactical decisions. Scores are from the point of view of the
// player to move; a decision after which the same player moves again (Davxar's
// removal) keeps the sign, and forced passes are ordinary decisions.
#ifndef LUD64_SEARCH_ALPHABETA_H_
#define LUD64_SEARCH_ALPHABETA_H_

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/game.h"
#include "engine/score.h"
#include "engine/stop.h"
#include "engine/zobrist.h"
#include "search/endgame_probe.h"
#include "search/move_picker.h"
#include "search/search_threads.h"
#include "search/searchable_game.h"
#include "search/transposition_table.h"

namespace lud64 {

struct SearchLimits {
  int depth = 64;      // plies
  uint64_t nodes = 0;  // 0: no limit
  double seconds = 0;  // 0: no limit
  // Stops when this becomes true (Ctrl-C, a protocol's `stop`).
  StopFlag stop = nullptr;
};

// What the search knows after a completed iteration (or when stopped).
struct SearchReport {
  int depth = 0;
  Score score = 0;
  uint64_t nodes = 0;
  double seconds = 0;
  std::vector<Decision> pv;
};

// What a position at the horizon is worth. The solver brackets the true value
// by valuing every unresolved horizon position as the best (optimistic) or the
// worst (pessimistic) result possible for `for_player`.
enum class Leaves : uint8_t { kEvaluate, kOptimistic, kPessimistic };

struct SearchOptions {
  bool use_table = true;
  bool quiescence = true;
  int quiescence_depth = 8;
  Leaves leaves = Leaves::kEvaluate;
  Evaluation evaluation = kDefaultEvaluation;
  // With a learned evaluation (kLearned, kWholeGame): this network in place of
  // the built-in one of its family (endgame or whole-game); null: the built-in ones.
  std::shared_ptr<const QuantizedNetwork> network = nullptr;
  Player for_player = Player::kP1;  // with optimistic or pessimistic leaves
  // Heuristic search only: a position met again (earlier on the search path
  // or in the game, see SetGameHistory) scores 0. The rules know no
  // repetition, but a cycle makes no progress: the side ahead then looks for
  // progress instead of shuffling against an opponent reduced to passing.
  bool repetitions = true;
};

template <SearchableGame G>
class AlphaBeta {
 public:
  using Position = typename G::Position;
  static constexpr int kMaxPly = 128;

  AlphaBeta(const G& game, TranspositionTable* table, const SearchOptions& options = {})
      : game_(game), table_(options.use_table ? table : nullptr), options_(options) {}

  // Searches `root` (an unfinished position) within `limits`; calls
  // `on_iteration` after each completed depth. The result holds the best line
  // of the deepest completed iteration (or of the partial one, if its first
  // decision was searched and scored better).
  SearchReport Search(const Position& root, const SearchLimits& limits,
                      const std::function<void(const SearchReport&)>& on_iteration = {}) {
    Begin(limits);
    SearchReport best;
    Score previous = 0;
    for (int depth = 1; depth <= std::min(limits.depth, kMaxPly - 1); ++depth) {
      if (helper_ > 0 && HelperSkipsDepth(helper_, depth)) continue;
      Score delta = 40;
      Score alpha = -kInfinity, beta = kInfinity;
      if (depth >= 4 && !IsProven(previous)) {
        alpha = previous - delta;
        beta = previous + delta;
      }
      Score score;
      for (;;) {
        score = Negamax(root, depth, alpha, beta, 0);
        if (stopped_) break;
        if (score <= alpha) {
          alpha = std::max(-kInfinity, alpha - delta);
        } else if (score >= beta) {
          beta = std::min(kInfinity, beta + delta);
        } else {
          break;
        }
        delta *= 4;
      }
      if (stopped_) {
        if (best.pv.empty() && pv_length_[0] > 0)
          best.pv.assign(pv_[0].begin(), pv_[0].begin() + 1);
        break;
      }
      previous = score;
      best.depth = depth;
      best.score = score;
      best.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
      best.nodes = CountedNodes();
      best.seconds = Elapsed();
      if (on_iteration) on_iteration(best);
      // A stop that came during the iteration, maybe before it began (a
      // protocol's `stop` right after `go`), between two checks 1024 nodes
      // apart: no deeper iteration starts.
      if (ExternalStop()) break;
      // A proven result whose whole line lies within the horizon is final.
      if (IsProven(score) && PliesToEnd(score) <= depth) break;
      if (limits.seconds > 0 && Elapsed() > 0.5 * limits.seconds) break;
    }
    best.nodes = CountedNodes();
    best.seconds = Elapsed();
    if (best.pv.empty()) {  // not even depth 1 completed: any legal decision
      DecisionList list;
      LegalDecisions(game_, root, list);
      if (!list.empty()) best.pv.push_back(list[0]);
    }
    return best;
  }

  // The hashes (game.hash) of the positions played before the root, for the
  // repetition rule of SearchOptions.
  void SetGameHistory(std::vector<uint64_t> hashes) { game_history_ = std::move(hashes); }

  // Endgame tables: positions they hold (below the root) are scored by them,
  // exactly or by a bound outside the window (alphabeta_impl.h).
  void SetEndgameProbe(EndgameProbe<Position> probe) { endgame_probe_ = std::move(probe); }
  // Root decisions the next searches leave out (multi-PV: the k-th line is
  // the best decision after the first k-1 lines' are left out).
  void SetExcludedRootDecisions(std::vector<Decision> decisions) {
    excluded_root_ = std::move(decisions);
  }
  // Positions scored by the endgame tables so far.
  uint64_t table_hits() const { return table_hits_; }

  // Multi-PV: the best `lines` lines from `root`, best first. Each depth
  // searches every line with a full window, the k-th with the first
  // decisions of the k-1 before it left out, so each line's score is exact;
  // `on_iteration` sees every completed depth's lines. A stop keeps the last
  // completed depth's.
  std::vector<SearchReport> SearchLines(
      const Position& root, const SearchLimits& limits, int lines,
      const std::function<void(const std::vector<SearchReport>&)>& on_iteration = {}) {
    Begin(limits);
    std::vector<SearchReport> best;
    for (int depth = 1; depth <= std::min(limits.depth, kMaxPly - 1); ++depth) {
      std::vector<SearchReport> these;
      excluded_root_.clear();
      while (static_cast<int>(these.size()) < lines) {
        const Score score = Negamax(root, depth, -kInfinity, kInfinity, 0);
        if (stopped_ || pv_length_[0] == 0) break;  // stopped, or no decision left
        these.push_back({.depth = depth,
                         .score = score,
                         .nodes = CountedNodes(),
                         .seconds = Elapsed(),
                         .pv = {pv_[0].begin(), pv_[0].begin() + pv_length_[0]}});
        excluded_root_.push_back(these.back().pv.front());
      }
      excluded_root_.clear();
      if (stopped_ || these.empty()) break;
      std::stable_sort(
          these.begin(), these.end(),
          [](const SearchReport& a, const SearchReport& b) { return a.score > b.score; });
      best = std::move(these);
      if (on_iteration) on_iteration(best);
      if (ExternalStop()) break;
      const bool final = std::all_of(best.begin(), best.end(), [&](const SearchReport& r) {
        return IsProven(r.score) && PliesToEnd(r.score) <= depth;
      });
      if (final || (limits.seconds > 0 && Elapsed() > 0.5 * limits.seconds)) break;
    }
    if (best.empty()) best.push_back(Search(root, {.depth = 1, .stop = limits.stop}));
    for (SearchReport& r : best) {
      r.nodes = CountedNodes();
      r.seconds = Elapsed();
    }
    return best;
  }

  // One full-window search to exactly `depth` (no iterative deepening), for the
  // solver; keeps the table and the ordering heuristics of earlier calls.
  SearchReport SearchDepth(const Position& root, int depth, const SearchLimits& limits) {
    limits_ = limits;
    if (nodes_ == 0) start_ = Clock::now();
    stopped_ = false;
    SearchReport report;
    report.score = Negamax(root, depth, -kInfinity, kInfinity, 0);
    report.depth = stopped_ ? depth - 1 : depth;
    report.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
    report.nodes = nodes_;
    report.seconds = Elapsed();
    return report;
  }

  uint64_t nodes() const { return nodes_; }
  bool stopped() const { return stopped_; }

  // Makes this search one thread of several (search/lazy_smp.h), or alone
  // again with nullptr: it counts its nodes into `shared` for the node limit
  // and the reports, cuts on deeper table entries, and leaves the table's
  // ageing to whoever runs the threads. Helper `helper` (1, 2, ...) skips
  // some iterations (HelperSkipsDepth); 0 is the main thread.
  void ShareSearch(SharedSearch* shared, int helper) {
    shared_ = shared;
    helper_ = shared ? helper : 0;
  }

 private:
  using Clock = std::chrono::steady_clock;

  // A new search within `limits`: the clock, the counters and the ordering
  // heuristics start afresh, and the table's entries age.
  void Begin(const SearchLimits& limits) {
    limits_ = limits;
    start_ = Clock::now();
    nodes_ = 0;
    stopped_ = false;
    killers_ = {};
    quiet_history_.Clear();
    tactical_history_.Clear();
    if (table_ && !shared_) table_->NewSearch();
  }

  // The nodes for the node limit and the reports: this thread's, or, of
  // several, those all have counted so far.
  uint64_t CountedNodes() const {
    if (!shared_) return nodes_;
    return shared_->nodes.load(std::memory_order_relaxed) + nodes_ % SharedSearch::kNodeBatch;
  }

  double Elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  // The caller's stop flag, or the main thread's end (lazy_smp.h).
  bool ExternalStop() const {
    return Stopping(limits_.stop) || (shared_ && shared_->stop.load(std::memory_order_relaxed));
  }

  bool ShouldStop() {
    static_assert(SharedSearch::kNodeBatch == 1024);
    if ((nodes_ & 1023) != 0) return stopped_;
    const uint64_t counted =
        shared_ ? shared_->nodes.fetch_add(1024, std::memory_order_relaxed) + 1024 : nodes_;
    if (ExternalStop() || (limits_.nodes && counted >= limits_.nodes) ||
        (limits_.seconds > 0 && Elapsed() >= limits_.seconds)) {
      stopped_ = true;
    }
    return stopped_;
  }

  // The score of a finished game for its player to move, `ply` plies from the root.
  Score TerminalScore(const Position& p, int ply) const {
    if (p.state.outcome == Outcome::kDraw) return 0;
    return p.state.outcome == WinFor(p.state.to_move) ? WinIn(ply) : LossIn(ply);
  }

  // The value of an unfinished position where the search stops.
  Score LeafValue(const Position& p, int ply) const {
    const bool mine = p.state.to_move == options_.for_player;
    switch (options_.leaves) {
      case Leaves::kOptimistic:
        return mine ? WinIn(ply + 1) : LossIn(ply + 1);
      case Leaves::kPessimistic:
        return mine ? LossIn(ply + 1) : WinIn(ply + 1);
      case Leaves::kEvaluate:
        break;
    }
    return Discounted(Evaluate(game_, p, options_.evaluation, options_.network), ply);
  }

  // A heuristic value loses kDiscount points per ply from the root, so that a
  // gain is taken now rather than later: against an opponent reduced to forced
  // passes nothing else stops the search from postponing its gain (into the
  // quiescence search, past the opponent's reply) forever.
  static constexpr Score kDiscount = 4;
  static Score Discounted(Score value, int ply) {
    const Score discount = kDiscount * ply;
    if (value > discount) return value - discount;
    if (value < -discount) return value + discount;
    return 0;
  }

  // The table key of `p`, whose game.hash is `hash`.
  uint64_t Key(uint64_t hash, const Position& p, int depth) const {
    // Each way of valuing leaves has its own entries.
    uint64_t key = hash ^ (static_cast<uint64_t>(options_.leaves) * 0xa0761d6478bd642fULL) ^
                   (options_.for_player == Player::kP2 ? 0xe7037ed1a0b428dbULL : 0);
    // The turn counter matters only when the turn limit is within reach.
    if (kTurnLimit - p.state.turn <= depth + options_.quiescence_depth + 2)
      key ^= (p.state.turn + 1) * 0x9e3779b97f4a7c15ULL;
    return key;
  }

  // The score of `child` for the player to move in `parent`.
  Score ChildScore(const Position& parent, const Position& child, int depth, Score alpha,
                   Score beta, int ply) {
    if (child.state.to_move == parent.state.to_move)
      return Negamax(child, depth, alpha, beta, ply + 1);
    return -Negamax(child, depth, -beta, -alpha, ply + 1);
  }

  // A tactical decision (a capture, a mill) made with `depth` plies left
  // gains kEarlyGain * depth, so that of two lines reaching the same gain the
  // search prefers the one that takes it sooner. The ply discount cannot tell
  // them apart, since their leaves lie at the same depth; without this, a side
  // whose opponent is locked into passing keeps inserting waiting moves before
  // its capture and pushes it past the horizon move after move.
  static constexpr Score kEarlyGain = 2;

  // ChildScore plus `gain` for heuristic values: the child is searched with
  // the window moved by the gain. A proven win or loss takes no gain; when it
  // lands where the moved window leaves it ambiguous (a lower bound just below
  // beta), the child is searched again with the window as given. (A draw's 0
  // cannot be told from a heuristic 0, so a capture into a draw scores a
  // little above 0.)
  Score GainedScore(const Position& parent, const Position& child, int depth, Score alpha,
                    Score beta, int ply, Score gain) {
    if (gain == 0) return ChildScore(parent, child, depth, alpha, beta, ply);
    const Score score = ChildScore(parent, child, depth, alpha - gain, beta - gain, ply);
    if (!IsProven(score)) return score + gain;
    if (score >= beta - gain && score < beta) {
      return ChildScore(parent, child, depth, alpha, beta, ply);
    }
    return score;
  }

  // Apply with all it calls inlined, the decision read where it lies. A
  // Decision (3 bytes) passed by value to Apply out of line was put together
  // on the stack by two narrow stores and read back by one wide load, which
  // the processor cannot forward from the stores: a stall at every decision.
  [[gnu::flatten]] void Play(Position& position, const Decision& d) const {
    Apply(game_, position, d);
  }

  // The line at `ply` becomes `d` followed by the line found below it.
  void UpdatePv(int ply, Decision d) {
    pv_[ply][0] = d;
    std::copy(pv_[ply + 1].begin(), pv_[ply + 1].begin() + pv_length_[ply + 1],
              pv_[ply].begin() + 1);
    pv_length_[ply] = pv_length_[ply + 1] + 1;
  }

  // Whether the position at `ply`, whose game.hash is `hash`, repeats a
  // position of the path or of the game (records it on the path either way).
  bool Repeats(uint64_t hash, int ply) {
    path_[ply] = hash;
    for (int earlier = ply - 1; earlier >= 0; --earlier)
      if (path_[earlier] == hash) return true;
    return std::find(game_history_.begin(), game_history_.end(), hash) != game_history_.end();
  }

  Score Negamax(const Position& p, int depth, Score alpha, Score beta, int ply);
  Score Quiescence(const Position& p, Score alpha, Score beta, int ply, int qdepth);
  // After a cut by `best` at `depth`: the killers and histories learn that it
  // cuts, and that the `tried` decisions searched before it did not.
  void RecordCut(const Position& p, int depth, int ply, PickedDecision best,
                 const DecisionList& tried_quiets, const DecisionList& tried_tacticals);

  const G& game_;
  TranspositionTable* table_;
  SearchOptions options_;
  SearchLimits limits_;
  Clock::time_point start_;
  uint64_t nodes_ = 0;
  bool stopped_ = false;
  std::array<Killers, kMaxPly> killers_{};
  DecisionHistory quiet_history_;
  DecisionHistory tactical_history_;
  std::array<std::array<Decision, kMaxPly>, kMaxPly> pv_{};
  std::array<int, kMaxPly> pv_length_{};
  std::vector<uint64_t> game_history_;
  std::vector<Decision> excluded_root_;
  EndgameProbe<Position> endgame_probe_;
  uint64_t table_hits_ = 0;
  std::array<uint64_t, kMaxPly> path_{};  // game.hash of the positions on the search path
  SharedSearch* shared_ = nullptr;        // with other threads (ShareSearch)
  int helper_ = 0;
};

}  // namespace lud64

#include "search/alphabeta_impl.h"  // IWYU pragma: export

#endif  // LUD64_SEARCH_ALPHABETA_H_
