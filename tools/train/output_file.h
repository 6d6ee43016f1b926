// An output file of lud64-train, written under a temporary name beside it
// (`<path>.tmp.<pid>`) and renamed to its own name only when complete: a
// file under its own name is never partial, and one there before is left as
// it was when the work fails or Ctrl-C stops it. The temporary file is made
// before the work, so a path that cannot be written fails at once.
#ifndef LUD64_TOOLS_TRAIN_OUTPUT_FILE_H_
#define LUD64_TOOLS_TRAIN_OUTPUT_FILE_H_

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace lud64 {

class OutputFile {
 public:
  // The output of --`flag`=`path`; an error (bad input) naming both for an
  // empty path, a directory, or a place where no file can be made.
  static absl::StatusOr<std::unique_ptr<OutputFile>> Create(absl::string_view flag,
                                                            const std::string& path);
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  // Removes the temporary file unless committed.
  ~OutputFile();

  const std::string& path() const { return path_; }
  // Where the writers write.
  const std::string& temporary() const { return temporary_; }
  // Renames the temporary file, written and closed, to path().
  absl::Status Commit();

 private:
  OutputFile(std::string flag, std::string path, std::string temporary)
      : flag_(std::move(flag)), path_(std::move(path)), temporary_(std::move(temporary)) {}

  std::string flag_;
  std::string path_;
  std::string temporary_;
  bool committed_ = false;
};

}  // namespace lud64

#endif  // LUD64_TOOLS_TRAIN_OUTPUT_FILE_H_
