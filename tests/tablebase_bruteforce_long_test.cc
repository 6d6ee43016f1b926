// The tables against a plain fixed point computed here from the game's rules
// alone: every position of a few small slices (no symmetry, no unmoves, no
// colour swap), its decisions from LegalDecisions and Apply, values iterated
// until nothing changes.
#include <cstdint>
#include <limits>
#include <tuple>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "boards/damdaman/damdaman_text.h"
#include "boards/davxar/davxar_text.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "tablebase/games/damdaman_tablebase.h"
#include "tablebase/games/davxar_tablebase.h"
#include "tablebase/games/game_tablebases.h"
#include "tests/scoped_temp_dir.h"
#include "tests/tablebase_test_support.h"

namespace lud64::tablebase::tablebase_bruteforce_test {
namespace {

// A game graph over positions with any player to move, `turn` kept at 0.
template <class G>
class BruteForce {
 public:
  using Position = typename G::Position;

  explicit BruteForce(const G& game) : game_(game) {}

  void AddRoot(const Position& position) { Node(position); }

  void Solve() {
    for (size_t i = 0; i < positions_.size(); ++i) Expand(i);  // grows while expanding
    std::vector<int> value(positions_.size(), kUnknown);
    for (bool changed = true; changed;) {
      changed = false;
      std::vector<int> next(value.size());
      for (size_t i = 0; i < positions_.size(); ++i) {
        next[i] = Evaluate(i, value);
        changed |= next[i] != value[i];
      }
      value.swap(next);
    }
    values_ = value;
  }

  size_t size() const { return positions_.size(); }
  const Position& position(size_t i) const { return positions_[i]; }
  // The value for the player to move.
  TbValue value(size_t i) const {
    const int v = values_[i];
    if (v == kUnknown) return {};
    return v > 0 ? TbValue{TbResult::kWin, v} : TbValue{TbResult::kLoss, -v};
  }

 private:
  static constexpr int kUnknown = std::numeric_limits<int>::min();
  static constexpr int kWinNow = -1;   // child: the decision wins
  static constexpr int kDrawNow = -2;  // child: the decision draws (all passes)
  struct Edge {
    int child;
    bool same_player;
  };
  using Key = std::tuple<Bitboard, Bitboard, int, bool>;

  Key KeyOf(const Position& p) const {
    int extra = Index(p.state.to_move) + 2 * p.state.passed;
    if constexpr (requires { p.remove; }) extra += 4 * p.remove + 8 * p.hand[0] + 256 * p.hand[1];
    return {p.pieces[0], p.pieces[1], extra, false};
  }

  int Node(const Position& position) {
    auto [it, inserted] = ids_.try_emplace(KeyOf(position), positions_.size());
    if (inserted) positions_.push_back(position);
    return it->second;
  }

  void Expand(size_t i) {
    const Position position = positions_[i];
    DecisionList list;
    LegalDecisions(game_, position, list);
    std::vector<Edge> edges;
    for (Decision decision : list) {
      Position next = position;
      Apply(game_, next, decision);
      next.state.turn = 0;
      if (next.state.over()) {
        edges.push_back({next.state.outcome == Outcome::kDraw ? kDrawNow : kWinNow, false});
      } else {
        edges.push_back({Node(next), next.state.to_move == position.state.to_move});
      }
    }
    if (edges_.size() <= i) edges_.resize(i + 1);
    edges_[i] = std::move(edges);
  }

  // Win in d: +d; loss in d: -d.
  int Evaluate(size_t i, const std::vector<int>& value) const {
    int best_win = std::numeric_limits<int>::max();
    int longest_loss = 0;
    bool all_known = true;
    for (const Edge& edge : edges_[i]) {
      if (edge.child == kWinNow) {
        best_win = std::min(best_win, 1);
        continue;
      }
      const int v = edge.child == kDrawNow ? kUnknown : value[edge.child];
      if (v == kUnknown) {
        all_known = false;
        continue;
      }
      const int mine = edge.same_player ? v : (v > 0 ? -(v + 1) : -v + 1);
      if (mine > 0) {
        best_win = std::min(best_win, mine);
      } else {
        longest_loss = std::max(longest_loss, -mine);
      }
    }
    if (best_win != std::numeric_limits<int>::max()) return best_win;
    return all_known ? -longest_loss : kUnknown;
  }

  G game_;
  std::vector<Position> positions_;
  std::vector<std::vector<Edge>> edges_;
  absl::flat_hash_map<Key, int> ids_;
  std::vector<int> values_;
};

// Every placement of `own` and `opponent` pieces on `sites` sites.
template <class F>
void ForEachPair(int sites, int own, int opponent, const F& f) {
  const Bitboard all = sites == 64 ? ~Bitboard{0} : SquareBit(sites) - 1;
  auto subsets = [&](int size, Bitboard within, const auto& g) {
    std::vector<int> free;
    for (int site : Sites(within)) free.push_back(site);
    auto rec = [&](auto&& self, int depth, int from, Bitboard set) -> void {
      if (depth == size) return g(set);
      for (int i = from; i < static_cast<int>(free.size()); ++i) {
        self(self, depth + 1, i + 1, set | SquareBit(free[i]));
      }
    };
    rec(rec, 0, 0, 0);
  };
  subsets(own, all, [&](Bitboard a) { subsets(opponent, all & ~a, [&](Bitboard b) { f(a, b); }); });
}

template <class Tb, class G>
void ExpectTablesMatch(const Tb& tb, const G& game, const std::vector<SliceKey>& slices, int sites,
                       const std::string& dir) {
  const Tablebase<Tb> base = BuildAndOpen(tb, slices, dir);
  BruteForce<G> brute(game);
  for (const SliceKey& key : slices) {
    // Every position that can occur (the others' stored values are "don't care").
    ForEachPair(sites, key.own, key.opponent, [&](Bitboard own, Bitboard opponent) {
      if (MayOccur(tb, key, own, opponent)) brute.AddRoot(tb.Make(key, own, opponent));
    });
  }
  brute.Solve();
  int mismatches = 0, wins = 0, losses = 0;
  for (size_t i = 0; i < brute.size(); ++i) {
    const absl::StatusOr<TbValue> probed = base.Probe(brute.position(i));
    ASSERT_TRUE(probed.ok()) << probed.status();
    const TbValue expected = brute.value(i);
    wins += expected.result == TbResult::kWin;
    losses += expected.result == TbResult::kLoss;
    if (*probed != expected && ++mismatches <= 5) {
      ADD_FAILURE() << FormatPosition(game, brute.position(i)) << ": table " << ValueText(*probed)
                    << ", brute force " << ValueText(expected);
    }
  }
  EXPECT_EQ(mismatches, 0);
  EXPECT_GT(wins, 0);
  EXPECT_GT(losses, 0);
}

TEST(TablebaseBruteForceLong, DavxarThreeAgainstOne) {
  const std::vector<SliceKey> slices = {
      {3, 1, 0, 0, false}, {3, 1, 0, 0, true}, {1, 3, 0, 0, false}};
  for (davxar::MillTest lines : {davxar::MillTest::kHistorical, davxar::MillTest::kLudii}) {
    const ScopedTempDir dir(lines == davxar::MillTest::kLudii ? "tb_brute_ludii" : "tb_brute_hist");
    ExpectTablesMatch(davxar::DavxarTb(lines), Davxar(lines, 3), slices, davxar::kPoints,
                      dir.path());
  }
}

TEST(TablebaseBruteForceTest, DamdamanTwoAgainstOne) {
  const std::vector<SliceKey> slices = {{1, 1}, {2, 1}, {1, 2}};
  const ScopedTempDir dir("tb_brute_damdaman");
  ExpectTablesMatch(damdaman::DamdamanTb(), Damdaman(), slices, Damdaman::Grid::kSites, dir.path());
}

}  // namespace
}  // namespace lud64::tablebase::tablebase_bruteforce_test
