// Helpers shared by the tablebase tests: fresh directories and small builds.
#ifndef LUD64_TESTS_TABLEBASE_TEST_SUPPORT_H_
#define LUD64_TESTS_TABLEBASE_TEST_SUPPORT_H_

#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tablebase/builder.h"
#include "tablebase/tablebase.h"

namespace lud64::tablebase {

// An empty directory under the test temp dir, unique to this process.
inline std::string FreshDir(const std::string& name) {
  std::string dir = absl::StrCat(::testing::TempDir(), "/lud64_tb_", name, "_", ::getpid());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

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

}  // namespace lud64::tablebase

#endif  // LUD64_TESTS_TABLEBASE_TEST_SUPPORT_H_
