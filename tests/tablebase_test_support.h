// Helpers shared by the tablebase tests: small builds (in a ScopedTempDir),
// and the davxar:pieces=3 tables every test of a process shares.
#ifndef LUD64_TESTS_TABLEBASE_TEST_SUPPORT_H_
#define LUD64_TESTS_TABLEBASE_TEST_SUPPORT_H_

#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tablebase/games/davxar_tablebase.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/operations/tb_operations.h"
#include "tablebase/probe/probe.h"
#include "tablebase/solve/builder.h"
#include "tests/scoped_temp_dir.h"

namespace lud64::tablebase {

// Builds `slices` into `dir` and opens them; fails the test on error.
template <class Tb>
Tablebase<Tb> BuildAndOpen(const Tb& tb, const std::vector<SliceKey>& slices,
                           const std::string& dir, int threads = 2) {
  SliceTables tables;
  std::ostringstream progress;
  const absl::Status status =
      BuildSlices(tb, slices, {.dir = dir, .threads = threads}, progress, tables);
  EXPECT_TRUE(status.ok()) << status << "\n" << progress.str();
  absl::StatusOr<Tablebase<Tb>> base = Tablebase<Tb>::Open(tb, dir);
  EXPECT_TRUE(base.ok()) << base.status();
  return *std::move(base);
}

using davxar::DavxarTb;
using davxar::MillTest;

// Tables for davxar:pieces=3: those the ctest fixture `pieces3_tables` built
// once for the whole run (in $LUD64_PIECES3_TABLES/<lines>), or else built
// once per process (about 2 s each in a release build) in a directory of the
// process's own, removed at exit.
class Pieces3Tables {
 public:
  explicit Pieces3Tables(MillTest lines)
      : game_(lines, 3), dir_(absl::StrCat("tb_", game_.name())) {
    const char* shared = std::getenv("LUD64_PIECES3_TABLES");
    if (shared != nullptr && *shared != '\0') {
      path_ = absl::StrCat(shared, "/", lines == MillTest::kLudii ? "ludii" : "historical");
    } else {
      path_ = dir_.path();
      std::ostringstream progress;
      const absl::Status built = BuildTablebases(game_, {.dir = path_, .threads = 2}, progress);
      EXPECT_TRUE(built.ok()) << built;
    }
    absl::StatusOr<Tablebase<DavxarTb>> base = Tablebase<DavxarTb>::Open(DavxarTb(lines), path_);
    EXPECT_TRUE(base.ok()) << base.status();
    base_ = std::make_unique<Tablebase<DavxarTb>>(*std::move(base));
  }
  const Tablebase<DavxarTb>& base() const { return *base_; }
  const std::string& dir() const { return path_; }

 private:
  Davxar game_;
  ScopedTempDir dir_;  // empty when the fixture's tables are read
  std::string path_;   // the tables' directory
  std::unique_ptr<Tablebase<DavxarTb>> base_;  // after dir_: closed before it is removed
};

inline const Pieces3Tables& Pieces3Build(MillTest lines) {
  static std::unique_ptr<Pieces3Tables> tables[2];
  auto& slot = tables[lines == MillTest::kLudii];
  if (slot == nullptr) slot = std::make_unique<Pieces3Tables>(lines);
  return *slot;
}
inline const Tablebase<DavxarTb>& Pieces3(MillTest lines) { return Pieces3Build(lines).base(); }

}  // namespace lud64::tablebase

#endif  // LUD64_TESTS_TABLEBASE_TEST_SUPPORT_H_
