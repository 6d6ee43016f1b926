// The version `lud64 --version` prints: the CMake project version, and the
// `git describe` of the source tree when it was built from a git checkout.
// version.cmake writes its definition at every build.
#ifndef LUD64_TOOLS_LUD64_VERSION_H_
#define LUD64_TOOLS_LUD64_VERSION_H_

namespace lud64 {

const char* VersionText();

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_VERSION_H_
