// Differential check: plays random games of every game, and after every
// decision compares the bitboard game with the plain reference written from
// the rules pages (tests/reference/): the legal decisions, the position text
// and the outcome. `differential_soak --decisions=N [--seed=S]` reports the
// decisions checked; on a difference it prints the game and its decisions
// (for `lud64 replay`) and exits 1. ctest runs a short one; tests/README.md
// documents the long one.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "boards/game_list.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "tests/reference/damdaman_reference.h"
#include "tests/reference/davxar_reference.h"
#include "tests/reference/guettal_reference.h"
#include "tools/common/interrupt.h"

namespace lud64 {
namespace {

reference::DamdamanReference ReferenceOf(const Damdaman&) { return {}; }
reference::GuettalReference ReferenceOf(const Guettal&) { return {}; }
reference::DavxarReference ReferenceOf(const Davxar& game) {
  return reference::DavxarReference(game.lines() == davxar::MillTest::kLudii, game.pieces());
}

template <class G>
std::vector<std::string> EngineDecisions(const G& game, const typename G::Position& position) {
  DecisionList list;
  LegalDecisions(game, position, list);
  std::vector<std::string> names;
  for (const Decision d : list) names.push_back(FormatDecision(d, game.site_names()));
  std::sort(names.begin(), names.end());
  return names;
}

// Plays one random game to its end or until `budget` decisions; the number
// played, or -1 after printing a difference.
template <class G>
int64_t PlayAndCompare(const G& game, int64_t budget, std::mt19937_64& random) {
  auto reference = ReferenceOf(game);
  typename G::Position position = game.start();
  std::vector<std::string> played;
  const auto differ = [&](const char* what, const std::string& engine, const std::string& ref) {
    std::fprintf(stderr,
                 "differential: %s differ in %s after %zu decisions\n  engine:    %s\n"
                 "  reference: %s\n  decisions: %s\n",
                 what, game.name().c_str(), played.size(), engine.c_str(), ref.c_str(),
                 absl::StrJoin(played, " ").c_str());
    return -1;
  };
  for (int64_t checked = 0;; ++checked) {
    const std::string engine_text = FormatPosition(game, position);
    if (engine_text != reference.Text()) return differ("positions", engine_text, reference.Text());
    const char* outcome = OutcomeName(position.state.outcome);
    if (outcome != reference.outcome()) return differ("outcomes", outcome, reference.outcome());
    const std::vector<std::string> decisions = EngineDecisions(game, position);
    const std::vector<std::string> expected = reference.Decisions();
    if (decisions != expected) {
      return differ("legal decisions", absl::StrJoin(decisions, " "), absl::StrJoin(expected, " "));
    }
    if (decisions.empty() || checked == budget || Stopping(InterruptFlag())) return checked;
    const std::string& choice = decisions[random() % decisions.size()];
    played.push_back(choice);
    Apply(game, position, *ParseDecision(choice, game.site_names()));
    reference.Play(choice);
  }
}

int Main(int argc, char** argv) {
  int64_t decisions = 1'000'000;
  uint64_t seed = 1;
  for (int i = 1; i < argc; ++i) {
    const absl::string_view arg = argv[i];
    const bool ok = (arg.substr(0, 12) == "--decisions=" &&
                     absl::SimpleAtoi(arg.substr(12), &decisions) && decisions > 0) ||
                    (arg.substr(0, 7) == "--seed=" && absl::SimpleAtoi(arg.substr(7), &seed));
    if (!ok) {
      std::fprintf(stderr, "usage: differential_soak [--decisions=N (>0)] [--seed=S]\n");
      return 2;
    }
  }
  InstallInterruptHandler();
  // Every game (in AnyGame's order), and Davxar with both mill tests and every
  // number of pieces.
  std::vector<std::string> davxar_specs;
  for (const char* lines : {"historical", "ludii"})
    for (int pieces = 3; pieces <= 16; ++pieces)
      davxar_specs.push_back(absl::StrCat("davxar:lines=", lines, ",pieces=", pieces));
  const std::string others[3] = {"", "damdaman", "guettal"};
  std::mt19937_64 random(seed);
  int64_t checked = 0, games = 0;
  int64_t by_game[3] = {0, 0, 0};
  const auto start = std::chrono::steady_clock::now();
  auto report = start;
  while (checked < decisions && !Stopping(InterruptFlag())) {
    // The game with the fewest decisions checked so far, Davxar's variant at
    // random (Damdaman's games are long, Guettal's short).
    const size_t kind = std::min_element(by_game, by_game + 3) - by_game;
    const AnyGame game =
        *MakeGame(kind == 0 ? davxar_specs[random() % davxar_specs.size()] : others[kind]);
    if (game.index() != kind) return 2;  // AnyGame's order changed: update `others`
    const int64_t played = std::visit(
        [&](const auto& g) { return PlayAndCompare(g, decisions - checked, random); }, game);
    if (played < 0) return 1;
    checked += played;
    by_game[game.index()] += played;
    ++games;
    if (const auto now = std::chrono::steady_clock::now();
        now - report > std::chrono::seconds(10)) {
      report = now;
      std::fprintf(stderr, "differential: %lld decisions checked...\n",
                   static_cast<long long>(checked));
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "differential: %lld decisions checked in %lld games (davxar %lld, damdaman %lld, guettal "
      "%lld), seed %llu, %.1f s, no difference%s\n",
      static_cast<long long>(checked), static_cast<long long>(games),
      static_cast<long long>(by_game[0]), static_cast<long long>(by_game[1]),
      static_cast<long long>(by_game[2]), static_cast<unsigned long long>(seed), seconds,
      Stopping(InterruptFlag()) ? " (stopped by Ctrl-C)" : "");
  return Stopping(InterruptFlag()) ? 130 : 0;
}

}  // namespace
}  // namespace lud64

// A test tool: an exception (out of memory) ends it through std::terminate.
int main(int argc, char** argv) {  // NOLINT(bugprone-exception-escape)
  return lud64::Main(argc, argv);
}
