// The printed names of a board's sites (engine/RULES.md: "A1" ... ; Davxar's
// point labels), and lookup of a name in either case.
#ifndef LUD64_ENGINE_SITE_NAMES_H_
#define LUD64_ENGINE_SITE_NAMES_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lud64 {

class SiteNames {
 public:
  explicit SiteNames(std::vector<std::string> names) : names_(std::move(names)) {}

  // Column letter from 'A' and row number from 1 for a rows x columns grid.
  static SiteNames ForCellGrid(int rows, int columns);

  int size() const { return static_cast<int>(names_.size()); }
  const std::string& operator[](int site) const { return names_[site]; }
  // The site named `name` (any case), or -1.
  int Find(std::string_view name) const;

 private:
  std::vector<std::string> names_;
};

}  // namespace lud64

#endif  // LUD64_ENGINE_SITE_NAMES_H_
