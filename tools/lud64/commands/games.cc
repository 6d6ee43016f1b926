// `lud64 games`: the games and their options.
#include <iostream>

#include "boards/game_list.h"
#include "tools/lud64/command.h"

namespace lud64 {
namespace {

int RunGames(const std::string&) {
  for (const GameInfo& info : KnownGames()) {
    std::cout << info.name << "\n  " << info.title << "\n";
    if (!info.options.empty()) std::cout << info.options;
  }
  return 0;
}

}  // namespace

extern const Command kGamesCommand;
const Command kGamesCommand = {
    "games", "lud64 games", "List the games and their options.", {}, RunGames};

}  // namespace lud64
