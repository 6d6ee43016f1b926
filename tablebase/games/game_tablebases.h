// Which game has which endgame-table adapter, listed once: TablebaseFor<G>
// for every game of the list (boards/game_list.h), Guettal's none (every game
// is decided by its first decision, and its enclosure rule depends on the
// order of neighbours, which the board's symmetries do not preserve). Also
// each adapter's builder, compiled once in its *_tablebase_build.cc, and the
// visit of the games that have tables. Included by the play layer and by
// whatever uses a game's tables.
#ifndef LUD64_TABLEBASE_GAMES_GAME_TABLEBASES_H_
#define LUD64_TABLEBASE_GAMES_GAME_TABLEBASES_H_

#include <type_traits>
#include <variant>

#include "absl/status/status.h"
#include "boards/game_list.h"
#include "tablebase/games/damdaman_tablebase.h"  // IWYU pragma: export
#include "tablebase/games/davxar_tablebase.h"    // IWYU pragma: export
#include "tablebase/operations/tb_operations.h"
#include "tablebase/solve/builder.h"
#include "tablebase/tb_game.h"

namespace lud64 {

namespace tablebase {
template <>
struct TablebaseFor<Davxar> : TablebaseAdapterIs<davxar::DavxarTb> {};
template <>
struct TablebaseFor<Damdaman> : TablebaseAdapterIs<damdaman::DamdamanTb> {};
template <>
struct TablebaseFor<Guettal> : TablebaseAdapterIs<void> {};

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

#endif  // LUD64_TABLEBASE_GAMES_GAME_TABLEBASES_H_
