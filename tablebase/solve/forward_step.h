// The forward step of retrograde analysis for one position, shared by the
// single-process and the MPI solver: its decisions split into what is known
// (ends, solved slices) and its distinct children inside the component, and
// the state word it starts the backward pass with.
#ifndef LUD64_TABLEBASE_SOLVE_FORWARD_STEP_H_
#define LUD64_TABLEBASE_SOLVE_FORWARD_STEP_H_

#include <algorithm>
#include <cassert>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/decision.h"
#include "tablebase/format/tb_file.h"
#include "tablebase/slice.h"
#include "tablebase/solve/state_word.h"
#include "tablebase/tb_game.h"

namespace lud64::tablebase {

// Visits `position`'s successors: ends and successors in solved slices go
// into `known`; successors inside the component (`id_of(at)` != `none`) into
// `children`, each once (symmetry can make two decisions reach one
// index); returns their number in `child_count`. `find_solved(key)` gives a
// solved slice or null; a missing one is an error naming `component_slice`.
// `children` holds DecisionList::kCapacity + 1 entries, as `reads` below.
template <class Tb, class Id, class IdOf, class FindSolved>
absl::Status ClassifySuccessors(const Tb& tb, const typename Tb::Position& position, IdOf id_of,
                                Id none, FindSolved find_solved, const SliceKey& component_slice,
                                SolvedSuccessors& known, Id* children, int& child_count) {
  child_count = 0;
  absl::Status status;
  // Entries of solved slices are read once all are requested (Prefetch): each
  // is a likely cache miss, and the misses then overlap.
  struct SolvedRead {
    const MappedSlice* table;
    uint64_t index;
    bool same_mover;
  };
  // Both buffers hold one successor per decision, and a pass: enough while
  // each decision (or the pass) leads to one successor; a game whose decisions
  // could branch further would overrun them.
  constexpr int kBufferSize = DecisionList::kCapacity + 1;
  SolvedRead reads[kBufferSize];
  int read_count = 0;
  tb.ForEachSuccessor(position, [&](const Successor& s) {
    if (s.kind == Successor::kWin) {
      known.AddWin();
    } else if (s.kind == Successor::kDraw) {
      known.AddDraw();
    } else if (const Id child = id_of(s.at); child != none) {
      // Few children, seldom two equal: a linear search costs less than
      // sorting them (whose mispredicted branches cost a build several %).
      if (std::find(children, children + child_count, child) == children + child_count) {
        assert(child_count < kBufferSize);
        children[child_count++] = child;
      }
    } else if (const MappedSlice* table = find_solved(s.at.key); table != nullptr) {
      table->Prefetch(s.at.index);
      assert(read_count < kBufferSize);
      reads[read_count++] = {table, s.at.index, s.same_mover};
    } else {
      status = absl::InternalError(absl::StrCat("slice ", s.at.key.Name(), " is needed by ",
                                                component_slice.Name(), " but was not built"));
    }
  });
  for (int i = 0; i < read_count; ++i) {
    known.AddEntry(reads[i].table->Get(reads[i].index), reads[i].same_mover);
  }
  return status;
}

// The state word a position starts the backward pass with, and whether it is
// queued at once (a win through a known successor, or a loss with nothing
// left to wait for) at distance `turns`.
struct InitialState {
  uint32_t word = 0;
  bool queued = false;
  int turns = 0;
};

inline InitialState InitialStateOf(const SolvedSuccessors& known, int child_count) {
  const uint8_t flags = known.never_loss ? StateWord::kNeverLoss : 0;
  if (known.has_win()) {
    return {StateWord::Pack(WinEntry(known.best_win), child_count, flags), true, known.best_win};
  }
  if (!known.never_loss) {
    return {StateWord::Pack(LossEntry(known.longest_loss), child_count, flags), child_count == 0,
            known.longest_loss};
  }
  return {StateWord::Pack(0, child_count, flags), false, 0};
}

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_SOLVE_FORWARD_STEP_H_
