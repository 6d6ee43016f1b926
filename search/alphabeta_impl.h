// The recursive part of AlphaBeta (alphabeta.h).
#ifndef LUD64_SEARCH_ALPHABETA_IMPL_H_
#define LUD64_SEARCH_ALPHABETA_IMPL_H_

#include <algorithm>
#include <optional>

#include "search/alphabeta.h"

namespace lud64 {

template <SearchableGame G>
void AlphaBeta<G>::RecordCut(const Position& p, int depth, int ply, PickedDecision best,
                             const DecisionList& tried_quiets,
                             const DecisionList& tried_tacticals) {
  const Player me = p.state.to_move;
  const int bonus = HistoryBonus(depth);
  if (best.tactical) {
    tactical_history_.Update(me, best.decision, bonus);
  } else {
    killers_[ply].Add(best.decision);
    quiet_history_.Update(me, best.decision, bonus);
    for (const Decision d : tried_quiets) quiet_history_.Update(me, d, -bonus);
  }
  // A quiet cut condemns the tactical decisions tried before it as well.
  for (const Decision d : tried_tacticals) tactical_history_.Update(me, d, -bonus);
}

template <SearchableGame G>
Score AlphaBeta<G>::Negamax(const Position& p, int depth, Score alpha, Score beta, int ply) {
  pv_length_[ply] = 0;
  if (p.state.over()) return TerminalScore(p, ply);
  const bool check_repetitions = options_.repetitions && options_.leaves == Leaves::kEvaluate;
  // One hash of the position serves the repetition rule and the table key.
  const uint64_t hash = check_repetitions || table_ ? game_.hash(p) : 0;
  const bool interior = depth > 0 && ply < kMaxPly - 1;
  const uint64_t key = table_ && interior ? Key(hash, p, depth) : 0;
  if (table_ && interior) table_->Prefetch(key);
  if (check_repetitions && Repeats(hash, ply) && ply > 0) return 0;
  // An endgame table's value ends the search here, leaves included. A win
  // that fails high even at its slice's longest distance, or a loss that
  // fails low, returns that bound: its own distance could not change what
  // the node tells its parent, and it is the costly part of a compressed probe.
  if (ply > 0 && MayHold<G>(endgame_probe_, p)) {
    if (const std::optional<TableValue> result = endgame_probe_.Result(p)) {
      const Score score = TableScore(*result, ply);
      if (result->exact || (result->sign > 0 ? score >= beta : score <= alpha)) {
        ++table_hits_;
        return score;
      }
      if (const std::optional<TableValue> exact = endgame_probe_(p)) {
        ++table_hits_;
        return TableScore(*exact, ply);
      }
    }
  }
  if (!interior) {
    return options_.quiescence && options_.leaves == Leaves::kEvaluate
               ? Quiescence(p, alpha, beta, ply, options_.quiescence_depth)
               : LeafValue(p, ply);
  }
  ++nodes_;
  if (ShouldStop()) return 0;

  // Proven results cannot be beaten by more than the shortest win from here.
  alpha = std::max(alpha, LossIn(ply));
  beta = std::min(beta, WinIn(ply + 1));
  if (alpha >= beta) return alpha;

  const Score original_alpha = alpha;
  // The decisions are generated while the table's bucket, prefetched, comes
  // from memory: the probe of a large table is the one cache miss of a node,
  // and waiting for it would stall the search for about half its time.
  MovePicker<G> picker(game_, p, Decision::Pass(), killers_[ply], quiet_history_,
                       tactical_history_);
  if (table_) {
    if (const std::optional<TableEntry> entry = table_->Probe(key)) {
      picker.SetTableMove(entry->best);
      const Score stored = FromStored(entry->score, ply);
      // One thread's heuristic search cuts only on entries of exactly this
      // depth: a deeper one would make the result depend on the order of the
      // search (and differ from no table). Several threads' results depend on
      // their timing anyway, and the deeper entries of one are what it leaves
      // the others (Damdaman: half the nodes to a depth, search/README.md).
      // With bracketing leaves, deeper entries are tighter bounds that are
      // just as sound.
      const bool depth_ok = options_.leaves == Leaves::kEvaluate && !shared_
                                ? entry->depth == depth
                                : entry->depth >= depth;
      if (ply > 0 && depth_ok &&
          (entry->bound == Bound::kExact || (entry->bound == Bound::kLower && stored >= beta) ||
           (entry->bound == Bound::kUpper && stored <= alpha))) {
        return stored;
      }
    }
  }

  DecisionList tried_quiets, tried_tacticals;  // searched without a cut
  Score best = -kInfinity;
  Decision best_decision = Decision::Pass();
  PickedDecision picked;
  for (int i = 0; picker.Next(picked);) {
    const Decision d = picked.decision;
    if (ply == 0 && !excluded_root_.empty() &&
        std::find(excluded_root_.begin(), excluded_root_.end(), d) != excluded_root_.end()) {
      continue;
    }
    const bool first = i++ == 0;
    const Score gain =
        options_.leaves == Leaves::kEvaluate && picked.tactical ? kEarlyGain * depth : 0;
    Position child = p;
    Play(child, d);
    Score score;
    if (first) {
      score = GainedScore(p, child, depth - 1, alpha, beta, ply, gain);
    } else {
      score = GainedScore(p, child, depth - 1, alpha, alpha + 1, ply, gain);
      if (score > alpha && score < beta)
        score = GainedScore(p, child, depth - 1, alpha, beta, ply, gain);
    }
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      best_decision = d;
      if (score > alpha) {
        alpha = score;
        UpdatePv(ply, d);
        if (alpha >= beta) {
          RecordCut(p, depth, ply, picked, tried_quiets, tried_tacticals);
          break;
        }
      }
    }
    (picked.tactical ? tried_tacticals : tried_quiets).push(d);
  }
  // A root searched without some of its decisions is no value of the position.
  if (table_ && (ply > 0 || excluded_root_.empty())) {
    const Bound bound = best >= beta            ? Bound::kLower
                        : best > original_alpha ? Bound::kExact
                                                : Bound::kUpper;
    table_->Store(key, depth, ToStored(best, ply), bound, best_decision);
  }
  return best;
}

template <SearchableGame G>
Score AlphaBeta<G>::Quiescence(const Position& p, Score alpha, Score beta, int ply, int qdepth) {
  pv_length_[ply] = 0;
  if (p.state.over()) return TerminalScore(p, ply);
  ++nodes_;
  if (ShouldStop()) return 0;
  // A same-turn decision (a removal) cannot be skipped by standing pat.
  const bool must_decide = game_.mid_turn(p);
  Score best = -kInfinity;
  if (!must_decide) {
    best = Discounted(Evaluate(game_, p, options_.evaluation, options_.network), ply);
    if (best >= beta || qdepth <= 0 || ply >= kMaxPly - 2) return best;
    alpha = std::max(alpha, best);
  }
  MovePicker<G> picker(game_, p, tactical_history_, /*all=*/must_decide);
  PickedDecision picked;
  while (picker.Next(picked)) {
    const Decision d = picked.decision;
    Position child = p;
    Play(child, d);
    const Score score = child.state.to_move == p.state.to_move
                            ? Quiescence(child, alpha, beta, ply + 1, qdepth - 1)
                            : -Quiescence(child, -beta, -alpha, ply + 1, qdepth - 1);
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        UpdatePv(ply, d);
        if (alpha >= beta) break;
      }
    }
  }
  return best;
}

}  // namespace lud64

#endif  // LUD64_SEARCH_ALPHABETA_IMPL_H_
