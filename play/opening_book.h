// Opening books: text files of one opening per line, each a position text or
// a line of decisions from the start (openings.h reads them for a game);
// blank lines and lines starting with `#` are skipped.
#ifndef LUD64_PLAY_OPENING_BOOK_H_
#define LUD64_PLAY_OPENING_BOOK_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace lud64 {

struct BookLine {
  int number = 0;  // in the file, from 1
  std::string text;
};

struct OpeningBook {
  std::string path;
  std::vector<BookLine> lines;
};

// The openings of the file at `path`: an error naming the file when it cannot
// be read or holds none.
absl::StatusOr<OpeningBook> ReadOpeningBook(const std::string& path);

// The book's lines from text (the file's contents).
std::vector<BookLine> BookLines(absl::string_view text);

}  // namespace lud64

#endif  // LUD64_PLAY_OPENING_BOOK_H_
