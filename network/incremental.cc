#include "network/incremental.h"

#include <array>

namespace lud64 {
namespace {

// Past this many differing inputs, a refresh (one column per active input)
// costs no more than the update.
constexpr int kMaxUpdatedInputs = 12;

struct View {
  std::shared_ptr<const QuantizedNetwork> network;
  NetworkInputs inputs;
  QuantizedNetwork::Accumulator accumulator;
};

void Bring(View& view, const std::shared_ptr<const QuantizedNetwork>& network,
           const NetworkInputs& inputs) {
  if (view.network == network) {
    NetworkInputs added, removed;
    int changed = 0;
    for (size_t w = 0; w < inputs.words.size(); ++w) {
      added.words[w] = inputs.words[w] & ~view.inputs.words[w];
      removed.words[w] = view.inputs.words[w] & ~inputs.words[w];
      changed += __builtin_popcountll(added.words[w] | removed.words[w]);
    }
    if (changed <= kMaxUpdatedInputs) {
      network->Update(added, removed, view.accumulator);
      view.inputs = inputs;
      return;
    }
  } else {
    view.network = network;
  }
  network->Refresh(inputs, view.accumulator);
  view.inputs = inputs;
}

}  // namespace

Score EvaluateIncrementally(const std::shared_ptr<const QuantizedNetwork>& network, Player mover,
                            const NetworkInputs& mover_inputs, const NetworkInputs& other_inputs) {
  // P1's view and P2's for each of two networks (a game's endgame and
  // whole-game networks), so that a search crossing from one network's
  // positions to the other's keeps both up to date; a third network takes
  // the slot used less recently.
  thread_local std::array<std::array<View, 2>, 2> views;
  thread_local int last = 0;
  const int slot = views[0][0].network == network   ? 0
                   : views[1][0].network == network ? 1
                                                    : 1 - last;
  last = slot;
  View& mine = views[slot][Index(mover)];
  View& theirs = views[slot][1 - Index(mover)];
  Bring(mine, network, mover_inputs);
  Bring(theirs, network, other_inputs);
  return network->Evaluate(mine.accumulator, theirs.accumulator);
}

Score EvaluateFromScratch(const QuantizedNetwork& network, const NetworkInputs& mover_inputs,
                          const NetworkInputs& other_inputs) {
  QuantizedNetwork::Accumulator mine, theirs;
  network.Refresh(mover_inputs, mine);
  network.Refresh(other_inputs, theirs);
  return network.Evaluate(mine, theirs);
}

}  // namespace lud64
