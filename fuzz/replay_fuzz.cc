// Replay lines (`lud64 replay`) of every game: reading and playing never
// crashes; a record either plays or fails with an error naming the line; each
// final position printed is accepted again and prints identically. With the
// first byte's high bit set, the first line is the position the records start
// from (`--position`), so the fuzzer also plays from positions it made.
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "fuzz/fuzz_support.h"
#include "tools/lud64/commands/replay/replay_command.h"

namespace lud64::fuzz {
namespace {

template <class G>
void CheckReplay(const G& game, absl::string_view text, bool position_first) {
  ReplayRequest request;
  request.counts = true;
  if (position_first) {
    const size_t newline = text.find('\n');
    request.position = std::string(text.substr(0, newline));
    text = newline == absl::string_view::npos ? "" : text.substr(newline + 1);
  }
  std::istringstream in{std::string(text)};
  std::ostringstream out;
  const absl::Status status = RunReplay(game, request, in, out);
  if (!status.ok()) {
    FUZZ_CHECK(!status.message().empty(), std::string(text));
    return;
  }
  for (absl::string_view line : absl::StrSplit(out.str(), '\n', absl::SkipEmpty())) {
    // "<result> <position> counts=<n,...>"
    const size_t space = line.find(' ');
    const size_t counts = line.rfind(" counts=");
    FUZZ_CHECK(
        space != absl::string_view::npos && counts != absl::string_view::npos && counts > space,
        std::string(line));
    CheckReadsBack(game, std::string(line.substr(space + 1, counts - space - 1)), line);
  }
}

}  // namespace
}  // namespace lud64::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const lud64::fuzz::GameAndText input = lud64::fuzz::SplitInput(data, size);
  const bool position_first = size > 0 && (data[0] & 0x80) != 0;
  std::visit([&](const auto& g) { lud64::fuzz::CheckReplay(g, input.text, position_first); },
             input.game);
  return 0;
}
