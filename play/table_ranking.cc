#include "play/table_ranking.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/position_text.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/probe/engine_probe.h"

namespace lud64 {
namespace {

template <tablebase::TablebaseGame Tb>
class TableRankingOf final : public TableRanking {
 public:
  using G = typename Tb::Game;
  TableRankingOf(const G& game, std::shared_ptr<const tablebase::Tablebase<Tb>> base)
      : game_(game), base_(std::move(base)) {}

  absl::StatusOr<std::vector<RankedAction>> Rank(const AnyPosition& any) const override {
    const auto& position = std::get<typename G::Position>(any);
    if (position.state.over()) {
      return absl::InvalidArgumentError(
          absl::StrCat("position '", FormatPosition(game_, position), "': the game is over"));
    }
    if (!base_->Lookup(position).has_value()) {
      return absl::InvalidArgumentError(absl::StrCat("position '", FormatPosition(game_, position),
                                                     "': the tables do not hold it"));
    }
    absl::StatusOr<std::vector<tablebase::RankedDecision>> ranked = base_->Rank(position);
    if (!ranked.ok()) return ranked.status();
    std::vector<RankedAction> actions;
    for (const tablebase::RankedDecision& r : *ranked) {
      const tablebase::TbValue value = tablebase::UnderTurnLimit(r.value, position.state.turn);
      actions.push_back({r.decision, tablebase::ResultSign(value), value.turns});
    }
    return actions;
  }

 private:
  G game_;
  std::shared_ptr<const tablebase::Tablebase<Tb>> base_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<TableRanking>> OpenTableRanking(const AnyGame& any,
                                                               const std::string& dir) {
  return VisitTablebaseGame<absl::StatusOr<std::unique_ptr<TableRanking>>>(
      any, [&](const auto& game) -> absl::StatusOr<std::unique_ptr<TableRanking>> {
        using Tb = typename tablebase::TablebaseFor<std::decay_t<decltype(game)>>::Type;
        auto base = tablebase::OpenShared(game, dir);
        if (!base.ok()) return base.status();
        return std::make_unique<TableRankingOf<Tb>>(game, *std::move(base));
      });
}

}  // namespace lud64
