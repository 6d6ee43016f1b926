#include "play/opening_book.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "play/game_record.h"
#include "play/openings.h"

namespace lud64 {

std::vector<BookLine> BookLines(absl::string_view text) {
  std::vector<BookLine> lines;
  int number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++number;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line[0] == '#') continue;
    lines.push_back({number, std::string(line)});
  }
  return lines;
}

absl::StatusOr<OpeningBook> ReadOpeningBook(const std::string& path) {
  std::error_code error;
  std::ifstream in(path, std::ios::binary);
  if (!in || std::filesystem::is_directory(path, error)) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": cannot read this file"));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": read failed"));
  }
  OpeningBook book{.path = path, .lines = BookLines(text.str())};
  if (book.lines.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": holds no opening (only blank or # lines)"));
  }
  return book;
}

absl::Status MakeRandomBook(const AnyGame& game, const RandomBookRequest& request,
                            std::vector<std::string>& lines,
                            const std::function<void(int found, uint64_t draws)>& on_draw) {
  const size_t before = lines.size();
  return std::visit(
      [&](const auto& g) {
        return DistinctRandomOpenings(
            g, request.count, request.plies, request.balanced, request.seed,
            [&](const std::vector<Decision>& opening) { lines.push_back(LineText(g, opening)); },
            [&](uint64_t draws) {
              if (on_draw) on_draw(static_cast<int>(lines.size() - before), draws);
            },
            request.stop);
      },
      game);
}

}  // namespace lud64
