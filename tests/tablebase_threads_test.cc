// The backward pass gives the same files whatever the thread count: its
// shared rounds (scans split into chunks, updates applied by id range) and its
// rounds over positions resolved at the same distance behind a scan (Davxar's
// mill steps) must reach the one fixed point the single-thread pass reaches.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "boards/davxar/davxar_tablebase.h"
#include "gtest/gtest.h"
#include "tablebase/tb_operations.h"
#include "tests/scoped_temp_dir.h"

namespace lud64::tablebase {
namespace {

namespace fs = std::filesystem;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(TablebaseThreadsTest, OneTwoAndThreeThreadsWriteIdenticalFiles) {
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
    const std::string one = ReadFile(entry.path());
    for (int other = 1; other < 3; ++other) {
      EXPECT_EQ(one, ReadFile(fs::path(dirs[other].path()) / entry.path().filename()))
          << entry.path().filename() << " with " << other + 1 << " threads";
    }
    ++compared;
  }
  EXPECT_GE(compared, 5);
}

}  // namespace
}  // namespace lud64::tablebase
