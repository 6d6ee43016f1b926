// Monte Carlo tree search over decisions: UCT (UCB1) selection, uniform
// random playouts (search/playout.h) or the static evaluation at the leaves
// (MctsLeaves), and the MCTS-Solver's proofs.
//
// Priors: with evaluation leaves, a node's expansion evaluates every child
// (MctsNode::prior), and each child's prior counts as one visit more in its
// mean (mcts_impl.h, Select).
// Selection then ranks unvisited children by their evaluation, where plain
// UCT visits each child once, in order, before it revisits any: that spent an
// iteration on every child and mixed its value, blunders included, into the
// means of all its ancestors (search/README.md measures the difference).
//
// Rewards: a node holds the results of the playouts through it for the
// player who chose its decision (the parent's player to move), so decisions
// after which the same player moves again (Davxar's removal) and forced
// passes need no special case: each parent maximises its own mover's reward.
// A win is worth 1, a draw half and a loss 0, less or more a little with the
// length of the game (mcts_impl.h, Reward).
//
// Pressing: a leaf valued by the evaluation is worth its expected result
// (1 / (1 + exp(-score / kLogisticScale))) blended, with weight
// `MctsOptions::press`, with the expected result of its score less the
// root's. Where the root is decided (its evaluation beyond kPressMargin),
// the expected result alone is nearly 1 for every leaf and the search would
// wander among decisions that all look won (hundreds of plies in Davxar);
// measured against the root, gaining a piece still counts, and a side behind
// keeps what it has. Within the margin the reference is 0 and the blend is
// the expected result alone (mcts_press.h). (KataGo adds a score utility for the same
// reason.)
//
// Proofs: a node's `proven` field is the game's outcome under best play from
// its position, once known, and `proven_plies` how many decisions the proof
// takes to the end: a win takes its shortest proven line, a loss its longest,
// and the reports choose the shortest proven win (the longest loss), so that
// a won game ends. Finished positions are proven by the rules; a
// node whose player to move has a child proven to win for them is a win, one
// whose children are all proven is the best of their outcomes for that player.
// Outcomes are absolute (P1 wins, P2 wins, draw), so they survive re-rooting.
//
// Threads share one tree (tree parallelism). Counters are atomics; a thread
// adds its visit to a node with few visits on the way down (a virtual loss,
// steering the others away until its result arrives) and the result on the
// way up. Updates of well-visited nodes, near the root, are held back and
// written in bulk (search/mcts_pending.h), so that threads do not contend
// for their cache lines on every iteration. A leaf is expanded by the thread
// that wins a compare-and-swap on its state; the others value it as a leaf
// meanwhile (a playout, or its prior). Nodes come from a bounded arena
// (search/arena.h); when it is full the tree stops growing and its leaves
// are valued as leaves.
#ifndef LUD64_SEARCH_MCTS_H_
#define LUD64_SEARCH_MCTS_H_

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "absl/strings/string_view.h"
#include "engine/game.h"
#include "engine/random.h"
#include "engine/score.h"
#include "engine/stop.h"
#include "search/arena.h"
#include "search/endgame_probe.h"
#include "search/mcts_pending.h"
#include "search/playout.h"
#include "search/playout_runner.h"
#include "search/searchable_game.h"

namespace lud64 {

struct MctsOptions {
  double exploration = kDefaultExploration;  // the UCB1 constant C, rewards being 0 to 1
  double press = kDefaultPress;              // 0 to 1: the pressing term's weight (above)
  MctsLeaves leaves = MctsLeaves::kEvaluation;
  Evaluation evaluation = kDefaultEvaluation;  // with evaluation leaves
  // With a learned evaluation (kLearned, kWholeGame): this network in place of
  // the built-in one of its family (endgame or whole-game); null: the built-in ones.
  std::shared_ptr<const QuantizedNetwork> network = nullptr;
  int threads = 1;  // 1 to 256
  uint64_t seed = 1;
  size_t memory_bytes = 256 << 20;  // the tree's memory bound
  double progress_every = 1.0;      // seconds between progress reports
};

// With neither limit, the search runs until a proof or a stop request.
struct MctsLimits {
  uint64_t iterations = 0;  // 0: no limit
  double seconds = 0;       // 0: no limit
  // Stops when this becomes true (Ctrl-C, a protocol's `stop`).
  StopFlag stop = nullptr;
};

// A decision at the root and what the search knows of it.
struct MctsChoice {
  Decision decision = Decision::Pass();
  uint64_t visits = 0;
  double win_rate = 0;                 // the mean reward for the player to move at the root, 0 to 1
  Outcome proven = Outcome::kOngoing;  // the outcome under best play after it, when proven
  // When proven: the decisions from the root to the end under the proof
  // (this one included; a table's distance counts turns).
  int plies = 0;
};

struct MctsReport {
  MctsChoice best;
  std::vector<Decision> line;  // the most visited line from the root, `best` first
  uint64_t iterations = 0;     // of this search
  uint64_t root_visits = 0;    // with those kept from earlier searches
  double seconds = 0;
  Outcome root_value = Outcome::kOngoing;  // the root's outcome under best play, when proven
  size_t nodes = 0;                        // in the tree, and the arena's capacity
  size_t node_capacity = 0;
  bool memory_full = false;  // the tree stopped growing at the memory bound
  bool stopped = false;      // by a stop request (Ctrl-C)
};

// One node: 32 bytes. Its children are `child_count` consecutive slots.
struct MctsNode {
  enum Expansion : uint8_t { kLeaf, kExpanding, kExpanded };
  using Index = Arena<MctsNode>::Index;

  // Descents through the node; while it has few, those in flight included.
  std::atomic<uint64_t> visits{0};
  // For `mover`, in units of mcts_internal::kRewardScale; not kept at the root.
  std::atomic<uint64_t> reward{0};
  std::atomic<Index> first_child{Arena<MctsNode>::kNone};
  std::atomic<Outcome> proven{Outcome::kOngoing};
  std::atomic<Expansion> expansion{kLeaf};
  uint8_t child_count = 0;     // written before `expansion` becomes kExpanded
  Player mover = Player::kP1;  // who chose `decision`
  Decision decision = Decision::Pass();
  // With evaluation leaves: the static value of the position after
  // `decision` for `mover`, in units of kRewardScale (capped to 16 bits),
  // written when the parent is expanded (Mcts::Expand).
  uint16_t prior = 0;
  // When proven: the decisions from the node's position to the end.
  std::atomic<uint16_t> proven_plies{0};
};
static_assert(sizeof(MctsNode) == 32, "two nodes to a cache line");

template <Game G>
class Mcts {
 public:
  using Position = typename G::Position;
  using Progress = std::function<void(const MctsReport&)>;

  // The arena holds at least the root and its children.
  Mcts(const G& game, const MctsOptions& options)
      : game_(game),
        options_(options),
        arena_(std::max(options.memory_bytes, (1 + DecisionList::kCapacity) * sizeof(MctsNode))) {
    SetRoot(game.start(), false);
  }

  // Searches from `position` from now on; keeps the tree if it is already the
  // root and `keep_tree` holds.
  void SetRoot(const Position& position, bool keep_tree = true) {
    if (keep_tree && position == root_position_) return;
    root_position_ = position;
    arena_.Truncate(0);
    arena_.Allocate(1);
  }

  // Plays `decisions` from the root position. The subtree of the position
  // reached is kept, moved to the front of the arena; without one, the tree
  // starts anew.
  void Advance(std::span<const Decision> decisions);

  // Searches the root (an unfinished position) within `limits`, calling
  // `on_progress` about every `options.progress_every` seconds.
  MctsReport Search(const MctsLimits& limits, const Progress& on_progress = {});

  // What the tree holds now, with `seconds` as the search's time.
  MctsReport Report(double seconds = 0) const;
  // Every decision of the root, in the order of generation (empty before a search).
  std::vector<MctsChoice> Choices() const;

  const Position& root_position() const { return root_position_; }

  // Endgame tables: positions they hold become proven nodes. Set before a
  // search, not during one.
  void SetEndgameProbe(EndgameProbe<Position> probe) { endgame_probe_ = std::move(probe); }
  size_t nodes() const { return arena_.used(); }
  size_t node_capacity() const { return arena_.capacity(); }

 private:
  using Index = MctsNode::Index;
  using Clock = std::chrono::steady_clock;

  MctsNode& root() { return arena_[0]; }
  const MctsNode& root() const { return arena_[0]; }

  // Runs iterations until a limit, a stop request or a proof of the root;
  // `visits_before`: the root's visits when the search started.
  void Work(int thread, const MctsLimits& limits, Clock::time_point start, uint64_t visits_before,
            const Progress& on_progress);
  using Pending = mcts_internal::PendingUpdates<MctsNode>;
  // A node an iteration went through: whether its visit was counted on the
  // way down, and whether its update is held back.
  struct Step {
    MctsNode* node;
    uint64_t visits;  // with this iteration's
    bool counted;
    bool held_back;
  };

  // One iteration: selection and expansion down from the root, a leaf's value
  // or a proven result, and the update of the path. `path` is the caller's, to
  // avoid an allocation per iteration; `pending`: where to hold back the
  // updates of well-visited nodes, nullptr to write them at once.
  void Iterate(Random& random, std::vector<Step>& path, Pending* pending);
  // Adds `node` to the path, counting its visit now while it has few (a
  // virtual loss); returns its visits with this one.
  uint64_t Enter(MctsNode& node, std::vector<Step>& path, bool may_hold_back);
  // Adds the children of a leaf, unless another thread is at it or the arena
  // is full; true when the node has children. With evaluation leaves, each
  // child's prior is its position's evaluation (or its result, when the
  // decision ends the game: then the child is proven).
  bool Expand(MctsNode& node, const Position& position);
  // Sets a new child's prior from `after`, the position its decision leads to,
  // and proves it when that position is finished.
  void SetPrior(MctsNode& child, const Position& after) const;
  // Whether children carry priors: evaluation leaves of a searchable game.
  bool UsesPriors() const;
  // The child to descend to (UCB1), skipping proven losses; nullptr when every
  // child is a proven loss for `to_move`. `visits`: the node's, with this iteration's.
  MctsNode* Select(MctsNode& node, uint64_t visits, Player to_move);
  // Proves an expanded node from its children, when they allow it.
  bool TryProve(MctsNode& node);
  // The pressing term's reference for `position` (the root), for P1: its
  // evaluation beyond kPressMargin, 0 within it or without the term.
  Score PressReference(const Position& position) const;
  // Before a search: the reference of the root; a tree kept from a search
  // whose reference differs by more than kPressTolerance starts anew (its
  // values were measured against another).
  void UpdatePressReference();
  // The reward for P1 of an unproven leaf (playout or evaluation; with
  // priors only the root's is computed here); `plies`: its depth below the root.
  uint64_t LeafReward(const Position& position, int plies, Random& random) const;
  // The reward for P1 of the static evaluation of `position` (evaluation leaves).
  uint64_t EvaluationReward(const Position& position) const;
  // The child a player would choose: a proven win, else the most visited of
  // those not proven lost.
  const MctsNode* BestChild(const MctsNode& node) const;
  MctsChoice Choice(const MctsNode& child) const;
  void Compact(Index new_root);

  const G& game_;
  MctsOptions options_;
  Arena<MctsNode> arena_;
  Position root_position_;
  EndgameProbe<Position> endgame_probe_;
  Score press_reference_ = 0;         // PressReference of the tree's values
  uint64_t searches_ = 0;             // each search draws new random streams
  std::atomic<uint64_t> started_{0};  // iterations claimed, with an iteration limit
  std::atomic<bool> time_up_{false};
};

}  // namespace lud64

#include "search/mcts_impl.h"  // IWYU pragma: export

#endif  // LUD64_SEARCH_MCTS_H_
