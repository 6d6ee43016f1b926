// Davxar's options and rules: placement, movement, removal after a mill.
#include "boards/davxar/davxar.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "boards/davxar/davxar_board.h"
#include "engine/zobrist.h"

namespace lud64 {
namespace {

using davxar::kAllPoints;
using davxar::kNeighbours;

constexpr absl::string_view kHistoricalName = "historical";
constexpr absl::string_view kLudiiName = "ludii";

absl::StatusOr<int> ParsePiecesOption(absl::string_view value) {
  int pieces = 0;
  if (value.size() > 2 || !std::all_of(value.begin(), value.end(), absl::ascii_isdigit) ||
      !absl::SimpleAtoi(value, &pieces) || pieces < Davxar::kMinPieces ||
      pieces > Davxar::kMaxPieces) {
    return absl::InvalidArgumentError(absl::StrCat("davxar option pieces=", value,
                                                   ": expected a whole number from ",
                                                   Davxar::kMinPieces, " to ", Davxar::kMaxPieces));
  }
  return pieces;
}

absl::StatusOr<davxar::MillTest> ParseLinesOption(absl::string_view value) {
  if (absl::EqualsIgnoreCase(value, kHistoricalName)) return davxar::MillTest::kHistorical;
  if (absl::EqualsIgnoreCase(value, kLudiiName)) return davxar::MillTest::kLudii;
  return absl::InvalidArgumentError(absl::StrCat("davxar option lines=", value, ": expected ",
                                                 kHistoricalName, " or ", kLudiiName));
}

}  // namespace

Davxar::Davxar(MillTest lines, int pieces) : lines_(lines), pieces_(pieces) {}

absl::StatusOr<Davxar> Davxar::FromSpec(const GameSpec& spec) {
  if (spec.name != "davxar") {
    return absl::InvalidArgumentError(absl::StrCat("game '", spec.name, "' is not davxar"));
  }
  MillTest lines = MillTest::kHistorical;
  int pieces = kDefaultPieces;
  for (const auto& [option, value] : spec.options) {
    if (option == "pieces") {
      absl::StatusOr<int> parsed = ParsePiecesOption(value);
      if (!parsed.ok()) return parsed.status();
      pieces = *parsed;
    } else if (option == "lines") {
      absl::StatusOr<MillTest> parsed = ParseLinesOption(value);
      if (!parsed.ok()) return parsed.status();
      lines = *parsed;
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("davxar has no option '", option, "' (options: pieces, lines)"));
    }
  }
  return Davxar(lines, pieces);
}

std::string Davxar::name() const {
  std::string options;
  if (lines_ == MillTest::kLudii) absl::StrAppend(&options, "lines=", kLudiiName);
  if (pieces_ != kDefaultPieces) {
    absl::StrAppend(&options, options.empty() ? "" : ",", "pieces=", pieces_);
  }
  return options.empty() ? "davxar" : absl::StrCat("davxar:", options);
}

const SiteNames& Davxar::site_names() const {
  static const SiteNames* names = new SiteNames(
      std::vector<std::string>(davxar::kPointNames.begin(), davxar::kPointNames.end()));
  return *names;
}

Davxar::Position Davxar::start() const {
  Position position;
  position.hand = {static_cast<uint8_t>(pieces_), static_cast<uint8_t>(pieces_)};
  return position;
}

void Davxar::decision_sets(const Position& position, DecisionSets& sets) const {
  const int me = Index(position.state.to_move);
  const Bitboard own = position.pieces[me];
  const Bitboard opponent = position.pieces[1 - me];
  sets.clear();
  if (position.remove) {
    sets.push({Removable(opponent), DecisionKind::kRemove, 0, 0});
    return;
  }
  const Bitboard empty = kAllPoints & ~(own | opponent);
  if (position.hand[me] > 0) {
    sets.push({empty, DecisionKind::kPlace, 0, 0});
    return;
  }
  // One set per piece. The offset is unused with a fixed origin: set to
  // `from`, it is stored with it; a constant makes GCC split the loop in two.
  for (int from : Sites(own)) {
    const auto origin = static_cast<int8_t>(from);
    sets.push({kNeighbours[from] & empty, DecisionKind::kStep, origin, origin});
  }
}

void Davxar::generate(const Position& position, DecisionList& list) const {
  DecisionSets sets;
  decision_sets(position, sets);
  sets.AppendTo(list);
}

bool Davxar::play(Position& position, Decision decision) const {
  const int me = Index(position.state.to_move);
  Bitboard& own = position.pieces[me];
  switch (decision.kind) {
    case DecisionKind::kPass:  // a forced pass ends the turn, removal or not
      position.remove = false;
      return false;
    case DecisionKind::kRemove:  // never forms a mill
      position.pieces[1 - me] &= ~SquareBit(decision.to);
      position.remove = false;
      return false;
    case DecisionKind::kPlace:
      own |= SquareBit(decision.to);
      --position.hand[me];
      break;
    case DecisionKind::kStep:
      own ^= SquareBit(decision.from) | SquareBit(decision.to);
      break;
  }
  position.remove = InMill(decision.to, own);
  return position.remove;
}

Outcome Davxar::own_end(const Position& position, Player mover, bool) const {
  const int opponent = Index(Opponent(mover));
  return position.pieces[opponent] == 0 && position.hand[opponent] == 0 ? WinFor(mover)
                                                                        : Outcome::kOngoing;
}

uint64_t Davxar::hash(const Position& position) const {
  return HashPieces(position.pieces, 0, position.state) ^ kZobrist.hand[0][position.hand[0]] ^
         kZobrist.hand[1][position.hand[1]] ^ (position.remove ? kZobrist.mid_turn : 0);
}

}  // namespace lud64
