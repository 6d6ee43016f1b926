#include "tools/train/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"

namespace lud64 {

absl::StatusOr<std::unique_ptr<OutputFile>> OutputFile::Create(absl::string_view flag,
                                                               const std::string& path) {
  if (path.empty()) return absl::InvalidArgumentError(absl::StrCat("--", flag, " is empty"));
  const std::string named = absl::StrCat("--", flag, "=", path);
  struct stat info;
  if (::stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
    return absl::InvalidArgumentError(absl::StrCat(named, ": a directory, not a file"));
  }
  std::string temporary = absl::StrCat(path, ".tmp.", ::getpid());
  // 0666 less the umask: the mode the file would have if written directly.
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(named, ": cannot write there (", std::strerror(errno), ")"));
  }
  ::close(fd);
  return std::unique_ptr<OutputFile>(new OutputFile(std::string(flag), path, std::move(temporary)));
}

OutputFile::~OutputFile() {
  if (!committed_) std::remove(temporary_.c_str());
}

absl::Status OutputFile::Commit() {
  if (std::rename(temporary_.c_str(), path_.c_str()) != 0) {
    return absl::UnavailableError(absl::StrCat("--", flag_, "=", path_, ": cannot rename ",
                                               temporary_, " to it (", std::strerror(errno), ")"));
  }
  committed_ = true;
  return absl::OkStatus();
}

}  // namespace lud64
