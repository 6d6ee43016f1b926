// Positions as stacks of planes for learning code (AlphaZero's input
// convention): each plane has one value per site, seen by the player to move
// ("own" and "opponent" pieces), so one network serves both players. Each game
// documents its layout next to WritePlanes (boards/<game>/<game>_tensors.h).
#ifndef LUD64_ENGINE_PLANES_H_
#define LUD64_ENGINE_PLANES_H_

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "engine/bitboard.h"

namespace lud64 {

struct PlaneLayout {
  std::vector<std::string> names;  // one per plane, in order
  std::vector<int> shape;          // of one plane: {sites} or {rows, columns}
  int plane_size() const {
    int size = 1;
    for (int extent : shape) size *= extent;
    return size;
  }
  int size() const { return static_cast<int>(names.size()) * plane_size(); }
};

// 1 on the sites of `sites`, 0 elsewhere, for sites [0, count); four sites at
// a time from a table (batched environments write millions of planes a second).
inline float* WriteSitePlane(Bitboard sites, int count, float* out) {
  static constexpr auto kNibbles = [] {
    std::array<std::array<float, 4>, 16> table{};
    for (int bits = 0; bits < 16; ++bits)
      for (int i = 0; i < 4; ++i) table[bits][i] = static_cast<float>((bits >> i) & 1);
    return table;
  }();
  int site = 0;
  for (; site + 4 <= count; site += 4) {
    std::memcpy(out + site, kNibbles[(sites >> site) & 15].data(), sizeof(float) * 4);
  }
  for (; site < count; ++site) out[site] = static_cast<float>((sites >> site) & 1);
  return out + count;
}

// `value` on every site.
inline float* WriteConstantPlane(float value, int count, float* out) {
  std::fill(out, out + count, value);
  return out + count;
}

}  // namespace lud64

#endif  // LUD64_ENGINE_PLANES_H_
