// Helpers shared by the tablebase tests: small builds (in a ScopedTempDir).
#ifndef LUD64_TESTS_TABLEBASE_TEST_SUPPORT_H_
#define LUD64_TESTS_TABLEBASE_TEST_SUPPORT_H_

#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tablebase/builder.h"
#include "tablebase/tablebase.h"
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

}  // namespace lud64::tablebase

#endif  // LUD64_TESTS_TABLEBASE_TEST_SUPPORT_H_
