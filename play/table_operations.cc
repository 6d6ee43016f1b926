// The dispatch of table_operations.h to each game's GameTableOperations.
#include "play/table_operations.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "play/game_table_operations.h"
#include "tablebase/endgame_limit.h"
#include "tablebase/format/tb_file.h"
#include "tablebase/games/game_tablebases.h"

namespace lud64 {
namespace {

using Operations = std::unique_ptr<GameTableOperations>;

// f(operations) for a game with tables; for one without, the error saying why.
template <class R, class F>
R WithTables(const AnyGame& game, F&& f) {
  return VisitTablebaseGame<R>(game, [&](const auto& g) -> R {
    const Operations operations = MakeGameTableOperations(g);
    return f(*operations);
  });
}

}  // namespace

absl::Status CheckTableLimit(absl::string_view upto, int max_pieces) {
  return tablebase::ParseEndgameLimit(upto, max_pieces).status();
}

absl::Status BuildTables(const AnyGame& game, const TableBuildRequest& request,
                         std::ostream& progress) {
  return WithTables<absl::Status>(
      game, [&](const GameTableOperations& op) { return op.Build(request, progress); });
}

absl::StatusOr<std::unique_ptr<TableProber>> OpenTableProber(const AnyGame& game,
                                                             const std::string& dir) {
  return WithTables<absl::StatusOr<std::unique_ptr<TableProber>>>(
      game, [&](const GameTableOperations& op) { return op.OpenProber(dir); });
}

absl::StatusOr<std::string> ProbeTables(const AnyGame& game, const AnyPosition& position,
                                        const std::string& dir, bool json) {
  return WithTables<absl::StatusOr<std::string>>(
      game, [&](const GameTableOperations& op) { return op.ProbeOnce(position, dir, json); });
}

absl::StatusOr<std::string> TablesInfo(const AnyGame& game, const std::string& dir) {
  return WithTables<absl::StatusOr<std::string>>(
      game, [&](const GameTableOperations& op) { return op.Info(dir); });
}

absl::StatusOr<TablesCompressed> CompressTables(const AnyGame& game, const std::string& dir,
                                                int threads, std::ostream& progress,
                                                StopFlag stop) {
  return WithTables<absl::StatusOr<TablesCompressed>>(game, [&](const GameTableOperations& op) {
    return op.Compress(dir, threads, progress, stop);
  });
}

absl::StatusOr<TablesVerified> VerifyTables(const AnyGame& game, const std::string& dir,
                                            int threads, std::ostream& progress, StopFlag stop) {
  return WithTables<absl::StatusOr<TablesVerified>>(
      game, [&](const GameTableOperations& op) { return op.Verify(dir, threads, progress, stop); });
}

absl::StatusOr<AnyGame> GameOfTableDir(const std::string& dir) {
  const std::string where = tablebase::TablebaseDir(dir);
  absl::StatusOr<std::vector<std::string>> families = tablebase::FamiliesIn(where);
  if (!families.ok()) return families.status();
  if (families->empty()) return absl::NotFoundError(absl::StrCat("no tablebase in ", where));
  if (families->size() > 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        where, " holds tables of ", absl::StrJoin(*families, ", "), ": name one with --game"));
  }
  return MakeGame(families->front());
}

}  // namespace lud64
