// Positions of AnyGame as text, for the front-ends that reach play/'s
// non-template entry points (perft.h, playouts_run.h, table_operations.h).
#ifndef LUD64_PLAY_ANY_POSITION_H_
#define LUD64_PLAY_ANY_POSITION_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "boards/game_list.h"
#include "engine/site_names.h"

namespace lud64 {

// `text` (a position, or `start`) read as ParsePosition reads it.
absl::StatusOr<AnyPosition> ParseAnyPosition(const AnyGame& game, absl::string_view text);

// The game's start.
AnyPosition StartOf(const AnyGame& game);

// The game's names of its sites, for FormatDecision.
const SiteNames& SiteNamesOf(const AnyGame& game);

}  // namespace lud64

#endif  // LUD64_PLAY_ANY_POSITION_H_
