// The batched front-ends' legal actions (play/legal_actions.h) against the
// games' own lists, along random games of every game and line set.
#include "play/legal_actions.h"

#include <gtest/gtest.h>

#include <string>
#include <variant>
#include <vector>

#include "boards/damdaman/damdaman_tensors.h"
#include "boards/davxar/davxar_tensors.h"
#include "boards/game_list.h"
#include "boards/guettal/guettal_tensors.h"
#include "engine/random.h"
#include "search/playout.h"

namespace lud64 {
namespace {

// Over `games` random games of `name`: the row holds the ids of
// LegalDecisions and nothing else (written over a row of other values, and
// not past its end), and IsLegal (read from the decision sets) agrees with
// every cell.
void ExpectRowIsTheList(const std::string& name, int games) {
  absl::StatusOr<AnyGame> any = MakeGame(name);
  ASSERT_TRUE(any.ok()) << any.status();
  std::visit(
      [&](const auto& game) {
        const ActionSpace actions(ActionDecisions(game));
        const LegalActionRows rows(actions);
        uint64_t seed = 17;
        Random random(SplitMix64(seed));
        int positions = 0;
        for (int g = 0; g < games; ++g) {
          auto position = game.start();
          for (int ply = 0; ply < 400 && !position.state.over(); ++ply, ++positions) {
            std::vector<char> expected(actions.size(), 0);
            DecisionList list;
            LegalDecisions(game, position, list);
            for (Decision d : list) {
              const int id = actions.id(d);
              ASSERT_GE(id, 0) << name << ": a legal decision without an id";
              expected[id] = 1;
            }
            std::vector<char> row(actions.size() + 1, 2);  // the cell past the row stays 2
            LegalActionRows::Bits bits;
            rows.Write(game, position, reinterpret_cast<bool*>(row.data()), bits);
            ASSERT_EQ(row[actions.size()], 2) << name << ": written past the row";
            row.pop_back();
            ASSERT_EQ(row, expected) << name << ", game " << g << ", ply " << ply;
            for (int id = 0; id < actions.size(); ++id) {
              ASSERT_EQ(IsLegal(game, position, actions.decision(id)), expected[id] == 1)
                  << name << ", id " << id;
              ASSERT_EQ(LegalActionRows::HasBit(bits.data(), id), expected[id] == 1)
                  << name << ", bit " << id;
            }
            for (int id = actions.size(); id < 64 * rows.bit_words(); ++id) {
              ASSERT_FALSE(LegalActionRows::HasBit(bits.data(), id)) << name << ", bit " << id;
            }
            Apply(game, position, RandomDecision(game, position, random));
          }
        }
        EXPECT_GT(positions, games * 5);
      },
      *any);
}

TEST(LegalActions, Davxar) { ExpectRowIsTheList("davxar", 20); }
TEST(LegalActions, DavxarLudiiLines) { ExpectRowIsTheList("davxar:lines=ludii,pieces=6", 20); }
TEST(LegalActions, Damdaman) { ExpectRowIsTheList("damdaman", 2); }
TEST(LegalActions, Guettal) { ExpectRowIsTheList("guettal", 200); }

TEST(ActionSpaceLayout, SiteBasesAndStepIds) {
  const Davxar davxar;
  const ActionSpace actions(ActionDecisions(davxar));
  const int base = actions.site_base(DecisionKind::kPlace);
  ASSERT_GE(base, 0);
  EXPECT_EQ(actions.id(Decision::Place(5)), base + 5);
  EXPECT_GE(actions.site_base(DecisionKind::kRemove), 0);
  const Decision step = actions.decision(actions.size() - 2);  // the last step, before the pass
  ASSERT_EQ(step.kind, DecisionKind::kStep);
  EXPECT_EQ(actions.step_ids()[64 * step.from + step.to], actions.size() - 2);
  EXPECT_EQ(actions.step_ids()[64 * step.from + step.from], -1);
  // Damdaman numbers no placements: no base.
  EXPECT_EQ(ActionSpace(ActionDecisions(Damdaman())).site_base(DecisionKind::kPlace), -1);
}

}  // namespace
}  // namespace lud64
