// A directory of a test's own under the test temp dir ($TMPDIR, else /tmp),
// removed with all it holds when the object goes out of scope, whether the
// test passed or failed: repeated runs leave nothing behind, and parallel
// ctest processes never share a directory.
#ifndef LUD64_TESTS_SCOPED_TEMP_DIR_H_
#define LUD64_TESTS_SCOPED_TEMP_DIR_H_

#include <stdlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"

namespace lud64 {

class ScopedTempDir {
 public:
  // Creates `<temp dir>/lud64_<name>_XXXXXX`, mkdtemp choosing the X's, so no
  // two processes, nor two objects in one process, get the same directory.
  explicit ScopedTempDir(absl::string_view name) {
    std::string pattern =
        (std::filesystem::path(::testing::TempDir()) / absl::StrCat("lud64_", name, "_XXXXXX"))
            .string();
    // A test cannot go on without its directory; GoogleTest reports the
    // exception as the test's failure.
    if (::mkdtemp(pattern.data()) == nullptr) {
      throw std::runtime_error(absl::StrCat("mkdtemp ", pattern, ": ", std::strerror(errno)));
    }
    path_ = std::move(pattern);
  }
  // Runs after the test (or, for a static, at exit) and must not throw: a
  // failure to remove is printed, so a leak does not go unnoticed.
  ~ScopedTempDir() {
    std::error_code error;
    std::filesystem::remove_all(path_, error);
    if (error)
      std::fprintf(stderr, "cannot remove %s: %s\n", path_.c_str(), error.message().c_str());
  }
  ScopedTempDir(const ScopedTempDir&) = delete;
  ScopedTempDir& operator=(const ScopedTempDir&) = delete;

  const std::string& path() const { return path_; }
  // The path of `name` inside the directory.
  std::string File(absl::string_view name) const { return absl::StrCat(path_, "/", name); }

 private:
  std::string path_;
};

}  // namespace lud64

#endif  // LUD64_TESTS_SCOPED_TEMP_DIR_H_
