// The page's files (page/ here), built into the binary by embed_page.cmake,
// so that `lud64 serve` needs no folder beside it, in the build tree or
// installed.
#ifndef LUD64_TOOLS_LUD64_SERVE_PAGE_FILES_H_
#define LUD64_TOOLS_LUD64_SERVE_PAGE_FILES_H_

#include <string_view>
#include <vector>

namespace lud64 {

struct PageFile {
  std::string_view path;          // "/index.html", "/main.js", ...
  std::string_view content_type;  // "text/html; charset=utf-8", ...
  std::string_view content;
};

// Every file of the page, from the folder page/ at build time.
const std::vector<PageFile>& PageFiles();

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_SERVE_PAGE_FILES_H_
