// The endgame tables' operations for the front-ends (`lud64 tb`, tb_bench,
// lud64.probe): build, probe (text and JSON), info, verify and compress over
// any game, behind no template. They wrap tablebase/operations/ (tb_operations.h,
// tb_verify.h), compiled once per game with tables in
// table_operations_<game>.cc; a game without tables gets the error saying why.
#ifndef LUD64_PLAY_TABLE_OPERATIONS_H_
#define LUD64_PLAY_TABLE_OPERATIONS_H_

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "boards/game_list.h"
#include "engine/stop.h"

namespace lud64 {

// A directory `dir` of tables: "" means $LUD64_TB, else ./tablebases.

struct TableBuildRequest {
  std::string dir;
  // The slices: "0" every slice reachable from the start; "N" the movement
  // endgames with at most N pieces a side (N up to max_pieces); "MvN".
  std::string upto = "0";
  int max_pieces = 16;
  int threads = 1;
  int64_t memory_mib = 0;   // refuse a build that needs more; 0: no bound
  bool compress = true;     // end with the files compressed (format 4)
  StopFlag stop = nullptr;  // set: the build stops with Cancelled, complete files kept
};

// The error of a bad `upto`, else OK.
absl::Status CheckTableLimit(absl::string_view upto, int max_pieces);

// Builds what `request` asks for (resuming: complete files are kept);
// progress lines go to `progress`.
absl::Status BuildTables(const AnyGame& game, const TableBuildRequest& request,
                         std::ostream& progress);

// The tables opened once, to probe positions one after another.
class TableProber {
 public:
  virtual ~TableProber() = default;
  // The answer for the position `text` as `lud64 tb probe` prints it (with
  // `json`, one JSON object), ending with a newline; an error for a bad or
  // finished position, or a damaged table.
  virtual absl::StatusOr<std::string> Probe(absl::string_view text, bool json) const = 0;
};
absl::StatusOr<std::unique_ptr<TableProber>> OpenTableProber(const AnyGame& game,
                                                             const std::string& dir);

// Opens the tables and probes `position` once: the same answer.
absl::StatusOr<std::string> ProbeTables(const AnyGame& game, const AnyPosition& position,
                                        const std::string& dir, bool json);

// One line per slice file (slice, positions, bytes, value shares, longest
// distance, checksum) and the totals; opening verifies every file.
absl::StatusOr<std::string> TablesInfo(const AnyGame& game, const std::string& dir);

struct TablesCompressed {
  int compressed = 0;                          // files turned into format 4
  int already = 0;                             // files in format 4 already
  uint64_t bytes_before = 0, bytes_after = 0;  // of the files compressed
};
// Compresses the files not yet in format 4, `threads` at a time.
absl::StatusOr<TablesCompressed> CompressTables(const AnyGame& game, const std::string& dir,
                                                int threads, std::ostream& progress, StopFlag stop);

struct TablesVerified {
  uint64_t positions = 0;
  uint64_t mismatches = 0;
  std::vector<std::string> examples;  // the first few mismatches
};
// Re-derives every stored value from its successors' stored values.
absl::StatusOr<TablesVerified> VerifyTables(const AnyGame& game, const std::string& dir,
                                            int threads, std::ostream& progress, StopFlag stop);

// The game of the one family of tables in `dir` (their headers name it); an
// error when it holds none or several.
absl::StatusOr<AnyGame> GameOfTableDir(const std::string& dir);

}  // namespace lud64

#endif  // LUD64_PLAY_TABLE_OPERATIONS_H_
