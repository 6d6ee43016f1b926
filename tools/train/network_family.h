// The network family `lud64-train fit --family` writes into a weight file:
// lud64 loads a file only into a game whose network family
// (GameNetwork<G>::Family, or its whole-game family WholeGameFamily) is the
// file's, so a family no game has makes a file nothing can load.
#ifndef LUD64_TOOLS_TRAIN_NETWORK_FAMILY_H_
#define LUD64_TOOLS_TRAIN_NETWORK_FAMILY_H_

#include <string>
#include <vector>

#include "absl/status/status.h"

namespace lud64 {

// The known families, sorted: each game's endgame and whole-game families
// with its default options, and those of the networks built in
// ("davxar:lines=ludii").
std::vector<std::string> NetworkFamilies();

// OK when `family` is a game's text whose game has that network family
// ("davxar", "davxar:lines=ludii", "damdaman"), or that text with "-whole"
// after the game's name and the game has that whole-game family
// ("davxar-whole:lines=ludii"); else an error (bad input)
// naming --family and listing NetworkFamilies().
absl::Status CheckNetworkFamily(const std::string& family);

// Whether a family CheckNetworkFamily accepts is a whole-game family.
inline bool IsWholeGameFamily(const std::string& family) {
  return family.find("-whole") != std::string::npos;
}

}  // namespace lud64

#endif  // LUD64_TOOLS_TRAIN_NETWORK_FAMILY_H_
