#include "play/game_batch.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <type_traits>
#include <utility>
#include <variant>

#include "boards/damdaman/damdaman_tensors.h"
#include "boards/davxar/davxar_tensors.h"
#include "boards/guettal/guettal_tensors.h"
#include "engine/game.h"
#include "search/playout.h"

#if defined(__SSSE3__)
#include <immintrin.h>
#endif

namespace lud64 {
namespace {

template <Game G>
class GameBatchOf final : public GameBatch {
 public:
  using Position = typename G::Position;

  GameBatchOf(const G& game, const ActionSpace& actions, int n,
              std::shared_ptr<const std::vector<Position>> starts)
      : game_(game),
        actions_(&actions),
        plane_size_(Planes(game).size()),
        starts_(std::move(starts)),
        positions_(n),
        steps_(n, 0),
        ended_(n, 0),
        legal_(n) {
    for (DecisionKind kind : {DecisionKind::kPlace, DecisionKind::kRemove}) {
      site_base_[static_cast<int>(kind)] = SiteBase(kind);
    }
    for (int i = 0; i < n; ++i) {
      positions_[i] = Start(i);
      if (!positions_[i].state.over()) MarkLegal(positions_[i], legal_[i]);
    }
  }

  int size() const override { return static_cast<int>(positions_.size()); }
  int num_actions() const override { return actions_->size(); }
  int plane_size() const override { return plane_size_; }
  std::unique_ptr<GameBatch> Copy() const override { return std::make_unique<GameBatchOf>(*this); }

  void Reset(int begin, int end, const BatchOutput& out) override {
    for (int i = begin; i < end; ++i) {
      positions_[i] = Start(i);
      steps_[i] = 0;
      ended_[i] = 0;
      if (out.rewards != nullptr) out.rewards[2 * i] = out.rewards[2 * i + 1] = 0;
      if (out.terminated != nullptr) out.terminated[i] = false;
      if (out.truncated != nullptr) out.truncated[i] = false;
      if (out.step_count != nullptr) out.step_count[i] = 0;
      if (out.final_observation != nullptr && !out.final_observation_zeroed) {
        Zero(out.final_observation, i);
      }
    }
    Observe(begin, end, out);
  }

  void Step(int begin, int end, const int32_t* actions, const BatchStepOptions& options,
            const BatchOutput& out) override {
    for (int i = begin; i < end; ++i) {
      float* rewards = out.rewards + 2 * i;
      rewards[0] = rewards[1] = 0;
      bool terminated = false, truncated = false;
      if (ended_[i] != 0) {  // ended before this step, without auto-reset: unchanged
        terminated = ended_[i] == kTerminated;
        truncated = ended_[i] == kTruncated;
      } else {
        Position& position = positions_[i];
        const int mover = Index(position.state.to_move);
        const Decision decision = actions_->decision(actions[i]);
        ++steps_[i];
        if (!IsLegalBit(i, actions[i])) {
          rewards[mover] = options.illegal_action_penalty;
          rewards[1 - mover] = -options.illegal_action_penalty;
          terminated = true;
        } else {
          Apply(game_, position, decision);
          if (position.state.over()) {
            terminated = true;
            if (position.state.outcome != Outcome::kDraw) {
              const int winner = position.state.outcome == Outcome::kP1Wins ? 0 : 1;
              rewards[winner] = 1;
              rewards[1 - winner] = -1;
            }
          } else if (options.max_steps > 0 && steps_[i] >= options.max_steps) {
            truncated = true;
          }
        }
        ended_[i] = terminated ? kTerminated : truncated ? kTruncated : 0;
      }
      out.terminated[i] = terminated;
      out.truncated[i] = truncated;
      if (out.final_observation != nullptr) {
        if ((terminated || truncated) && options.auto_reset) {
          WritePlanes(game_, positions_[i], out.final_observation + Row(i));
        } else if (!out.final_observation_zeroed) {
          Zero(out.final_observation, i);
        }
      }
      if ((terminated || truncated) && options.auto_reset) {
        positions_[i] = Start(i);
        steps_[i] = 0;
        ended_[i] = 0;
      }
      if (out.step_count != nullptr) out.step_count[i] = steps_[i];
    }
    Observe(begin, end, out);
  }

  void Observe(int begin, int end, const BatchOutput& out) const override {
    const int width = actions_->size();
    for (int i = begin; i < end; ++i) {
      const Position& position = positions_[i];
      if (out.current_player != nullptr) out.current_player[i] = Index(position.state.to_move);
      if (out.observation != nullptr) WritePlanes(game_, position, out.observation + Row(i));
      if (ended_[i] == 0 && !position.state.over()) {
        MarkLegal(position, legal_[i]);
      } else {
        legal_[i].fill(0);
      }
      if (out.legal != nullptr) WriteRow(legal_[i], out.legal + static_cast<size_t>(i) * width);
    }
  }

  AnyPosition position(int env) const override { return AnyPosition(positions_[env]); }

 private:
  static constexpr uint8_t kTerminated = 1, kTruncated = 2;
  using LegalBits = std::array<uint64_t, 8>;  // by action id (every game has fewer than 512)

  Position Start(int i) const {
    return starts_->empty() ? game_.start() : (*starts_)[i % starts_->size()];
  }
  size_t Row(int i) const { return static_cast<size_t>(i) * plane_size_; }
  void Zero(float* planes, int i) const {
    std::fill(planes + Row(i), planes + Row(i) + plane_size_, 0.0f);
  }

  bool Legal(const Position& position, Decision decision) const {
    if constexpr (HasDecisionSets<G>) {
      DecisionSets sets;
      game_.decision_sets(position, sets);
      if (sets.count() == 0) return decision.is_pass();
      for (int s = 0; s < sets.size(); ++s) {
        const DecisionSet& set = sets[s];
        if (set.kind == decision.kind && Contains(set.targets, decision.to) &&
            set.At(decision.to) == decision) {
          return true;
        }
      }
      return false;
    } else {
      return IsLegal(game_, position, decision);
    }
  }

  // The id of site 0's decision of `kind` when each site's decision of that
  // kind has id base + site (Davxar's placements and removals), else -1.
  int SiteBase(DecisionKind kind) const {
    int base = -1;
    for (int site = 0; site < 64; ++site) {
      const int id = actions_->id(Decision{kind, 0, static_cast<uint8_t>(site)});
      if (id < 0) continue;
      if (base == -1) base = id - site;
      if (base < 0 || id != base + site) return -1;
    }
    return base;
  }

  // Marks the legal actions of an unfinished position in `bits`: a whole set
  // at once (a shifted bitboard) where its ids follow the sites (SiteBase),
  // else one by one.
  void MarkLegal(const Position& position, LegalBits& bits) const {
    bits.fill(0);
    const auto mark = [&](Decision d) {
      const int id = actions_->id(d);
      bits[id >> 6] |= uint64_t{1} << (id & 63);
    };
    if constexpr (HasDecisionSets<G>) {
      DecisionSets sets;
      game_.decision_sets(position, sets);
      Bitboard any = 0;  // a target in some set (no popcounts, as count() takes)
      for (int s = 0; s < sets.size(); ++s) {
        const DecisionSet& set = sets[s];
        any |= set.targets;
        const int base =
            set.kind == DecisionKind::kStep ? -1 : site_base_[static_cast<int>(set.kind)];
        if (base >= 0) {
          const int word = base >> 6, shift = base & 63;
          bits[word] |= set.targets << shift;
          if (shift != 0 && word + 1 < static_cast<int>(bits.size())) {
            bits[word + 1] |= set.targets >> (64 - shift);
          }
          continue;
        }
        for (int target : Sites(set.targets)) mark(set.At(target));
      }
      if (any == 0) mark(Decision::Pass());
    } else {
      DecisionList list;
      LegalDecisions(game_, position, list);
      for (Decision d : list) mark(d);
    }
  }

  // Writes `bits` as a row of num_actions bools, 16 at a time with SSSE3
  // (x86-64-v2, the default build; a table lookup per 8 cells took a tenth
  // of a Pgx step), then 8 at a time.
  void WriteRow(const LegalBits& bits, bool* row) const {
    static constexpr std::array<uint64_t, 256> kBytes = [] {
      std::array<uint64_t, 256> bytes{};  // byte k of entry x: bit k of x
      for (int x = 0; x < 256; ++x) {
        for (int k = 0; k < 8; ++k) bytes[x] |= uint64_t((x >> k) & 1) << (8 * k);
      }
      return bytes;
    }();
    const int width = actions_->size();
    int a = 0;
#if defined(__SSSE3__)
    const __m128i spread = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1);
    const __m128i select =
        _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
    const __m128i one = _mm_set1_epi8(1);
    for (; a + 16 <= width; a += 16) {  // a % 16 == 0: the 16 bits are in one word
      const auto cells = static_cast<int>((bits[a >> 6] >> (a & 63)) & 0xffff);
      const __m128i bytes = _mm_shuffle_epi8(_mm_cvtsi32_si128(cells), spread);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(row + a),
                       _mm_min_epu8(_mm_and_si128(bytes, select), one));
    }
#endif
    for (; a + 8 <= width; a += 8) {
      const uint64_t cells = kBytes[(bits[a >> 6] >> (a & 63)) & 0xff];
      std::memcpy(row + a, &cells, sizeof cells);
    }
    for (; a < width; ++a) row[a] = ((bits[a >> 6] >> (a & 63)) & 1) != 0;
  }

  // Whether action `id` is legal in environment i: its bit, set by the
  // constructor and by Observe (every Reset and Step ends with one).
  bool IsLegalBit(int i, int id) const { return ((legal_[i][id >> 6] >> (id & 63)) & 1) != 0; }

  G game_;
  const ActionSpace* actions_;
  int plane_size_;
  std::shared_ptr<const std::vector<Position>> starts_;  // shared by copies
  std::vector<Position> positions_;
  std::vector<int32_t> steps_;
  std::vector<uint8_t> ended_;  // 0, kTerminated or kTruncated
  // The legal actions of each environment (none once it ended).
  mutable std::vector<LegalBits> legal_;
  std::array<int, 4> site_base_ = {-1, -1, -1, -1};  // SiteBase by DecisionKind
};

}  // namespace

std::unique_ptr<GameBatch> MakeGameBatch(const AnyGame& game, const ActionSpace& actions, int n,
                                         const std::vector<AnyPosition>& starts) {
  return std::visit(
      [&](const auto& g) -> std::unique_ptr<GameBatch> {
        using G = std::decay_t<decltype(g)>;
        auto own = std::make_shared<std::vector<typename G::Position>>();
        for (const AnyPosition& start : starts) {
          own->push_back(std::get<typename G::Position>(start));
        }
        return std::make_unique<GameBatchOf<G>>(g, actions, n, std::move(own));
      },
      game);
}

}  // namespace lud64
