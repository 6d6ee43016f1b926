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
  thread_local std::array<View, 2> views;  // P1's view, P2's
  View& mine = views[Index(mover)];
  View& theirs = views[1 - Index(mover)];
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
