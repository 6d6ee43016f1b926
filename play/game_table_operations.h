// The per-game face of table_operations.h: one implementation per game with
// tables (game_table_operations_impl.h), compiled in table_operations_<game>.cc
// and declared here only, so that the dispatch compiles none.
#ifndef LUD64_PLAY_GAME_TABLE_OPERATIONS_H_
#define LUD64_PLAY_GAME_TABLE_OPERATIONS_H_

#include <memory>
#include <ostream>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "boards/game_list.h"
#include "engine/game.h"
#include "play/table_operations.h"

namespace lud64 {

class GameTableOperations {
 public:
  virtual ~GameTableOperations() = default;
  virtual absl::Status Build(const TableBuildRequest& request, std::ostream& progress) const = 0;
  virtual absl::StatusOr<std::unique_ptr<TableProber>> OpenProber(const std::string& dir) const = 0;
  virtual absl::StatusOr<std::string> ProbeOnce(const AnyPosition& position, const std::string& dir,
                                                bool json) const = 0;
  virtual absl::StatusOr<std::string> Info(const std::string& dir) const = 0;
  virtual absl::StatusOr<TablesCompressed> Compress(const std::string& dir, int threads,
                                                    std::ostream& progress,
                                                    StopFlag stop) const = 0;
  virtual absl::StatusOr<TablesVerified> Verify(const std::string& dir, int threads,
                                                std::ostream& progress, StopFlag stop) const = 0;
};

// Defined in game_table_operations_impl.h, compiled once for each game with
// tables in play/table_operations_<game>.cc (LUD64_GAME_TABLE_OPERATIONS(G, )).
template <Game G>
std::unique_ptr<GameTableOperations> MakeGameTableOperations(const G& game);
// NOLINTBEGIN(bugprone-macro-parentheses)
#define LUD64_GAME_TABLE_OPERATIONS(G, kind) \
  kind template std::unique_ptr<GameTableOperations> MakeGameTableOperations<G>(const G&);
// NOLINTEND(bugprone-macro-parentheses)
LUD64_GAME_TABLE_OPERATIONS(Davxar, extern)
LUD64_GAME_TABLE_OPERATIONS(Damdaman, extern)

}  // namespace lud64

#endif  // LUD64_PLAY_GAME_TABLE_OPERATIONS_H_
