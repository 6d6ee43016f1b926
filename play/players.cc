// The players of every game (the match's and the accuracy measure's),
// compiled once for the program (players.h): one file, since most of its time
// is the headers every game's players share.
#include "play/players.h"

namespace lud64 {
LUD64_FOR_EACH_GAME(LUD64_PLAYERS, )
}  // namespace lud64
