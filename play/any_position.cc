#include "play/any_position.h"

#include <variant>

#include "engine/position_text.h"

namespace lud64 {

absl::StatusOr<AnyPosition> ParseAnyPosition(const AnyGame& game, absl::string_view text) {
  return std::visit(
      [&](const auto& g) -> absl::StatusOr<AnyPosition> {
        auto parsed = ParsePosition(g, text);
        if (!parsed.ok()) return parsed.status();
        return AnyPosition(*std::move(parsed));
      },
      game);
}

AnyPosition StartOf(const AnyGame& game) {
  return std::visit([](const auto& g) { return AnyPosition(g.start()); }, game);
}

const SiteNames& SiteNamesOf(const AnyGame& game) {
  return std::visit([](const auto& g) -> const SiteNames& { return g.site_names(); }, game);
}

}  // namespace lud64
