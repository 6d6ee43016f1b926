// The games with endgame tables: each one's tablebase adapter, so that
// TablebaseFor<G> knows it wherever it is included (the play layer and the
// front-ends that probe tables), and its builder, compiled once in the
// adapter's *_tablebase_build.cc.
#ifndef LUD64_BOARDS_GAME_TABLEBASES_H_
#define LUD64_BOARDS_GAME_TABLEBASES_H_

#include <type_traits>
#include <variant>

#include "absl/status/status.h"
#include "boards/damdaman/damdaman_tablebase.h"  // IWYU pragma: export
#include "boards/davxar/davxar_tablebase.h"      // IWYU pragma: export
#include "boards/game_list.h"
#include "tablebase/solve/builder.h"
#include "tablebase/tb_game.h"
#include "tablebase/tb_operations.h"

namespace lud64 {

namespace tablebase {
LUD64_TABLEBASE_BUILDER(davxar::DavxarTb, extern)
LUD64_TABLEBASE_BUILDER(damdaman::DamdamanTb, extern)
}  // namespace tablebase

// f(game) for a game with tables (R: what f returns); for one without, the
// error saying why it has none, with f not instantiated for it.
template <class R = absl::Status, class F>
R VisitTablebaseGame(const AnyGame& any, F&& f) {
  return std::visit(
      [&](const auto& game) -> R {
        if constexpr (tablebase::TablebaseFor<std::decay_t<decltype(game)>>::kSupported) {
          return f(game);
        } else {
          return tablebase::NoTablebaseError(game.name());
        }
      },
      any);
}

}  // namespace lud64

#endif  // LUD64_BOARDS_GAME_TABLEBASES_H_
