// The template behind labelled_games.h: one labelled self-play game of a
// game. Included only by training_samples_impl.h, which compiles it once per
// game.
#ifndef LUD64_PLAY_LABELLED_GAME_SOURCE_H_
#define LUD64_PLAY_LABELLED_GAME_SOURCE_H_

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "engine/position_text.h"
#include "play/labelled_games.h"
#include "play/openings.h"
#include "search/alphabeta.h"
#include "search/playout.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/probe/game_tables.h"
#include "tablebase/probe/probe.h"

namespace lud64 {

// The tables of a labelled game, when the plan names them (for a game
// without tables, an error).
template <NotatedGame G>
class LabelTables {
 public:
  static absl::StatusOr<LabelTables> Open(const G& game, const std::string& dir) {
    LabelTables tables;
    if (dir.empty()) return tables;
    if constexpr (tablebase::TablebaseFor<G>::kSupported) {
      auto base = tablebase::OpenTablebase(game, dir, tablebase::FileCheck::kHeader);
      if (!base.ok()) return absl::InvalidArgumentError(base.status().message());
      tables.base_.emplace(*std::move(base));
      return tables;
    } else {
      return tablebase::NoTablebaseError(game.name());
    }
  }

  // The exact value of `position`, when the tables hold it; a table that
  // cannot be read is an error (a label skipped there would bias the data).
  absl::StatusOr<std::optional<TableLabel>> Label(const typename G::Position& position) const {
    if constexpr (tablebase::TablebaseFor<G>::kSupported) {
      if (!base_ || base_->tables().Find(base_->tb().SliceOf(position)) == nullptr)
        return std::nullopt;
      absl::StatusOr<tablebase::TbValue> value = base_->Probe(position);
      if (!value.ok()) return value.status();
      return TableLabel{tablebase::ResultSign(*value), value->turns};
    } else {
      return std::nullopt;
    }
  }

 private:
  struct None {};
  template <class Of>
  struct BaseOf {
    using type = None;
  };
  template <class Of>
  requires tablebase::TablebaseFor<Of>::kSupported struct BaseOf<Of> {
    using type = tablebase::Tablebase<typename tablebase::TablebaseFor<Of>::Type>;
  };
  std::optional<typename BaseOf<G>::type> base_;
};

template <NotatedGame G>
requires SearchableGame<G> absl::StatusOr<LabelledGame> PlayLabelledGameOf(
    const G& game, const LabellingPlan& plan, uint64_t index, StopFlag stop) {
  absl::StatusOr<LabelTables<G>> tables = LabelTables<G>::Open(game, plan.tables);
  if (!tables.ok()) return tables.status();
  // The opening: a book's line, or random decisions of this game's stream.
  typename G::Position position = game.start();
  std::vector<Decision> opening;
  if (!plan.opening.empty()) {
    absl::StatusOr<Opening<G>> parsed = ParseOpening(game, plan.opening);
    if (!parsed.ok()) return absl::InvalidArgumentError(parsed.status().message());
    position = parsed->start;
    opening = parsed->decisions;
  } else {
    ShortProofCheck<G> no_check(game);
    absl::StatusOr<std::vector<Decision>> random = RandomOpening(
        game, plan.opening_plies, 0, plan.seed, index, no_check, "openings", [](int) {}, stop);
    if (!random.ok()) return random.status();
    opening = *std::move(random);
  }
  LabelledGame labelled;
  labelled.index = index;
  std::vector<uint64_t> history;
  for (const Decision d : opening) {
    history.push_back(game.hash(position));
    Apply(game, position, d);
  }
  labelled.plies = static_cast<int>(opening.size());
  TranspositionTable table(/*mib=*/16);
  AlphaBeta<G> search(game, &table, {.evaluation = plan.evaluation});
  while (labelled.plies < plan.max_plies && !position.state.over()) {
    if (Stopping(stop)) return absl::CancelledError("stopped");
    search.SetGameHistory(history);
    const SearchReport report =
        search.Search(position, {.depth = plan.depth > 0 ? plan.depth : AlphaBeta<G>::kMaxPly,
                                 .nodes = plan.nodes,
                                 .stop = stop});
    if (Stopping(stop)) return absl::CancelledError("stopped");
    if (report.pv.empty()) return absl::InternalError("a search without a decision");
    absl::StatusOr<std::optional<TableLabel>> exact = tables->Label(position);
    if (!exact.ok()) return exact.status();
    labelled.positions.push_back(
        {FormatPosition(game, position), position.state.to_move, report.score, *exact});
    history.push_back(game.hash(position));
    Apply(game, position, report.pv.front());
    ++labelled.plies;
  }
  labelled.outcome = position.state.over() ? position.state.outcome : Outcome::kDraw;
  return labelled;
}

}  // namespace lud64

#endif  // LUD64_PLAY_LABELLED_GAME_SOURCE_H_
