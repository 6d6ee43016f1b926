// Davxar tables up to 3 v 2 built on 1, 2 and 3 threads write the same
// bytes: the backward pass's shared rounds (scans split into chunks, updates
// applied by id range) and its rounds over positions resolved at the same
// distance behind a scan (Davxar's mill steps) reach the one fixed point the
// single-thread pass reaches. A binary of its own (threaded_long_tests), which
// the release stage runs and CI's TSan stage runs under ThreadSanitizer.
#include <filesystem>
#include <sstream>
#include <string>

#include "gtest/gtest.h"
#include "tablebase/games/davxar_tablebase.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/operations/tb_operations.h"
#include "tests/file_bytes.h"
#include "tests/scoped_temp_dir.h"

namespace lud64::tablebase::tablebase_threads_test {
namespace {

namespace fs = std::filesystem;

TEST(TablebaseThreadsLong, OneTwoAndThreeThreadsWriteIdenticalFiles) {
  // Up to 3 v 2: its last component has 0.9 M positions, enough for shared
  // rounds, and mills, so positions resolved behind a scan.
  const Davxar game;
  const ScopedTempDir dirs[3] = {ScopedTempDir("tb_threads_1"), ScopedTempDir("tb_threads_2"),
                                 ScopedTempDir("tb_threads_3")};
  for (int threads = 1; threads <= 3; ++threads) {
    std::ostringstream log;
    const absl::Status status = BuildTablebases(
        game, {.dir = dirs[threads - 1].path(), .upto = {3, 2}, .threads = threads}, log);
    ASSERT_TRUE(status.ok()) << status << "\n" << log.str();
  }
  int compared = 0;
  for (const auto& entry : fs::directory_iterator(dirs[0].path())) {
    const std::string one = ReadBytes(entry.path());
    for (int other = 1; other < 3; ++other) {
      EXPECT_EQ(one, ReadBytes(fs::path(dirs[other].path()) / entry.path().filename()))
          << entry.path().filename() << " with " << other + 1 << " threads";
    }
    ++compared;
  }
  EXPECT_GE(compared, 5);
}

}  // namespace
}  // namespace lud64::tablebase::tablebase_threads_test
