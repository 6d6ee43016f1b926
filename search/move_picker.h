// Move ordering for the alpha-beta search, in Stockfish's spirit: a picker
// hands out the decisions of a position one at a time, in stages,
//   1. the table (hash) move, if it is legal here;
//   2. the tactical decisions (captures, mills, removals), best tactical
//      history first;
//   3. the killers of this ply that are quiet decisions here;
//   4. the other quiet decisions, best history first;
// and tells with each one whether it is tactical, so that IsTactical
// (Guettal's flood fill, for one) runs at most once per decision of a node.
// Each stage is sorted only when reached: a cut by the table move costs no
// IsTactical at all, a cut by a tactical decision no quiet scoring.
//
// The histories score decisions by their kind as well as their sites (a
// Davxar removal on X is not a placement on X), and move with Stockfish's
// gravity: a bonus b moves a score h by b - h * |b| / kMax, so that scores
// stay within +-kMax, recent results weigh more than old ones, and a decision
// that stops cutting loses its rank.
#ifndef LUD64_SEARCH_MOVE_PICKER_H_
#define LUD64_SEARCH_MOVE_PICKER_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <utility>

#include "engine/decision.h"
#include "engine/game.h"
#include "engine/player.h"
#include "search/searchable_game.h"

namespace lud64 {

// Scores of decisions for each player, by kind, origin and destination.
class DecisionHistory {
 public:
  static constexpr int kMax = 1 << 14;

  // A step has an origin and a destination; a placement, a removal and a pass
  // have only a destination (a pass not even that), so they share one row of
  // slots per kind after the steps.
  static constexpr int kSlots = 64 * 64 + 3 * 64;
  static constexpr int Slot(Decision d) {
    switch (d.kind) {
      case DecisionKind::kStep:
        return 64 * d.from + d.to;
      case DecisionKind::kPlace:
        return 64 * 64 + d.to;
      case DecisionKind::kRemove:
        return 64 * 64 + 64 + d.to;
      case DecisionKind::kPass:
        break;
    }
    return 64 * 64 + 128;
  }

  int Get(Player player, Decision d) const { return scores_[Index(player)][Slot(d)]; }

  // Gravity: moves the score towards +-kMax by `bonus`, less the closer it is.
  void Update(Player player, Decision d, int bonus) {
    if (bonus > kMax) bonus = kMax;
    if (bonus < -kMax) bonus = -kMax;
    int16_t& h = scores_[Index(player)][Slot(d)];
    h = static_cast<int16_t>(h + bonus - h * std::abs(bonus) / kMax);
  }

  void Clear() { scores_ = {}; }

 private:
  std::array<std::array<int16_t, kSlots>, 2> scores_{};
};

// A cut at `depth` plies moves the histories by this much (the decision that
// cut up, the ones searched before it in vain down): deep cuts weigh more,
// up to a quarter of kMax (reached at depth 16). Of the bonuses tried on the
// positions of perft-midgame.txt (16 or 32 d^2, 256 d, caps 2048 to 8192),
// 16 d^2 gave the smallest trees at fixed depth, by a few percent.
constexpr int HistoryBonus(int depth) {
  const int bonus = 16 * depth * depth;
  return bonus < DecisionHistory::kMax / 4 ? bonus : DecisionHistory::kMax / 4;
}

// The two most recent quiet decisions that cut at one ply.
struct Killers {
  std::array<Decision, 2> decisions = {Decision::Pass(), Decision::Pass()};

  void Add(Decision d) {
    if (decisions[0] == d) return;
    decisions[1] = decisions[0];
    decisions[0] = d;
  }
};

// What the picker hands out: a decision, and whether it is tactical.
struct PickedDecision {
  Decision decision;
  bool tactical;
};

// Optionally, a game generates its tactical decisions alone
// (`game.generate_tactical(p, list)`, appending them in the order of
// `generate`), for quiescence nodes, where most positions have none.
template <class G>
concept HasTacticalGeneration = HasTacticalDecisions<G> &&
    requires(const G& game, const typename G::Position& p, DecisionList& list) {
  game.generate_tactical(p, list);
};

template <Game G>
class MovePicker {
 public:
  using Position = typename G::Position;

  // The picker of a full-width node. `table_move` is a pass when there is
  // none (a forced pass, the only decision then, comes out with the quiets).
  MovePicker(const G& game, const Position& p, Decision table_move, const Killers& killers,
             const DecisionHistory& quiet_history, const DecisionHistory& tactical_history)
      : game_(game),
        position_(p),
        table_move_(table_move),
        killers_(&killers),
        quiet_history_(&quiet_history),
        tactical_history_(tactical_history),
        stage_(Stage::kTableMove) {
    LegalDecisions(game, p, list_);
  }
  // Sets the table move, before the first Next (the search generates the
  // decisions while it waits for the table).
  void SetTableMove(Decision table_move) { table_move_ = table_move; }
  // The picker keeps a pointer to the killers: a temporary would dangle.
  MovePicker(const G&, const Position&, Decision, const Killers&&, const DecisionHistory&,
             const DecisionHistory&) = delete;

  // The picker of a quiescence node: the tactical decisions only, unless
  // `all` (a decision that cannot be skipped by standing pat, such as
  // Davxar's removal), when the quiet ones follow them in generation order.
  MovePicker(const G& game, const Position& p, const DecisionHistory& tactical_history, bool all)
      : game_(game),
        position_(p),
        table_move_(Decision::Pass()),
        killers_(nullptr),
        quiet_history_(nullptr),
        tactical_history_(tactical_history),
        stage_(Stage::kClassify),
        quiets_wanted_(all) {
    if constexpr (HasTacticalGeneration<G>) {
      if (!all) {
        // The tactical decisions alone, in the order Classify leaves them.
        game.generate_tactical(p, list_);
        const Player me = p.state.to_move;
        for (int i = 0; i < list_.size(); ++i) scores_[i] = tactical_history_.Get(me, list_[i]);
        tactical_end_ = list_.size();
        stage_ = Stage::kTactical;
        return;
      }
    }
    LegalDecisions(game, p, list_);
  }

  // The next decision, or false when all have been handed out.
  bool Next(PickedDecision& out) {
    for (;;) {
      switch (stage_) {
        case Stage::kTableMove:
          stage_ = Stage::kClassify;
          if (table_move_.is_pass()) break;
          for (int i = 0; i < list_.size(); ++i) {
            if (list_[i] == table_move_) {
              list_.swap(0, i);
              next_ = 1;
              out = {table_move_, IsTactical(game_, position_, table_move_)};
              return true;
            }
          }
          break;
        case Stage::kClassify:
          Classify();
          stage_ = Stage::kTactical;
          break;
        case Stage::kTactical:
          if (next_ < tactical_end_) {
            PickBest();
            out = {list_[next_++], true};
            return true;
          }
          if (!quiets_wanted_) {
            stage_ = Stage::kDone;
          } else {
            stage_ = killers_ ? Stage::kKiller : Stage::kQuietsInOrder;
            killer_ = 0;
          }
          break;
        case Stage::kKiller:
          while (killer_ < 2) {
            const Decision killer = killers_->decisions[killer_++];
            if (killer.is_pass()) continue;
            for (int i = next_; i < list_.size(); ++i) {
              if (list_[i] == killer) {
                list_.swap(next_, i);
                out = {list_[next_++], false};
                return true;
              }
            }
          }
          ScoreQuiets();
          stage_ = Stage::kQuiets;
          break;
        case Stage::kQuiets:
          if (next_ < list_.size()) {
            PickBest();
            out = {list_[next_++], false};
            return true;
          }
          stage_ = Stage::kDone;
          break;
        case Stage::kQuietsInOrder:
          if (next_ < list_.size()) {
            out = {list_[next_++], false};
            return true;
          }
          stage_ = Stage::kDone;
          break;
        case Stage::kDone:
          return false;
      }
    }
  }

 private:
  enum class Stage : uint8_t {
    kTableMove,
    kClassify,
    kTactical,
    kKiller,
    kQuiets,
    kQuietsInOrder,
    kDone,
  };

  // Moves the tactical decisions not yet handed out to the front of the rest,
  // each with its tactical history score.
  void Classify() {
    const Player me = position_.state.to_move;
    const auto is_tactical = TacticalTest(game_, position_);
    int end = next_;
    for (int i = next_; i < list_.size(); ++i) {
      const Decision d = list_[i];
      if (!is_tactical(d)) continue;
      list_.swap(end, i);
      scores_[end] = tactical_history_.Get(me, d);
      ++end;
    }
    tactical_end_ = end;
  }

  void ScoreQuiets() {
    const Player me = position_.state.to_move;
    for (int i = next_; i < list_.size(); ++i) scores_[i] = quiet_history_->Get(me, list_[i]);
  }

  // Brings the best-scored decision of the current stage to `next_` (of
  // equals, the first in the list). The best score is found first, by a
  // branch-free loop the compiler vectorises; a compare-and-branch scan
  // mispredicted at every new maximum of the many scores of a quiet stage.
  void PickBest() {
    const int end = stage_ == Stage::kTactical ? tactical_end_ : list_.size();
    int top = scores_[next_];
    for (int i = next_ + 1; i < end; ++i) top = std::max(top, scores_[i]);
    int best = next_;
    while (scores_[best] != top) ++best;
    if (best != next_) {
      list_.swap(next_, best);
      std::swap(scores_[next_], scores_[best]);
    }
  }

  const G& game_;
  const Position& position_;
  Decision table_move_;
  const Killers* killers_;
  const DecisionHistory* quiet_history_;
  const DecisionHistory& tactical_history_;
  Stage stage_;
  bool quiets_wanted_ = true;
  int next_ = 0;          // list_[0, next_) has been handed out
  int tactical_end_ = 0;  // list_[next_, tactical_end_) are tactical, once classified
  int killer_ = 0;
  DecisionList list_;
  std::array<int, DecisionList::kCapacity> scores_;
};

}  // namespace lud64

#endif  // LUD64_SEARCH_MOVE_PICKER_H_
