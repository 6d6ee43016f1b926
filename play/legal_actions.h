// The legal actions of a position by action id, for the batched front-ends
// (play/game_batch.cc, play/batch_env_impl.h): written as a row of bools
// straight from the game's decision sets.
#ifndef LUD64_PLAY_LEGAL_ACTIONS_H_
#define LUD64_PLAY_LEGAL_ACTIONS_H_

#include <array>
#include <cstdint>

#include "engine/action_space.h"
#include "engine/game.h"

namespace lud64 {

// Writes rows of legal actions (row[id] for each id of an action space), and
// their bits beside (for a test of one action in one read). Where a set's
// ids lie together, its cells and bits are written at once, without a
// branch per target (a loop over a piece's one or two free neighbours
// mispredicts its exit; with a lookup per legal step and bits marked one by
// one into a word in memory, a fifth of a Pgx step):
// - a step set with a fixed origin whose steps have ids base + k, its k-th
//   neighbour (Davxar's): eight cells picked from the targets in one shuffle;
// - placements or removals whose ids follow the sites: 16 cells a shuffle.
class LegalActionRows {
 public:
  explicit LegalActionRows(const ActionSpace& actions);

  int width() const { return actions_->size(); }

  // The legal actions as bits: bit id % 64 of word id / 64 (every game has
  // fewer than 512 actions); bit_words() words hold them all.
  using Bits = std::array<uint64_t, 8>;
  int bit_words() const { return (width() + 63) / 64; }
  static bool HasBit(const uint64_t* words, int id) {
    return ((words[id >> 6] >> (id & 63)) & 1) != 0;
  }

  // The legal actions of an unfinished position: row[0, width) and `bits`.
  template <Game G>
  void Write(const G& game, const typename G::Position& position, bool* row, Bits& bits) const;
  // row[0, width) = false.
  void Zero(bool* row) const;

 private:
  // The steps from one origin, when they can be written as 8 cells at
  // row + base: its k-th step (k < 8, targets ascending) has id base + k,
  // and cells past its steps up to base + 8 hold only the steps of higher
  // origins (written after it: the sets come by origin) or lie past nothing.
  struct OriginSteps {
    int base = -1;          // -1: written cell by cell
    uint64_t shuffle = 0;   // byte k: the byte of the targets holding neighbour k (0x80: none)
    uint64_t bit_mask = 0;  // byte k: neighbour k's bit in that byte
  };
  // Placements or removals, by site: site s is row cell base + s, written 16
  // at a time for sites below `sites` (a multiple of 16).
  struct SiteRun {
    int base = -1;
    int sites = 0;
  };

  // Each writes its cells and returns their bits, from the base's.
  static uint64_t WriteOriginSteps(const OriginSteps& steps, Bitboard targets, bool* row);
  static void WriteSites(const SiteRun& run, Bitboard targets, bool* row);
  // bits |= mask << base, over words.
  static void OrBits(Bits& bits, int base, uint64_t mask) {
    const int word = base >> 6, shift = base & 63;
    bits[word] |= mask << shift;
    if (shift != 0 && word + 1 < static_cast<int>(bits.size())) {
      bits[word + 1] |= mask >> (64 - shift);
    }
  }

  const ActionSpace* actions_;
  std::array<OriginSteps, 64> origins_{};
  std::array<SiteRun, 4> site_runs_{};  // by DecisionKind
  int pass_id_;
};

template <Game G>
void LegalActionRows::Write(const G& game, const typename G::Position& position, bool* row,
                            Bits& bits) const {
  Zero(row);
  bits.fill(0);
  const auto mark = [&](int id) {
    row[id] = true;
    bits[id >> 6] |= uint64_t{1} << (id & 63);
  };
  if constexpr (HasDecisionSets<G>) {
    DecisionSets sets;
    game.decision_sets(position, sets);
    const int16_t* step_ids = actions_->step_ids();
    Bitboard any = 0;  // a target in some set (no popcounts, as count() takes)
    int last_origin = -1;
    for (int s = 0; s < sets.size(); ++s) {
      const DecisionSet& set = sets[s];
      any |= set.targets;
      if (set.kind == DecisionKind::kStep) {
        // Small signed numbers, not characters (from -1: no fixed origin).
        // NOLINTNEXTLINE(bugprone-signed-char-misuse)
        const int from = set.from, offset = set.offset;
        const bool fixed = from >= 0;
        if (fixed && from > last_origin && origins_[from].base >= 0) {
          last_origin = from;
          const OriginSteps& steps = origins_[from];
          OrBits(bits, steps.base, WriteOriginSteps(steps, set.targets, row));
          continue;
        }
        last_origin = 64;  // no more eight-cell writes: they could clear this set's cells
        // step_ids[64 * from + to]; without a fixed origin, from = to - offset:
        // 64 * (to - offset) + to = 65 * to - 64 * offset.
        const int origin_row = 64 * (fixed ? from : -offset);
        const int stride = fixed ? 1 : 65;
        for (int to : Sites(set.targets)) mark(step_ids[origin_row + stride * to]);
      } else if (const SiteRun& run = site_runs_[static_cast<int>(set.kind)]; run.base >= 0) {
        WriteSites(run, set.targets, row);
        OrBits(bits, run.base, set.targets);
      } else {
        for (int to : Sites(set.targets)) mark(actions_->id(set.At(to)));
      }
    }
    if (any == 0) mark(pass_id_);
  } else {
    DecisionList list;
    LegalDecisions(game, position, list);
    for (Decision d : list) mark(actions_->id(d));
  }
}

}  // namespace lud64

#endif  // LUD64_PLAY_LEGAL_ACTIONS_H_
