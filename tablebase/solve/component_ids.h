// The positions of one component numbered consecutively: slice i's index j
// has id begin(i) + j. Both solvers, the single-process and the distributed
// one, number a component this way, so their files and checkpoints agree.
#ifndef LUD64_TABLEBASE_SOLVE_COMPONENT_IDS_H_
#define LUD64_TABLEBASE_SOLVE_COMPONENT_IDS_H_

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "engine/bitboard.h"
#include "tablebase/index/pair_index.h"
#include "tablebase/slice.h"
#include "tablebase/solve/state_word.h"
#include "tablebase/tb_game.h"

namespace lud64::tablebase {

template <class Tb>
class ComponentIds {
 public:
  using Position = typename Tb::Position;
  // The id of a position outside the component.
  static constexpr uint64_t kNoId = std::numeric_limits<uint64_t>::max();

  ComponentIds(const Tb& tb, std::vector<SliceKey> keys) : tb_(tb), keys_(std::move(keys)) {
    offsets_.push_back(0);
    for (const SliceKey& key : keys_) {
      offsets_.push_back(offsets_.back() + tb_.index().Size(key.own, key.opponent));
      codes_.push_back(CodeOf(key));
    }
  }

  uint64_t size() const { return offsets_.back(); }
  int slices() const { return static_cast<int>(keys_.size()); }
  const std::vector<SliceKey>& keys() const { return keys_; }
  const SliceKey& key(int slice) const { return keys_[slice]; }
  uint64_t begin(int slice) const { return offsets_[slice]; }
  uint64_t end(int slice) const { return offsets_[slice + 1]; }

  // A key as one integer: compared in one instruction, where SliceKey's ==
  // compares five fields (every successor and predecessor looks its slice up).
  static uint64_t CodeOf(const SliceKey& key) {
    return key.own | uint64_t{key.opponent} << 8 | uint64_t{key.own_hand} << 16 |
           uint64_t{key.opponent_hand} << 24 | uint64_t{key.remove} << 32;
  }

  // The slice of a key in the component, or -1.
  int SliceOf(const SliceKey& key) const {
    const uint64_t code = CodeOf(key);
    for (size_t i = 0; i < codes_.size(); ++i) {
      if (codes_[i] == code) return static_cast<int>(i);
    }
    return -1;
  }
  int SliceOfId(uint64_t id) const {
    return static_cast<int>(std::upper_bound(offsets_.begin(), offsets_.end(), id) -
                            offsets_.begin()) -
           1;
  }
  uint64_t IdOf(const SliceIndex& at) const {
    const int slice = SliceOf(at.key);
    return slice < 0 ? kNoId : offsets_[slice] + at.index;
  }

  // The updates (StateWord::Update) a resolved position with `value` sends
  // its predecessors in the component, each predecessor once.
  void PredecessorUpdates(const Position& position, Entry value,
                          std::vector<uint64_t>& updates) const {
    updates.clear();
    tb_.ForEachPredecessor(position, [&](const SliceIndex& at, bool same) {
      const uint64_t pred = IdOf(at);
      if (pred == kNoId) return;
      // A position has a few predecessors, seldom two equal (symmetry): a
      // linear search costs less than sorting them.
      const uint64_t update = StateWord::Update(pred, value, same);
      if (std::find(updates.begin(), updates.end(), update) == updates.end()) {
        updates.push_back(update);
      }
    });
  }

  // The position of an id, a hole's too, for a caller that knows which it is.
  Position Decode(uint64_t id) const {
    const int slice = SliceOfId(id);
    const SliceKey& key = keys_[slice];
    Bitboard own, opponent;
    tb_.index().PairAt(key.own, key.opponent, id - offsets_[slice], own, opponent);
    return tb_.Make(key, own, opponent);
  }
  // Decodes ids as Decode does, in any order, holes too. It keeps the run of
  // ids sharing a slice and an own set, looked up (a search and a division)
  // once per run: a pass takes ids in increasing order, mostly in one run.
  class Decoder {
   public:
    explicit Decoder(const ComponentIds& ids) : ids_(ids) {}
    Position operator()(uint64_t id) {
      if (id - run_begin_ >= run_size_) Seek(id);
      const PairIndex& index = ids_.tb_.index();
      return ids_.tb_.Make(*key_, own_, index.OpponentSetAt(own_, key_->opponent, id - run_begin_));
    }

   private:
    void Seek(uint64_t id) {
      const int slice = ids_.SliceOfId(id);
      key_ = &ids_.keys_[slice];
      const PairIndex& index = ids_.tb_.index();
      run_size_ = index.PairsPerOwnSet(key_->own, key_->opponent);
      const uint64_t at = id - ids_.offsets_[slice];
      own_ = index.OwnSetAt(key_->own, at / run_size_);
      run_begin_ = id - at % run_size_;
    }

    const ComponentIds& ids_;
    const SliceKey* key_ = nullptr;
    Bitboard own_ = 0;
    uint64_t run_begin_ = 0;
    uint64_t run_size_ = 0;  // none yet: the first id seeks
  };

  // The same, telling whether the id is canonical (false for a hole).
  bool Decode(uint64_t id, Position& position) const {
    const int slice = SliceOfId(id);
    const SliceKey& key = keys_[slice];
    Bitboard own, opponent;
    const bool canonical =
        tb_.index().Unrank(key.own, key.opponent, id - offsets_[slice], own, opponent);
    position = tb_.Make(key, own, opponent);
    return canonical;
  }

 private:
  const Tb& tb_;
  std::vector<SliceKey> keys_;
  std::vector<uint64_t> offsets_;  // offsets_[i]: the first id of slice i
  std::vector<uint64_t> codes_;    // CodeOf(keys_[i])
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_SOLVE_COMPONENT_IDS_H_
