// GameTableOperations of one game with tables: tablebase/operations/
// instantiated for it. Included only by table_operations_<game>.cc.
#ifndef LUD64_PLAY_GAME_TABLE_OPERATIONS_IMPL_H_
#define LUD64_PLAY_GAME_TABLE_OPERATIONS_IMPL_H_

#include <memory>
#include <string>
#include <utility>
#include <variant>

#include "absl/strings/str_cat.h"
#include "engine/input_text.h"
#include "engine/position_text.h"
#include "play/game_table_operations.h"
#include "play/probe_json.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/operations/tb_operations.h"
#include "tablebase/operations/tb_verify.h"

namespace lud64 {

// The answer to one probe, as `lud64 tb probe` prints it.
template <Game G>
std::string ProbeAnswer(const G& game, const typename G::Position& position,
                        const tablebase::TbProbeResult& result, bool json) {
  return json ? ProbeJson(game, position.state.turn, result) + "\n"
              : tablebase::FormatProbeText(game, result);
}

template <Game G>
class GameTableProber final : public TableProber {
 public:
  using Tb = typename tablebase::TablebaseFor<G>::Type;

  GameTableProber(const G& game, tablebase::Tablebase<Tb> base)
      : game_(game), base_(std::move(base)) {}

  absl::StatusOr<std::string> Probe(absl::string_view text, bool json) const override {
    absl::StatusOr<typename G::Position> position = ParsePosition(game_, text);
    if (!position.ok()) return position.status();
    if (position->state.over()) {
      return absl::InvalidArgumentError(
          absl::StrCat("position ", Quoted(text), ": the game is over"));
    }
    absl::StatusOr<tablebase::TbProbeResult> result = tablebase::ProbeOpen(base_, *position);
    if (!result.ok()) return result.status();
    return ProbeAnswer(game_, *position, *result, json);
  }

 private:
  const G game_;
  const tablebase::Tablebase<Tb> base_;
};

template <Game G>
class GameTables final : public GameTableOperations {
 public:
  explicit GameTables(const G& game) : game_(game) {}

  absl::Status Build(const TableBuildRequest& request, std::ostream& progress) const override {
    absl::StatusOr<tablebase::EndgameLimit> upto =
        tablebase::ParseEndgameLimit(request.upto, request.max_pieces);
    if (!upto.ok()) return upto.status();
    const tablebase::TbBuildOptions options{.dir = request.dir,
                                            .upto = *upto,
                                            .threads = request.threads,
                                            .memory_mib = request.memory_mib,
                                            .compress = request.compress,
                                            .stop = request.stop};
    return tablebase::BuildTablebases(game_, options, progress);
  }

  absl::StatusOr<std::unique_ptr<TableProber>> OpenProber(const std::string& dir) const override {
    absl::StatusOr<tablebase::Tablebase<Tb>> base =
        tablebase::OpenTablebase(game_, dir, tablebase::FileCheck::kHeader);
    if (!base.ok()) return base.status();
    return std::make_unique<GameTableProber<G>>(game_, *std::move(base));
  }

  absl::StatusOr<std::string> ProbeOnce(const AnyPosition& any, const std::string& dir,
                                        bool json) const override {
    const typename G::Position& position = std::get<typename G::Position>(any);
    absl::StatusOr<tablebase::TbProbeResult> result =
        tablebase::ProbeTablebase(game_, position, dir);
    if (!result.ok()) return result.status();
    return ProbeAnswer(game_, position, *result, json);
  }

  absl::StatusOr<std::string> Info(const std::string& dir) const override {
    return tablebase::TablebaseInfo(game_, dir);
  }

  absl::StatusOr<TablesCompressed> Compress(const std::string& dir, int threads,
                                            std::ostream& progress, StopFlag stop) const override {
    absl::StatusOr<tablebase::CompressReport> report =
        tablebase::CompressTablebases(game_, dir, threads, progress, stop);
    if (!report.ok()) return report.status();
    return TablesCompressed{report->compressed, report->already, report->bytes_before,
                            report->bytes_after};
  }

  absl::StatusOr<TablesVerified> Verify(const std::string& dir, int threads, std::ostream& progress,
                                        StopFlag stop) const override {
    absl::StatusOr<tablebase::TbVerifyReport> report =
        tablebase::VerifyTablebases(game_, dir, threads, progress, stop);
    if (!report.ok()) return report.status();
    return TablesVerified{report->positions, report->mismatches, std::move(report->examples)};
  }

 private:
  using Tb = typename tablebase::TablebaseFor<G>::Type;
  const G game_;
};

template <Game G>
std::unique_ptr<GameTableOperations> MakeGameTableOperations(const G& game) {
  return std::make_unique<GameTables<G>>(game);
}

}  // namespace lud64

#endif  // LUD64_PLAY_GAME_TABLE_OPERATIONS_IMPL_H_
