#include "tablebase/format/huffman_code.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace lud64::tablebase {
namespace {

// Code lengths of an unlimited Huffman code (0 for unused symbols).
std::vector<uint8_t> HuffmanLengths(const std::vector<uint64_t>& frequencies) {
  struct Node {
    int left = -1, right = -1;
  };
  std::vector<Node> nodes(frequencies.size());
  using Item = std::pair<uint64_t, int>;  // weight, node; ties by node for determinism
  std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
  for (size_t s = 0; s < frequencies.size(); ++s) {
    if (frequencies[s] > 0) queue.emplace(frequencies[s], static_cast<int>(s));
  }
  std::vector<uint8_t> lengths(frequencies.size(), 0);
  if (queue.size() == 1) {
    lengths[queue.top().second] = 1;
    return lengths;
  }
  while (queue.size() > 1) {
    const Item a = queue.top();
    queue.pop();
    const Item b = queue.top();
    queue.pop();
    nodes.push_back({a.second, b.second});
    queue.emplace(a.first + b.first, static_cast<int>(nodes.size()) - 1);
  }
  if (queue.empty()) return lengths;
  // Depths by walking down from the root.
  std::vector<std::pair<int, int>> stack = {{queue.top().second, 0}};
  while (!stack.empty()) {
    const auto [node, depth] = stack.back();
    stack.pop_back();
    if (node < static_cast<int>(frequencies.size())) {
      lengths[node] = static_cast<uint8_t>(std::min(depth, 255));
    } else {
      stack.emplace_back(nodes[node].left, depth + 1);
      stack.emplace_back(nodes[node].right, depth + 1);
    }
  }
  return lengths;
}

}  // namespace

HuffmanCode HuffmanCode::FromFrequencies(const std::vector<uint64_t>& frequencies) {
  // Flattening the frequencies until the longest code fits: a little worse
  // than an optimal length-limited code, and only for rare symbols.
  std::vector<uint64_t> flattened = frequencies;
  HuffmanCode code;
  while (true) {
    code.lengths_ = HuffmanLengths(flattened);
    if (*std::max_element(code.lengths_.begin(), code.lengths_.end()) <= kMaxCodeLength) break;
    for (uint64_t& f : flattened) f = f == 0 ? 0 : (f + 1) / 2;
  }
  code.Assign();
  return code;
}

absl::StatusOr<HuffmanCode> HuffmanCode::FromLengths(std::vector<uint8_t> lengths) {
  if (lengths.size() > kMaxSymbols) return absl::DataLossError("too many symbols");
  uint64_t kraft = 0, used = 0;  // in units of 2^-kMaxCodeLength
  for (uint8_t length : lengths) {
    if (length > kMaxCodeLength) {
      return absl::DataLossError(absl::StrCat("code length ", length, " over ", kMaxCodeLength));
    }
    if (length > 0) {
      kraft += uint64_t{1} << (kMaxCodeLength - length);
      ++used;
    }
  }
  const bool single = used == 1 && kraft == uint64_t{1} << (kMaxCodeLength - 1);
  if (!single && kraft != uint64_t{1} << kMaxCodeLength) {
    return absl::DataLossError("code lengths do not form a complete prefix code");
  }
  HuffmanCode code;
  code.lengths_ = std::move(lengths);
  code.Assign();
  return code;
}

void HuffmanCode::Assign() {
  const size_t n = lengths_.size();
  int longest = 1;
  for (uint8_t length : lengths_) longest = std::max<int>(longest, length);
  std::vector<size_t> order;
  for (size_t s = 0; s < n; ++s) {
    if (lengths_[s] > 0) order.push_back(s);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return lengths_[a] < lengths_[b]; });
  codes_.assign(n, 0);
  table_.assign(size_t{1} << longest, 0);  // length 0: no code starts so
  table_mask_ = (uint32_t{1} << longest) - 1;
  uint32_t next = 0;
  int previous_length = 0;
  for (size_t s : order) {
    const int length = lengths_[s];
    next <<= (length - previous_length);
    previous_length = length;
    uint32_t reversed = 0;
    for (int bit = 0; bit < length; ++bit) reversed |= ((next >> bit) & 1) << (length - 1 - bit);
    codes_[s] = reversed;
    for (uint32_t row = reversed; row <= table_mask_; row += uint32_t{1} << length) {
      table_[row] = static_cast<uint16_t>(s << 4 | length);
    }
    ++next;
  }
}

}  // namespace lud64::tablebase
