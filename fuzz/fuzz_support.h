// What the libFuzzer targets share: the games they run on (every game, and
// the option values that change a game's text or rules), and a check that
// aborts with a message, so that libFuzzer records the input that broke a
// property.
#ifndef LUD64_FUZZ_FUZZ_SUPPORT_H_
#define LUD64_FUZZ_FUZZ_SUPPORT_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "boards/game_list.h"
#include "engine/position_text.h"

namespace lud64::fuzz {

// Every game and the option values that matter to its text and rules.
inline constexpr absl::string_view kGameSpecs[] = {
    "davxar",  "davxar:lines=ludii", "davxar:pieces=3", "davxar:lines=ludii,pieces=16", "damdaman",
    "guettal",
};
inline constexpr size_t kGameCount = sizeof(kGameSpecs) / sizeof(kGameSpecs[0]);

inline const AnyGame& FuzzGame(size_t i) {
  static const auto* games = [] {
    auto* made = new std::vector<AnyGame>;
    for (absl::string_view spec : kGameSpecs) made->push_back(*MakeGame(spec));
    return made;
  }();
  return (*games)[i % kGameCount];
}

// The first byte of an input picks the game; the rest is the text.
struct GameAndText {
  const AnyGame& game;
  absl::string_view text;
};
inline GameAndText SplitInput(const uint8_t* data, size_t size) {
  if (size == 0) return {FuzzGame(0), ""};
  return {FuzzGame(data[0]), absl::string_view(reinterpret_cast<const char*>(data) + 1, size - 1)};
}

[[noreturn]] inline void Violated(const char* what, const std::string& detail, const char* file,
                                  int line) {
  std::fprintf(stderr, "%s:%d: property violated: %s\n  %s\n", file, line, what, detail.c_str());
  std::abort();
}

}  // namespace lud64::fuzz

// FUZZ_CHECK(condition, detail): aborts with `detail` (a std::string) when the
// property does not hold.
#define FUZZ_CHECK(condition, detail) \
  ((condition) ? (void)0 : ::lud64::fuzz::Violated(#condition, (detail), __FILE__, __LINE__))

namespace lud64::fuzz {

// Reads a printed position back: it must be accepted and print identically.
template <class G>
void CheckReadsBack(const G& game, const std::string& printed, absl::string_view origin) {
  absl::StatusOr<typename G::Position> again = ParsePosition(game, printed);
  FUZZ_CHECK(again.ok(), absl::StrCat(game.name(), ": '", printed, "' (from '", origin,
                                      "') is rejected: ", again.status().message()));
  FUZZ_CHECK(FormatPosition(game, *again) == printed,
             absl::StrCat(game.name(), ": '", printed, "' reads back as '",
                          FormatPosition(game, *again), "'"));
}

}  // namespace lud64::fuzz

#endif  // LUD64_FUZZ_FUZZ_SUPPORT_H_
