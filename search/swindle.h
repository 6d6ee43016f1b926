// Playing on in a position whose value is settled against the player to
// move: a loss, or a draw. Against best play the decisions that keep that
// value are all alike (minimax tells losses apart only by their length). But
// an opponent who can err (a person, random play) still has to find the best
// reply, and the decisions differ in how many of its replies are errors:
// after a loss, the replies that let the win slip (no longer forced within
// the proof's depth); after a draw, the replies that lose by force. The
// swindle is the decision, among those keeping the value, with the largest
// share of such errors, then the longest loss, then the engine's own choice.
// Proofs come from the solver, so only values it settles within
// SwindleLimits::horizon plies and the limits are played this way.
#ifndef LUD64_SEARCH_SWINDLE_H_
#define LUD64_SEARCH_SWINDLE_H_

#include <algorithm>
#include <chrono>
#include <optional>

#include "search/solver.h"

namespace lud64 {

struct SwindleLimits {
  int horizon = 16;    // the deepest proof of the position's value, in plies
  uint64_t nodes = 0;  // for all the proofs together; 0: no limit
  double seconds = 0;  // likewise
};

struct Swindle {
  Decision decision = Decision::Pass();
  int value = 0;       // with best play: -1 a loss, 0 a draw (a win needs no swindle)
  int errors = 0;      // of the opponent's replies, those that give up its result
  int replies = 0;     // all its replies
  int loss_plies = 0;  // the length of the loss after the decision (0 for a draw)
};

// The tables of one player's swindle proofs, kept from one decision to the
// next: tables made for each decision would be fresh memory to map and clear
// every time (a third of a quick player's time, half of it under the
// sanitizers). Each search clears them first, so that its result depends on
// its root alone, as with new tables.
template <SearchableGame G>
struct SwindleTables {
  explicit SwindleTables(const G& game) : root_proof(game, /*table_mib=*/1) {}
  Solver<G> root_proof;
  // The bound searches' table; made by the first, since most positions a
  // player asks about are not proven lost or drawn and need none.
  std::optional<TranspositionTable> bounds;
};

namespace swindle_internal {

template <SearchableGame G>
class SwindleSearch {
 public:
  using Position = typename G::Position;

  SwindleSearch(const G& game, Player me, const SwindleLimits& limits, SwindleTables<G>& tables)
      : game_(game), me_(me), limits_(limits), tables_(tables) {}

  // My value of `p` (+1 a win, -1 a loss, 0 a draw) when the solver proves it
  // within `depth` plies; sets proof_depth().
  std::optional<int> Value(const Position& p, int depth) {
    tables_.root_proof.ClearTable();
    const SolveReport report = tables_.root_proof.Solve(p, Left(depth));
    nodes_ += report.nodes;
    if (!report.proven) {
      // Unproven after fewer iterations than asked: the limits stopped it.
      if (report.depth < depth) out_of_limits_ = true;
      return std::nullopt;
    }
    proof_depth_ = report.depth;
    const int value = report.lower > 0 ? 1 : report.lower < 0 ? -1 : 0;
    return p.state.to_move == me_ ? value : -value;
  }

  // The best of my decisions in `p` (me to move, worth `value` to me, proven
  // within `depth` plies), `preferred` first among equals; nullopt when none
  // keeps the value or the limits ran out.
  std::optional<Swindle> Best(const Position& p, int value, int depth, Decision preferred) {
    std::optional<Swindle> best;
    DecisionList decisions;
    LegalDecisions(game_, p, decisions);
    for (int i = 1; i < decisions.size(); ++i)
      if (decisions[i] == preferred) decisions.swap(0, i);
    for (const Decision d : decisions) {
      Position child = p;
      Apply(game_, child, d);
      std::optional<Swindle> candidate = Rate(child, value, depth - 1);
      if (out_of_limits_) return std::nullopt;
      if (!candidate) continue;
      candidate->decision = d;
      if (!best || Better(*candidate, *best)) best = candidate;
    }
    return best;
  }

  bool out_of_limits() const { return out_of_limits_; }
  int proof_depth() const { return proof_depth_; }

 private:
  // More errors first (compared as shares), then the longer loss.
  static bool Better(const Swindle& a, const Swindle& b) {
    const int64_t lhs = int64_t{a.errors} * b.replies;
    const int64_t rhs = int64_t{b.errors} * a.replies;
    return lhs != rhs ? lhs > rhs : a.loss_plies > b.loss_plies;
  }

  // `child`, reached by one of my decisions, rated as a swindle; nullopt
  // when it does not keep `value` within `depth` plies from it.
  std::optional<Swindle> Rate(const Position& child, int value, int depth) {
    Swindle rated{.value = value, .replies = 1};
    if (value == 0) {
      // Keeping a draw needs a proof: the worst case for me is not a loss.
      const std::optional<Score> low = Bound(Leaves::kPessimistic, child, depth);
      if (!low || *low < 0) return std::nullopt;
    } else {
      // Every decision loses; the longest loss is the tie-break.
      const std::optional<Score> high = Bound(Leaves::kOptimistic, child, depth);
      if (!high) return std::nullopt;
      rated.loss_plies = *high < -kProvenScore ? PliesToEnd(*high) + 1 : depth + 2;
    }
    if (child.state.over()) return rated;
    // The rest of my turn (a removal after a mill): rated by its best decision.
    if (child.state.to_move == me_) {
      std::optional<Swindle> rest = Best(child, value, depth, Decision::Pass());
      if (rest && rest->value < 0) ++rest->loss_plies;  // one ply longer from here
      return rest;
    }
    DecisionList replies;
    LegalDecisions(game_, child, replies);
    rated.replies = replies.size();
    for (const Decision r : replies) {
      Position grandchild = child;
      Apply(game_, grandchild, r);
      if (value == 0) {
        // An error after a draw: a reply that loses by force.
        const std::optional<Score> low = Bound(Leaves::kPessimistic, grandchild, depth - 1);
        rated.errors += low && *low > kProvenScore;
      } else {
        // An error after a loss: a reply after which the win is no longer forced.
        const std::optional<Score> high = Bound(Leaves::kOptimistic, grandchild, depth - 1);
        rated.errors += high && *high > -kProvenScore;
      }
      if (out_of_limits_) return std::nullopt;
    }
    return rated;
  }

  // My score of `p` searched to `depth` plies, positions left unresolved
  // there counting as my loss (a lower bound, kPessimistic) or my win (an
  // upper bound, kOptimistic): one search, where a proof needs two.
  std::optional<Score> Bound(Leaves leaves, const Position& p, int depth) {
    if (p.state.over()) {
      if (p.state.outcome == Outcome::kDraw) return 0;
      return p.state.outcome == WinFor(me_) ? WinIn(0) : LossIn(0);
    }
    if (depth <= 0) return leaves == Leaves::kPessimistic ? LossIn(0) : WinIn(0);
    if (!bounds_cleared_) {
      if (tables_.bounds) {
        tables_.bounds->Clear();
      } else {
        tables_.bounds.emplace(/*mebibytes=*/4);
      }
      bounds_cleared_ = true;
    }
    AlphaBeta<G> search(game_, &*tables_.bounds, {.leaves = leaves, .for_player = me_});
    const SearchReport report = search.SearchDepth(p, depth, Left(depth));
    nodes_ += report.nodes;
    if (search.stopped()) {
      out_of_limits_ = true;
      return std::nullopt;
    }
    return p.state.to_move == me_ ? report.score : -report.score;
  }

  // What is left of the limits for one search to `depth` plies.
  SearchLimits Left(int depth) const {
    SearchLimits left{.depth = depth};
    if (limits_.nodes) left.nodes = limits_.nodes > nodes_ ? limits_.nodes - nodes_ : 1;
    if (limits_.seconds > 0) {
      const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start_;
      left.seconds = std::max(1e-6, limits_.seconds - elapsed.count());
    }
    return left;
  }

  const G& game_;
  const Player me_;
  const SwindleLimits limits_;
  SwindleTables<G>& tables_;
  bool bounds_cleared_ = false;  // by this search
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  uint64_t nodes_ = 0;
  int proof_depth_ = 0;  // of the last value proven
  bool out_of_limits_ = false;
};

}  // namespace swindle_internal

// The swindle in `root` when its value for the player to move is proven
// within `limits.horizon` plies to be a loss or a draw; nullopt when it is
// not (a win, unproven, or the limits ran out before the proofs did).
// `preferred`, the engine's own choice, wins ties.
// `tables` serve every call of one player (SwindleTables).
template <SearchableGame G>
std::optional<Swindle> FindSwindle(const G& game, const typename G::Position& root,
                                   Decision preferred, const SwindleLimits& limits,
                                   SwindleTables<G>& tables) {
  if (root.state.over()) return std::nullopt;
  swindle_internal::SwindleSearch<G> search(game, root.state.to_move, limits, tables);
  const std::optional<int> value = search.Value(root, limits.horizon);
  if (!value || *value > 0) return std::nullopt;
  // The root's proof bounds the depth of the others.
  return search.Best(root, *value, std::min(limits.horizon, search.proof_depth()), preferred);
}

// The same with tables for this call alone.
template <SearchableGame G>
std::optional<Swindle> FindSwindle(const G& game, const typename G::Position& root,
                                   Decision preferred, const SwindleLimits& limits) {
  SwindleTables<G> tables(game);
  return FindSwindle(game, root, preferred, limits, tables);
}

}  // namespace lud64

#endif  // LUD64_SEARCH_SWINDLE_H_
