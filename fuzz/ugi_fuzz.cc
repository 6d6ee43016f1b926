// The UGI command loop (`lud64 ugi`, tools/lud64/ugi/ugi_session.h): a session
// fed the input's lines never crashes or hangs, writes one line per output
// (no control characters that could forge or garble protocol lines), and
// answers each `go` with exactly one `bestmove`, or with an error and none.
//
// Each `go` is followed by `stop`, so that a deep or infinite search ends at
// once instead of holding up the next command. `setoption` lines naming hash,
// threads, tb or evalfile are skipped: they size memory, start threads or read the
// file system, which the unit tests cover and a fuzzer must not.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "fuzz/fuzz_support.h"
#include "tools/lud64/ugi/ugi_session.h"

namespace lud64::fuzz {
namespace {

std::vector<absl::string_view> Words(absl::string_view line) {
  return absl::StrSplit(line, absl::ByAnyChar(" \t\r\n"), absl::SkipEmpty());
}

bool Skipped(const std::vector<absl::string_view>& words) {
  if (words.empty() || words[0] != "setoption") return false;
  for (absl::string_view word : words) {
    const std::string lower = absl::AsciiStrToLower(word);
    if (lower == "hash" || lower == "threads" || lower == "tb" || lower == "evalfile") return true;
  }
  return false;
}

void RunSession(absl::string_view game, absl::string_view text) {
  std::vector<std::string> output;  // Emit calls one at a time
  absl::StatusOr<std::unique_ptr<UgiSession>> session =
      UgiSession::Create(game, [&output](const std::string& line) { output.push_back(line); });
  FUZZ_CHECK(session.ok(), std::string(game));
  // The smallest table: the default 64 MiB, made by the first go, cost most of
  // each run (86 runs/s instead of thousands).
  (*session)->Handle("setoption name hash value 1");
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    const std::vector<absl::string_view> words = Words(line);
    if (Skipped(words)) continue;
    const size_t before = output.size();  // no search runs here: each go is stopped
    if (!(*session)->Handle(line)) break;
    if (words.empty() || words[0] != "go") continue;
    (*session)->Handle("stop");  // joins the search: its lines are all written
    int bestmoves = 0;
    int errors = 0;
    for (size_t i = before; i < output.size(); ++i) {
      bestmoves += absl::StartsWith(output[i], "bestmove");
      errors += absl::StartsWith(output[i], "info string error");
    }
    // A go that runs (even one on a finished game, which also says why it has
    // no decision) ends in one bestmove; a malformed one only in its error.
    FUZZ_CHECK(bestmoves == 1 || (bestmoves == 0 && errors == 1), std::string(line));
  }
  (*session)->Quit();
  for (const std::string& line : output) {
    for (char c : line) {
      const auto byte = static_cast<unsigned char>(c);
      FUZZ_CHECK(byte >= 0x20 && byte != 0x7f, "control character in output line: " + line);
    }
  }
}

}  // namespace
}  // namespace lud64::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const size_t game = size == 0 ? 0 : data[0] % lud64::fuzz::kGameCount;
  const absl::string_view text =
      size == 0 ? "" : absl::string_view(reinterpret_cast<const char*>(data) + 1, size - 1);
  lud64::fuzz::RunSession(lud64::fuzz::kGameSpecs[game], text);
  return 0;
}
