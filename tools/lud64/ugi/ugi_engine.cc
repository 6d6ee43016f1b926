#include "tools/lud64/ugi/ugi_engine.h"

#include <utility>
#include <variant>

#include "boards/game_list.h"

namespace lud64 {

absl::StatusOr<std::unique_ptr<UgiEngine>> MakeUgiEngine(absl::string_view game_spec,
                                                         const UgiSettings& settings) {
  absl::StatusOr<AnyGame> game = MakeGame(game_spec);
  if (!game.ok()) return game.status();
  std::unique_ptr<UgiEngine> engine = std::visit(
      [](const auto& g) -> std::unique_ptr<UgiEngine> {
        return std::make_unique<UgiGameEngine<std::decay_t<decltype(g)>>>(g);
      },
      *game);
  if (absl::Status status = engine->Configure(settings); !status.ok()) return status;
  return engine;
}

}  // namespace lud64
