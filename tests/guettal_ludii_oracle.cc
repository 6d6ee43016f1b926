#include "tests/guettal_ludii_oracle.h"

#include <algorithm>
#include <vector>

namespace lud64::guettal {
namespace {

// The cells next to `cell` in the order N, E, S, W.
const std::vector<int>& OrthogonalNeighbours(int cell) {
  static const auto* table = [] {
    auto* lists = new std::array<std::vector<int>, Grid::kSites>;
    for (int s = 0; s < Grid::kSites; ++s)
      for (Direction d : kOrthogonal)
        if (Grid::Step(s, d) >= 0) (*lists)[s].push_back(Grid::Step(s, d));
    return lists;
  }();
  return (*table)[cell];
}

bool Has(const std::vector<int>& list, int cell) {
  return std::find(list.begin(), list.end(), cell) != list.end();
}

bool ChainTestInLudiiOrder(std::vector<int> boundary) {
  int cell = boundary.front();
  while (boundary.size() > 1) {
    int next = -1;
    for (Direction d : kCompass) {
      if (const int n = Grid::Step(cell, d); n >= 0 && Has(boundary, n)) {
        next = n;
        break;
      }
    }
    if (next < 0) return false;
    boundary.erase(std::find(boundary.begin(), boundary.end(), cell));
    cell = next;
  }
  return true;
}

}  // namespace

void AddInLudiiOrder(LudiiCells& cells, int site, int player) {
  cells.what[site] = static_cast<int8_t>(player);
  // Everything is found on the board as it is now, and applied at the end.
  std::vector<int> resets;
  for (int cell = 0; cell < Grid::kSites; ++cell)
    if (cells.what[cell] == 0 && cells.state[cell] != 0) resets.push_back(cell);

  const auto is_target = [&](int cell) { return cells.what[cell] != player; };
  std::vector<int> seeds;
  for (int n : OrthogonalNeighbours(site))
    if (is_target(n)) seeds.push_back(n);
  std::vector<int> examined;
  std::vector<int> marked;
  for (int seed : seeds) {
    if (Has(examined, seed)) continue;
    std::vector<int> group = {seed};
    for (size_t i = 0; i < group.size(); ++i) {
      for (int n : OrthogonalNeighbours(group[i]))
        if (is_target(n) && !Has(group, n)) group.push_back(n);
    }
    examined.insert(examined.end(), group.begin(), group.end());
    std::vector<int> boundary;
    for (int cell : group) {
      for (int n : OrthogonalNeighbours(cell))
        if (!Has(group, n) && !Has(boundary, n)) boundary.push_back(n);
    }
    if (ChainTestInLudiiOrder(boundary)) marked.insert(marked.end(), group.begin(), group.end());
  }

  for (int cell : resets) cells.state[cell] = 0;
  for (int cell : marked) {
    if (cells.what[cell] == 3 - player) cells.what[cell] = 0;
    cells.state[cell] = static_cast<int8_t>(player);
  }
}

}  // namespace lud64::guettal
