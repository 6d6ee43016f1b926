// A user's weight file for an engine's learned evaluation (`evalfile=` in
// engine specs, `--evalfile`, UGI's `evalfile` option, Python's
// `evalfile=`), in place of the network of its family built into the program:
// the game's endgame network or its whole-game network.
#ifndef LUD64_PLAY_WEIGHT_FILE_H_
#define LUD64_PLAY_WEIGHT_FILE_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "engine/game.h"
#include "network/games/game_networks.h"
#include "network/network.h"
#include "network/network_file.h"

namespace lud64 {

// The network of the weight file at `path`, for `game`; null (the network
// built into the program) when `path` is empty, so a caller's option passes
// straight through. Errors, each naming the file: unreadable or corrupt
// (network_file.h), a network of another family, or a game without a learned
// evaluation.
template <Game G>
absl::StatusOr<std::shared_ptr<const QuantizedNetwork>> LoadWeightFile(const G& game,
                                                                       const std::string& path) {
  if (path.empty()) return nullptr;
  if constexpr (!HasGameNetwork<G>) {
    return absl::InvalidArgumentError(absl::StrCat("network file ", path, ": ", game.name(),
                                                   " has no learned evaluation to load it into"));
  } else {
    absl::StatusOr<NetworkFile> file = ReadNetworkFile(path);
    if (!file.ok()) return absl::InvalidArgumentError(file.status().message());
    const std::string endgame = GameNetwork<G>::Family(game);
    const std::string whole_game = GameNetwork<G>::WholeGameFamily(game);
    if (file->family != endgame && file->family != whole_game) {
      return absl::InvalidArgumentError(absl::StrCat("network file ", path, ": a network of ",
                                                     file->family, ", not of ", endgame, " or ",
                                                     whole_game));
    }
    file->network.whole_game = file->family == whole_game;
    return std::make_shared<const QuantizedNetwork>(file->network);
  }
}

}  // namespace lud64

#endif  // LUD64_PLAY_WEIGHT_FILE_H_
