#include "play/legal_actions.h"

#include <algorithm>
#include <cstring>
#include <vector>

#if defined(__SSSE3__)
#include <immintrin.h>
#endif

namespace lud64 {
namespace {

constexpr int kOriginCells = 8;  // the cells an origin's steps are written in
constexpr int kSiteCells = 16;   // the cells a site shuffle writes

}  // namespace

LegalActionRows::LegalActionRows(const ActionSpace& actions)
    : actions_(&actions), pass_id_(actions.id(Decision::Pass())) {
  const int width = actions.size();
  const int16_t* step_ids = actions.step_ids();
  // The origin of each step id, -1 for other ids.
  std::vector<int> step_origin(width, -1);
  for (int id = 0; id < width; ++id) {
    const Decision d = actions.decision(id);
    if (d.kind == DecisionKind::kStep) step_origin[id] = d.from;
  }
  for (int from = 0; from < 64; ++from) {
    int base = -1, count = 0;
    OriginSteps steps;
    bool together = true;
    for (int to = 0; to < 64 && together; ++to) {
      const int id = step_ids[64 * from + to];
      if (id < 0) continue;
      if (base < 0) base = id;
      together = id == base + count && count < kOriginCells;
      if (!together) break;
      steps.shuffle |= uint64_t(to >> 3) << (8 * count);
      steps.bit_mask |= uint64_t(1u << (to & 7)) << (8 * count);
      ++count;
    }
    if (!together || base < 0 || base + kOriginCells > width) continue;
    for (int k = count; k < kOriginCells; ++k) {
      steps.shuffle |= uint64_t{0x80} << (8 * k);
      const int origin = step_origin[base + k];
      if (origin <= from) together = false;  // a cell the eight-cell store must not clear
    }
    if (!together) continue;
    steps.base = base;
    origins_[from] = steps;
  }
  for (DecisionKind kind : {DecisionKind::kPlace, DecisionKind::kRemove}) {
    const int base = actions.site_base(kind);
    if (base < 0) continue;
    int highest = -1;
    for (int site = 0; site < 64; ++site) {
      if (actions.id(Decision{kind, 0, static_cast<uint8_t>(site)}) >= 0) highest = site;
    }
    const int sites = (highest / kSiteCells + 1) * kSiteCells;
    if (base + sites <= width) site_runs_[static_cast<int>(kind)] = {base, sites};
  }
}

void LegalActionRows::Zero(bool* row) const {
  static constexpr char kZeros[16] = {};
  const int width = actions_->size();
  if (width < 16) {
    std::fill(row, row + width, false);
    return;
  }
  // 16-byte stores, the last overlapping: a memset of a width known only at
  // run time is a libc call a row.
  for (int a = 0; a + 16 < width; a += 16) std::memcpy(row + a, kZeros, 16);
  std::memcpy(row + width - 16, kZeros, 16);
}

uint64_t LegalActionRows::WriteOriginSteps(const OriginSteps& steps, Bitboard targets, bool* row) {
  uint64_t cells, bits;
#if defined(__SSSE3__)
  const __m128i picked = _mm_shuffle_epi8(_mm_cvtsi64_si128(static_cast<int64_t>(targets)),
                                          _mm_cvtsi64_si128(static_cast<int64_t>(steps.shuffle)));
  const __m128i picked_bits =
      _mm_and_si128(picked, _mm_cvtsi64_si128(static_cast<int64_t>(steps.bit_mask)));
  const __m128i ones = _mm_min_epu8(picked_bits, _mm_set1_epi8(1));
  cells = static_cast<uint64_t>(_mm_cvtsi128_si64(ones));
  bits = static_cast<uint64_t>(_mm_movemask_epi8(_mm_slli_epi16(ones, 7)) & 0xff);
#else
  cells = bits = 0;
  for (int k = 0; k < kOriginCells; ++k) {
    const unsigned byte = (steps.shuffle >> (8 * k)) & 0xff;
    if (byte & 0x80) continue;
    const uint64_t bit = (steps.bit_mask >> (8 * k)) & 0xff;
    const uint64_t legal = ((targets >> (8 * byte)) & bit) != 0;
    cells |= legal << (8 * k);
    bits |= legal << k;
  }
#endif
  std::memcpy(row + steps.base, &cells, sizeof cells);
  return bits;
}

void LegalActionRows::WriteSites(const SiteRun& run, Bitboard targets, bool* row) {
  bool* cells = row + run.base;
#if defined(__SSSE3__)
  const __m128i spread = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1);
  const __m128i select = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
  const __m128i one = _mm_set1_epi8(1);
  for (int site = 0; site < run.sites; site += kSiteCells) {
    const auto sixteen = static_cast<int>((targets >> site) & 0xffff);
    const __m128i bytes = _mm_shuffle_epi8(_mm_cvtsi32_si128(sixteen), spread);
    auto* at = reinterpret_cast<__m128i*>(cells + site);
    // Or-ed in: the 16 cells may hold another set's actions.
    _mm_storeu_si128(
        at, _mm_or_si128(_mm_loadu_si128(at), _mm_min_epu8(_mm_and_si128(bytes, select), one)));
  }
#else
  for (int site : Sites(targets)) cells[site] = true;
#endif
}

}  // namespace lud64
