#include "engine/site_names.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace lud64 {

SiteNames SiteNames::ForCellGrid(int rows, int columns) {
  std::vector<std::string> names;
  for (int row = 0; row < rows; ++row)
    for (int col = 0; col < columns; ++col)
      names.push_back(absl::StrCat(std::string(1, static_cast<char>('A' + col)), row + 1));
  return SiteNames(std::move(names));
}

int SiteNames::Find(std::string_view name) const {
  for (int site = 0; site < size(); ++site)
    if (absl::EqualsIgnoreCase(names_[site], absl::string_view(name.data(), name.size())))
      return site;
  return -1;
}

}  // namespace lud64
