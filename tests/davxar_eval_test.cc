// Davxar's evaluation (davxar_eval.cc) counts the line terms of all lines at
// once with bit-sliced counters; here it is checked against the plain reading
// of its definition, one line at a time, on positions of random games and on
// random boards; and so is the tactical test of the move picker.
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "boards/davxar/davxar.h"
#include "boards/davxar/davxar_text.h"
#include "engine/game_spec.h"
#include "engine/position_text.h"
#include "engine/zobrist.h"
#include "gtest/gtest.h"
#include "search/playout.h"

namespace lud64::davxar_eval_test {
namespace {

// The terms as davxar_eval.cc's header defines them, counted in `terms` (the
// phase's, from the side's own term on).
template <class Table>
void AddLineTermsOneByOne(const Table& mills, Bitboard own, Bitboard opponent, int hand,
                          int* terms) {
  for (size_t i = 0; i < mills.points.size(); ++i) {
    const Bitboard points = mills.points[i];
    const Bitboard held = own & points;
    if ((own & mills.span[i] & ~points) != 0 || (opponent & points) != 0 || held == 0) continue;
    const Bitboard missing = points & ~held;
    if (PopCount(missing) != 1) {
      ++terms[Davxar::kOpenLineTerm];
      continue;
    }
    if ((missing & mills.credit[i]) == 0) continue;  // not a pivot
    const int at = LowestSite(missing);
    const bool ready = hand > 0 || (davxar::kNeighbours[at] & own & ~points) != 0;
    ++terms[ready ? Davxar::kThreatTerm : Davxar::kAlmostLineTerm];
  }
}

void AddMovementOneByOne(Bitboard own, Bitboard opponent, int hand, int* terms) {
  if (hand > 0) return;
  for (int p : Sites(own)) {
    const int moves = PopCount(davxar::kNeighbours[p] & davxar::kAllPoints & ~(own | opponent));
    terms[Davxar::kMoveTerm] += moves;
    terms[Davxar::kBlockedPieceTerm] += moves == 0;
  }
}

Davxar::EvaluationTerms TermsOneByOne(const Davxar& game, const Davxar::Position& p) {
  const int me = Index(p.state.to_move);
  const Bitboard own = p.pieces[me], opponent = p.pieces[1 - me];
  const int hand = p.hand[me], their_hand = p.hand[1 - me];
  Davxar::EvaluationTerms all{};
  const bool placement = hand > 0 || their_hand > 0;
  int* const terms = all.data() + (placement ? 0 : Davxar::kTermsPerPhase);
  terms[Davxar::kPieceTerm] = PopCount(own) + hand - PopCount(opponent) - their_hand;
  terms[Davxar::kPendingRemovalTerm] = p.remove && game.Removable(opponent) != 0;
  const auto lines = [&](const auto& mills) {
    AddLineTermsOneByOne(mills, own, opponent, hand, terms);
    AddLineTermsOneByOne(mills, opponent, own, their_hand, terms + 1);
  };
  if (game.lines() == davxar::MillTest::kLudii) {
    lines(davxar::kLudiiMills);
  } else {
    lines(davxar::kHistoricalMills);
  }
  AddMovementOneByOne(own, opponent, hand, terms);
  AddMovementOneByOne(opponent, own, their_hand, terms + 1);
  return all;
}

// The evaluation is its terms, counted as defined, weighed.
void ExpectAsDefined(const Davxar& game, const Davxar::Position& position, const char* name) {
  const Davxar::EvaluationTerms terms = TermsOneByOne(game, position);
  ASSERT_EQ(game.evaluation_terms(position), terms)
      << name << ": " << FormatPosition(game, position);
  Score score = 0;
  for (int i = 0; i < Davxar::kEvaluationTermCount; ++i) {
    score += Davxar::kEvaluationWeights[i] * terms[i];
  }
  ASSERT_EQ(game.evaluate(position), score) << name << ": " << FormatPosition(game, position);
}

// The names (lud64-train terms' CSV header) follow the layout of the terms:
// placement, then movement; in each, material, a pending removal, then each
// line and movement term for the mover and then for the opponent.
TEST(DavxarEvalLines, TermNamesFollowTheLayout) {
  const auto& names = Davxar::kEvaluationTermNames;
  const std::pair<int, std::string> kSideTerms[] = {{Davxar::kThreatTerm, "threat"},
                                                    {Davxar::kAlmostLineTerm, "almost_line"},
                                                    {Davxar::kOpenLineTerm, "open_line"},
                                                    {Davxar::kMoveTerm, "move"},
                                                    {Davxar::kBlockedPieceTerm, "blocked"}};
  for (int phase = 0; phase < 2; ++phase) {
    const std::string prefix = phase == 0 ? "placement_" : "movement_";
    const int base = phase * Davxar::kTermsPerPhase;
    EXPECT_EQ(names[base + Davxar::kPieceTerm], prefix + "piece");
    EXPECT_EQ(names[base + Davxar::kPendingRemovalTerm], prefix + "pending_removal");
    for (const auto& [term, name] : kSideTerms) {
      EXPECT_EQ(names[base + term], absl::StrCat(prefix, "own_", name));
      EXPECT_EQ(names[base + term + 1], absl::StrCat(prefix, "their_", name));
    }
  }
}

const char* const kVariants[] = {"davxar", "davxar:pieces=6", "davxar:lines=ludii",
                                 "davxar:lines=ludii,pieces=16"};

Davxar Game(const char* name) { return GameFromSpec<Davxar>(ParseGameSpec(name).value()).value(); }

TEST(DavxarEvalLines, AsDefinedOnRandomGames) {
  for (const char* name : kVariants) {
    const Davxar game = Game(name);
    Random random(17);
    int positions = 0;
    for (int playout = 0; playout < 40; ++playout) {
      Davxar::Position position = game.start();
      while (!position.state.over()) {
        ASSERT_NO_FATAL_FAILURE(ExpectAsDefined(game, position, name));
        ++positions;
        Apply(game, position, RandomDecision(game, position, random));
      }
    }
    EXPECT_GT(positions, 2000) << name;
  }
}

// Random boards reach what games rarely do: crowded lines, many threats,
// blocking points held (Ludii's lines), hands and removals in any mix.
TEST(DavxarEvalLines, AsDefinedOnRandomBoards) {
  for (const char* name : kVariants) {
    const Davxar game = Game(name);
    Random random(23);
    for (int board = 0; board < 20000; ++board) {
      Davxar::Position position = game.start();
      for (int p = 0; p < davxar::kPoints; ++p) {
        const uint64_t what = random.Below(3);  // empty, P1 or P2, evenly
        if (what > 0) position.pieces[what - 1] |= SquareBit(p);
      }
      position.hand = {static_cast<uint8_t>(random.Below(3)),
                       static_cast<uint8_t>(random.Below(3))};
      position.state.to_move = random.Below(2) ? Player::kP1 : Player::kP2;
      position.remove = random.Below(4) == 0;
      ASSERT_NO_FATAL_FAILURE(ExpectAsDefined(game, position, name));
    }
  }
}

// The test made once per position answers as is_tactical for each decision.
TEST(DavxarEvalLines, TacticalTestAsIsTactical) {
  for (const char* name : kVariants) {
    const Davxar game = Game(name);
    Random random(29);
    int tactical = 0, decisions = 0;
    for (int playout = 0; playout < 40; ++playout) {
      Davxar::Position position = game.start();
      DecisionList list;
      while (!position.state.over()) {
        const Davxar::TacticalTest test = game.tactical_test(position);
        LegalDecisions(game, position, list);
        for (const Decision d : list) {
          ASSERT_EQ(test(d), game.is_tactical(position, d))
              << name << ": " << FormatPosition(game, position);
          tactical += test(d);
          ++decisions;
        }
        Apply(game, position, RandomDecision(game, position, random));
      }
    }
    EXPECT_GT(tactical, 100) << name;
    EXPECT_GT(decisions, 2 * tactical) << name;
  }
}

// generate_tactical gives exactly the tactical decisions of generate, in its
// order (the quiescence search's order depends on it), and the hash read a
// byte of the board at a time is the Zobrist hash of the pieces.
TEST(DavxarEvalLines, TacticalGenerationAndHash) {
  for (const char* name : kVariants) {
    const Davxar game = Game(name);
    Random random(31);
    int tactical = 0;
    for (int playout = 0; playout < 40; ++playout) {
      Davxar::Position position = game.start();
      DecisionList all, tacticals;
      while (!position.state.over()) {
        LegalDecisions(game, position, all);
        DecisionList expected;
        for (const Decision d : all)
          if (game.is_tactical(position, d)) expected.push(d);
        tacticals.clear();
        game.generate_tactical(position, tacticals);
        ASSERT_EQ(std::vector<Decision>(tacticals.begin(), tacticals.end()),
                  std::vector<Decision>(expected.begin(), expected.end()))
            << name << ": " << FormatPosition(game, position);
        tactical += tacticals.size();
        ASSERT_EQ(game.hash(position), HashPieces(position.pieces, 0, position.state) ^
                                           kZobrist.hand[0][position.hand[0]] ^
                                           kZobrist.hand[1][position.hand[1]] ^
                                           (position.remove ? kZobrist.mid_turn : 0))
            << name << ": " << FormatPosition(game, position);
        Apply(game, position, RandomDecision(game, position, random));
      }
    }
    EXPECT_GT(tactical, 100) << name;
  }
}

}  // namespace
}  // namespace lud64::davxar_eval_test
