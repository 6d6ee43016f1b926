// The games lud64 knows, written once. Every front-end (the lud64 command,
// its UGI session, the Python module, lud64-mpi) reaches a game through
// AnyGame and std::visit, so each algorithm is instantiated per game with no
// virtual call below the front-end. Adding a game: its folder under boards/,
// one name in LUD64_FOR_EACH_GAME below, and its play/searches_<game>.cc and
// play/analyses_<game>.cc (the link names what is missing); which tablebase
// adapter it has, if any, in tablebase/games/game_tablebases.h, and its
// learned evaluation, if any, in network/games/game_networks.h (a game
// missing from either does not compile there).
#ifndef LUD64_BOARDS_GAME_LIST_H_
#define LUD64_BOARDS_GAME_LIST_H_

#include <string>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "boards/damdaman/damdaman.h"
#include "boards/damdaman/damdaman_text.h"
#include "boards/davxar/davxar.h"
#include "boards/davxar/davxar_text.h"
#include "boards/guettal/guettal.h"
#include "boards/guettal/guettal_text.h"

namespace lud64 {

// The list: M(G, arg) for each game, in order. AnyGame is made from it, and
// so are the explicit instantiations that compile a template once per game
// (play/: LUD64_FOR_EACH_GAME(LUD64_SEARCHES, extern) and the like).
#define LUD64_FOR_EACH_GAME(M, arg) M(Davxar, arg) M(Damdaman, arg) M(Guettal, arg)

namespace game_list_internal {
template <class Unused, class... Games>
struct VariantOf {
  using Type = std::variant<Games...>;
};
}  // namespace game_list_internal

// Each game declares kName, kTitle and kOptionsHelp, and its text functions
// (position_text.h) in boards/<game>/<game>_text.h.
#define LUD64_GAME_ALTERNATIVE(G, unused) , G
using AnyGame =
    game_list_internal::VariantOf<void LUD64_FOR_EACH_GAME(LUD64_GAME_ALTERNATIVE, )>::Type;
#undef LUD64_GAME_ALTERNATIVE

// One position type per game of AnyGame, in the same order.
template <class Games>
struct PositionsOf;
template <class... Games>
struct PositionsOf<std::variant<Games...>> {
  using Type = std::variant<typename Games::Position...>;
};
using AnyPosition = PositionsOf<AnyGame>::Type;

// The game that commands use when none is named.
inline constexpr absl::string_view kDefaultGame = "davxar";

struct GameInfo {
  std::string name;
  std::string title;    // the Ludii ruleset
  std::string options;  // one line per option, or empty
};

// Every game, by name.
std::vector<GameInfo> KnownGames();

// A game from its name with options, e.g. "davxar:lines=ludii,pieces=6".
// Errors begin with "game '<text>': " or name the known games.
absl::StatusOr<AnyGame> MakeGame(absl::string_view text);

// The canonical name with options of a game (as MakeGame reads it back).
std::string GameName(const AnyGame& game);

}  // namespace lud64

#endif  // LUD64_BOARDS_GAME_LIST_H_
