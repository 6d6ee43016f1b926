// Zobrist keys: one random 64-bit key per (feature, value), XORed together.
// The keys are fixed at compile time so that hashes are the same in every run.
#ifndef LUD64_ENGINE_ZOBRIST_H_
#define LUD64_ENGINE_ZOBRIST_H_

#include <array>
#include <cstdint>

#include "engine/bitboard.h"
#include "engine/player.h"
#include "engine/random.h"

namespace lud64 {

struct ZobristKeys {
  std::array<std::array<uint64_t, 64>, 3> sites;  // P1 piece, P2 piece, blocked
  std::array<std::array<uint64_t, 32>, 2> hand;   // pieces in hand, per player
  uint64_t p2_to_move;
  uint64_t passed;
  uint64_t mid_turn;                // e.g. Davxar's pending removal
  std::array<uint64_t, 4> outcome;  // indexed by Outcome
};

inline constexpr ZobristKeys kZobrist = [] {
  ZobristKeys keys{};
  uint64_t seed = 0x6c75643634ULL;  // "lud64"
  for (auto& table : keys.sites)
    for (uint64_t& key : table) key = SplitMix64(seed);
  for (auto& table : keys.hand)
    for (uint64_t& key : table) key = SplitMix64(seed);
  keys.p2_to_move = SplitMix64(seed);
  keys.passed = SplitMix64(seed);
  keys.mid_turn = SplitMix64(seed);
  for (uint64_t& key : keys.outcome) key = SplitMix64(seed);
  keys.outcome[0] = 0;  // ongoing
  return keys;
}();

// The XOR of the keys of every site of b in table `which` (0 P1, 1 P2, 2 blocked).
inline uint64_t HashSites(int which, Bitboard b) {
  uint64_t key = 0;
  for (int site : Sites(b)) key ^= kZobrist.sites[which][site];
  return key;
}

// The shared part of every position's key. The turn counter is left out: it
// matters only near the turn limit, which search handles itself.
inline uint64_t HashTurnState(const TurnState& state) {
  return (state.to_move == Player::kP2 ? kZobrist.p2_to_move : 0) ^
         (state.passed ? kZobrist.passed : 0) ^ kZobrist.outcome[static_cast<int>(state.outcome)];
}

// The usual hash of a position whose board is two piece bitboards and,
// optionally, blocked sites.
inline uint64_t HashPieces(const std::array<Bitboard, 2>& pieces, Bitboard blocked,
                           const TurnState& state) {
  return HashSites(0, pieces[0]) ^ HashSites(1, pieces[1]) ^ HashSites(2, blocked) ^
         HashTurnState(state);
}

}  // namespace lud64

#endif  // LUD64_ENGINE_ZOBRIST_H_
