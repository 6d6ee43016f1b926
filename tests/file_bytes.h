// A test's whole-file reads and writes, for comparing and damaging files.
#ifndef LUD64_TESTS_FILE_BYTES_H_
#define LUD64_TESTS_FILE_BYTES_H_

#include <fstream>
#include <iterator>
#include <string>

namespace lud64 {

// The bytes of the file at `path` ("" when it cannot be read).
inline std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Replaces the file at `path` with `bytes`.
inline void WriteBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

}  // namespace lud64

#endif  // LUD64_TESTS_FILE_BYTES_H_
