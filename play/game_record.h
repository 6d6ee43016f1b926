// Game records: lines of decisions in lud64's notation (engine/RULES.md),
// played from a position, and the positions they lead to. A record that
// starts elsewhere than at the game's start is written as the UGI protocol
// writes it: `fen <position text> moves <decisions>`.
#ifndef LUD64_PLAY_GAME_RECORD_H_
#define LUD64_PLAY_GAME_RECORD_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "engine/game.h"
#include "engine/input_text.h"
#include "engine/notation.h"
#include "engine/position_text.h"

namespace lud64 {

// The decisions of `list` in notation, space-separated: the first 20, then
// "... (N in all)" when there are more.
template <Game G>
std::string LegalText(const G& game, const DecisionList& list) {
  constexpr int kShown = 20;
  std::vector<std::string> names;
  for (Decision d : list) {
    if (static_cast<int>(names.size()) == kShown) break;
    names.push_back(FormatDecision(d, game.site_names()));
  }
  std::string text = absl::StrJoin(names, " ");
  if (list.size() > kShown) absl::StrAppend(&text, " ... (", list.size(), " in all)");
  return text;
}

// "illegal decision 'E4' in <position>; legal are ..." for `text`, not among
// `list`, the legal decisions of `position`.
template <Game G>
std::string IllegalDecisionText(const G& game, const typename G::Position& position,
                                absl::string_view text, const DecisionList& list) {
  return absl::StrCat("illegal decision ", Quoted(text), " in ", FormatPosition(game, position),
                      "; ",
                      position.state.over() ? "the game is over, no decision is legal"
                                            : absl::StrCat("legal are ", LegalText(game, list)));
}

// Plays one record from `position`; counts[i] is the number of legal
// decisions before ply i; hashes[i] the game.hash of the position before ply
// i (the game history of AlphaBeta::SetGameHistory); decisions[i] the
// decision of ply i. Errors name the ply (from 1) and the decision, and for
// an illegal one the position and its legal decisions (LegalText).
template <Game G>
absl::Status PlayRecord(const G& game, absl::string_view record, typename G::Position& position,
                        std::vector<int>* counts, std::vector<uint64_t>* hashes = nullptr,
                        std::vector<Decision>* decisions = nullptr) {
  int ply = 0;
  DecisionList list;
  for (absl::string_view text :
       absl::StrSplit(record, absl::ByAnyChar(" \t\r"), absl::SkipEmpty())) {
    ++ply;
    absl::StatusOr<Decision> decision = ParseDecision(text, game.site_names());
    if (!decision.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("ply ", ply, ": ", decision.status().message()));
    }
    LegalDecisions(game, position, list);
    if (!list.contains(*decision)) {
      return absl::InvalidArgumentError(
          absl::StrCat("ply ", ply, ": ", IllegalDecisionText(game, position, text, list)));
    }
    if (counts != nullptr) counts->push_back(list.size());
    if (hashes != nullptr) hashes->push_back(game.hash(position));
    if (decisions != nullptr) decisions->push_back(*decision);
    Apply(game, position, *decision);
  }
  return absl::OkStatus();
}

// The decisions of `line` in notation, space-separated.
template <Game G>
std::string LineText(const G& game, const std::vector<Decision>& line) {
  std::vector<std::string> texts;
  for (Decision d : line) texts.push_back(FormatDecision(d, game.site_names()));
  return absl::StrJoin(texts, " ");
}

// A record line split into its start ("start" unless it begins with `fen `)
// and its decisions.
struct RecordParts {
  std::string position = "start";
  absl::string_view decisions;
};
inline RecordParts SplitRecordLine(absl::string_view line) {
  line = absl::StripLeadingAsciiWhitespace(line);
  if (!absl::StartsWith(line, "fen ")) return {"start", line};
  line.remove_prefix(4);
  const size_t moves = line.find(" moves");
  if (moves == absl::string_view::npos) return {std::string(line), {}};
  return {std::string(line.substr(0, moves)), line.substr(moves + 6)};
}

// The position after `moves` from `position`, with hashes[i] the game.hash of
// the position before decision i (the game history of
// AlphaBeta::SetGameHistory); an error when the game is over there.
template <NotatedGame G>
absl::StatusOr<typename G::Position> PositionAfter(const G& game, const std::string& position,
                                                   const std::string& moves,
                                                   std::vector<uint64_t>* hashes = nullptr) {
  absl::StatusOr<typename G::Position> root = ParsePosition(game, position);
  if (!root.ok()) return root.status();
  if (absl::Status status = PlayRecord(game, moves, *root, nullptr, hashes); !status.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("--moves: ", status.message()));
  }
  if (root->state.over()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "position ", Quoted(position), moves.empty() ? "" : absl::StrCat(" after ", Quoted(moves)),
        ": the game is over, no decision to make"));
  }
  return root;
}

}  // namespace lud64

#endif  // LUD64_PLAY_GAME_RECORD_H_
