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

namespace swindle_internal {

template <SearchableGame G>
class SwindleSearch {
 public:
  using Position = typename G::Position;

  SwindleSearch(const G& game, Player me, const SwindleLimits& limits)
      : game_(game), me_(me), limits_(limits), solver_(game, /*table_mib=*/4) {}

  // My value of `p` (+1 a win, -1 a loss, 0 a draw) when the solver proves it
  // within `depth` plies.
  std::optional<int> Value(const Position& p, int depth) {
    if (p.state.over()) {
      last_loss_plies_ = 0;
      return p.state.outcome == Outcome::kDraw ? 0 : p.state.outcome == WinFor(me_) ? 1 : -1;
    }
    SearchLimits left{.depth = depth};
    if (limits_.nodes) left.nodes = limits_.nodes > nodes_ ? limits_.nodes - nodes_ : 1;
    if (limits_.seconds > 0) left.seconds = std::max(1e-6, limits_.seconds - Elapsed());
    const SolveReport report = solver_.Solve(p, left);
    nodes_ += report.nodes;
    if (!report.proven) {
      // Unproven after fewer iterations than asked: the limits stopped it.
      if (report.depth < depth) out_of_limits_ = true;
      return std::nullopt;
    }
    last_proof_depth_ = report.depth;
    last_loss_plies_ = report.lower == 0 ? 0 : PliesToEnd(report.lower);
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
      std::optional<Swindle> candidate = Rate(child, value, depth);
      if (out_of_limits_) return std::nullopt;
      if (!candidate) continue;
      candidate->decision = d;
      if (!best || Better(*candidate, *best)) best = candidate;
    }
    return best;
  }

  bool out_of_limits() const { return out_of_limits_; }
  int last_proof_depth() const { return last_proof_depth_; }

 private:
  // More errors first (compared as shares), then the longer loss.
  static bool Better(const Swindle& a, const Swindle& b) {
    const int64_t lhs = int64_t{a.errors} * b.replies;
    const int64_t rhs = int64_t{b.errors} * a.replies;
    return lhs != rhs ? lhs > rhs : a.loss_plies > b.loss_plies;
  }

  // `child`, reached by one of my decisions, rated as a swindle; nullopt
  // when it does not keep `value`.
  std::optional<Swindle> Rate(const Position& child, int value, int depth) {
    // A loss not proven within `depth` plies is at least that long.
    const std::optional<int> kept = Value(child, depth);
    if (out_of_limits_ || kept.value_or(-1) < value) return std::nullopt;
    const int loss_plies = !kept ? depth + 1 : *kept < 0 ? last_loss_plies_ + 1 : 0;
    Swindle rated{.value = value, .replies = 1, .loss_plies = loss_plies};
    if (child.state.over()) return rated;
    // The rest of my turn (a removal after a mill): rated by its best
    // decision, whose loss is one ply longer seen from here.
    if (child.state.to_move == me_) {
      std::optional<Swindle> rest = Best(child, value, depth, Decision::Pass());
      if (rest && rest->value < 0) ++rest->loss_plies;
      return rest;
    }
    DecisionList replies;
    LegalDecisions(game_, child, replies);
    rated.replies = replies.size();
    for (const Decision r : replies) {
      Position grandchild = child;
      Apply(game_, grandchild, r);
      // After a loss the opponent's win must still be forced within `depth`
      // plies; after a draw, the reply must not lose by force.
      const std::optional<int> after = Value(grandchild, depth);
      rated.errors += value < 0 ? after != -1 : after == 1;
    }
    return rated;
  }

  double Elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  const G& game_;
  const Player me_;
  const SwindleLimits limits_;
  Solver<G> solver_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  uint64_t nodes_ = 0;
  int last_proof_depth_ = 0;  // of the last value proven: the depth of its proof
  int last_loss_plies_ = 0;   // and, for a win or a loss, the plies to the end
  bool out_of_limits_ = false;
};

}  // namespace swindle_internal

// The swindle in `root` when its value for the player to move is proven
// within `limits.horizon` plies to be a loss or a draw; nullopt when it is
// not (a win, unproven, or the limits ran out before the proofs did).
// `preferred`, the engine's own choice, wins ties.
template <SearchableGame G>
std::optional<Swindle> FindSwindle(const G& game, const typename G::Position& root,
                                   Decision preferred, const SwindleLimits& limits) {
  if (root.state.over()) return std::nullopt;
  swindle_internal::SwindleSearch<G> search(game, root.state.to_move, limits);
  const std::optional<int> value = search.Value(root, limits.horizon);
  if (!value || *value > 0) return std::nullopt;
  // The root's proof bounds the depth of the others.
  return search.Best(root, *value, std::min(limits.horizon, search.last_proof_depth()), preferred);
}

}  // namespace lud64

#endif  // LUD64_SEARCH_SWINDLE_H_
