#include "play/accuracy.h"

#include <chrono>
#include <memory>
#include <optional>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/position_text.h"
#include "engine/random.h"
#include "play/opening_book.h"
#include "play/openings.h"
#include "play/players.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/probe/engine_probe.h"

namespace lud64 {

using tablebase::TbResult;
using tablebase::TbValue;

const char* PhaseName(GamePhase phase) {
  return phase == GamePhase::kPlacement ? "placement" : "movement";
}

AccuracyCount& AccuracyCount::operator+=(const AccuracyCount& other) {
  decisions += other.decisions;
  lost += other.lost;
  slower += other.slower;
  return *this;
}

AccuracyCount EngineAccuracy::Total() const {
  AccuracyCount total;
  for (const auto& by_value : cells)
    for (const AccuracyCount& cell : by_value) total += cell;
  return total;
}

AccuracyCount EngineAccuracy::OfPhase(GamePhase phase) const {
  AccuracyCount total;
  for (const AccuracyCount& cell : cells[static_cast<int>(phase)]) total += cell;
  return total;
}

AccuracyCount EngineAccuracy::OfValue(CriticalValue value) const {
  AccuracyCount total;
  for (const auto& by_value : cells) total += by_value[static_cast<int>(value)];
  return total;
}

namespace {

// Random games played to find each critical position at most: past that, the
// tables hold too few of the game's positions.
constexpr int kGamesPerPosition = 100;

template <Game G>
GamePhase PhaseOf(const typename G::Position& position) {
  if constexpr (requires { position.hand; }) {
    for (auto in_hand : position.hand) {
      if (in_hand > 0) return GamePhase::kPlacement;
    }
  }
  return GamePhase::kMovement;
}

// A critical position with the exact value of each legal decision.
template <Game G>
struct Critical {
  typename G::Position position;
  TbValue value;                                  // the best decision's
  std::vector<tablebase::RankedDecision> ranked;  // under the turn limit
};

template <tablebase::TablebaseGame Tb>
class CriticalPositions {
 public:
  using Position = typename Tb::Position;
  using G = typename Tb::Game;

  explicit CriticalPositions(std::shared_ptr<const tablebase::Tablebase<Tb>> base)
      : base_(std::move(base)) {}

  bool Holds(const Position& position) const { return base_->Lookup(position).has_value(); }

  // The position with its decisions' values if it is critical; an error when
  // the tables lack a position a decision leads to.
  absl::StatusOr<std::optional<Critical<G>>> Classify(const Position& position) const {
    absl::StatusOr<std::vector<tablebase::RankedDecision>> ranked = base_->Rank(position);
    if (!ranked.ok()) return ranked.status();
    Critical<G> critical{.position = position, .value = {}, .ranked = *std::move(ranked)};
    if (critical.ranked.empty()) return std::nullopt;
    for (tablebase::RankedDecision& r : critical.ranked)
      r.value = tablebase::UnderTurnLimit(r.value, position.state.turn);
    critical.value = critical.ranked.front().value;
    for (const tablebase::RankedDecision& r : critical.ranked) {
      if (tablebase::Better(r.value, critical.value)) critical.value = r.value;
    }
    if (critical.value.result == TbResult::kLoss) return std::nullopt;
    for (const tablebase::RankedDecision& r : critical.ranked) {
      if (r.value.result < critical.value.result) return critical;
    }
    return std::nullopt;
  }

 private:
  std::shared_ptr<const tablebase::Tablebase<Tb>> base_;
};

bool PhaseWanted(const AccuracyRequest& request, GamePhase phase) {
  return phase == GamePhase::kPlacement ? request.placement : request.movement;
}

// Random games from the start, one critical position each (drawn among the
// game's own), none twice, until `request.positions` are found.
template <tablebase::TablebaseGame Tb>
absl::StatusOr<std::vector<Critical<typename Tb::Game>>> SampleCritical(
    const typename Tb::Game& game, const CriticalPositions<Tb>& tables,
    const AccuracyRequest& request, AccuracyReport& report, const AccuracyProgress& progress) {
  using G = typename Tb::Game;
  std::vector<Critical<G>> sampled;
  std::set<uint64_t> taken;
  const int max_games = request.positions * kGamesPerPosition;
  uint64_t seed_state = request.seed;
  auto last_report = std::chrono::steady_clock::now();
  while (static_cast<int>(sampled.size()) < request.positions && !Stopping(request.stop)) {
    if (report.random_games == max_games) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "the tables hold %d critical position%s of %s in %d random games, fewer than the %d "
          "asked for (build tables for more pieces, or ask for fewer --positions)",
          sampled.size(), sampled.size() == 1 ? "" : "s", game.name(), max_games,
          request.positions));
    }
    ++report.random_games;
    Random random(SplitMix64(seed_state));
    std::vector<Critical<G>> candidates;
    typename G::Position position = game.start();
    while (!position.state.over()) {
      if (PhaseWanted(request, PhaseOf<G>(position)) && tables.Holds(position) &&
          !taken.contains(game.hash(position))) {
        absl::StatusOr<std::optional<Critical<G>>> critical = tables.Classify(position);
        if (!critical.ok()) return critical.status();
        if (*critical) candidates.push_back(**std::move(critical));
      }
      Apply(game, position, RandomDecision(game, position, random));
    }
    if (candidates.empty()) continue;
    Critical<G>& chosen = candidates[random.Below(static_cast<uint32_t>(candidates.size()))];
    taken.insert(game.hash(chosen.position));
    sampled.push_back(std::move(chosen));
    const auto now = std::chrono::steady_clock::now();
    if (now - last_report >= std::chrono::seconds(1)) {
      last_report = now;
      progress(absl::StrFormat("accuracy: %d of %d critical positions from %d random games",
                               sampled.size(), request.positions, report.random_games));
    }
  }
  return sampled;
}

// The critical positions of a file: its lines in the book format.
template <tablebase::TablebaseGame Tb>
absl::StatusOr<std::vector<Critical<typename Tb::Game>>> ReadCritical(
    const typename Tb::Game& game, const CriticalPositions<Tb>& tables,
    const AccuracyRequest& request, AccuracyReport& report) {
  using G = typename Tb::Game;
  absl::StatusOr<OpeningBook> book = ReadOpeningBook(request.positions_file);
  if (!book.ok()) return absl::InvalidArgumentError(book.status().message());
  std::vector<Critical<G>> critical;
  for (const BookLine& line : book->lines) {
    const auto error = [&](absl::string_view what) {
      return absl::InvalidArgumentError(
          absl::StrCat(request.positions_file, ":", line.number, ": ", what));
    };
    absl::StatusOr<Opening<G>> opening = ParseOpening(game, line.text);
    if (!opening.ok()) return error(opening.status().message());
    typename G::Position position = opening->start;
    for (Decision d : opening->decisions) Apply(game, position, d);
    if (position.state.over()) return error("the game is over there");
    if (!tables.Holds(position)) {
      return error(absl::StrCat("the tables at ",
                                request.tables.empty() ? "the default directory" : request.tables,
                                " do not hold this position"));
    }
    absl::StatusOr<std::optional<Critical<G>>> classified = tables.Classify(position);
    if (!classified.ok()) return error(classified.status().message());
    if (!*classified || !PhaseWanted(request, PhaseOf<G>(position))) {
      ++report.skipped_not_critical;
      continue;
    }
    critical.push_back(**std::move(classified));
  }
  if (critical.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(request.positions_file, ": no critical position in the phases asked for"));
  }
  return critical;
}

template <tablebase::TablebaseGame Tb>
absl::StatusOr<AccuracyReport> MeasureWithTables(const typename Tb::Game& game,
                                                 const AccuracyRequest& request,
                                                 const AccuracyProgress& progress) {
  using G = typename Tb::Game;
  AccuracyReport report;
  report.game = game.name();
  std::vector<std::unique_ptr<MatchPlayer<G>>> players;
  for (const EngineSpec& spec : request.engines) {
    if (spec.options.tables) {
      return absl::InvalidArgumentError(
          absl::StrCat("engine ", Quoted(spec.text),
                       ": accuracy measures engines without tables (leave out tb=)"));
    }
    absl::StatusOr<std::unique_ptr<MatchPlayer<G>>> player =
        MakePlayer(game, StoppedBy(spec, request.stop));
    if (!player.ok()) return absl::InvalidArgumentError(player.status().message());
    players.push_back(*std::move(player));
    report.engines.push_back({.engine = spec.text});
  }
  absl::StatusOr<std::shared_ptr<const tablebase::Tablebase<Tb>>> base =
      tablebase::OpenShared(game, request.tables);
  if (!base.ok()) return absl::InvalidArgumentError(base.status().message());
  const CriticalPositions<Tb> tables(*std::move(base));

  absl::StatusOr<std::vector<Critical<G>>> positions =
      request.positions_file.empty() ? SampleCritical(game, tables, request, report, progress)
                                     : ReadCritical(game, tables, request, report);
  if (!positions.ok()) return positions.status();

  auto last_report = std::chrono::steady_clock::now();
  for (size_t i = 0; i < positions->size() && !Stopping(request.stop); ++i) {
    const Critical<G>& critical = (*positions)[i];
    CriticalRecord record{.position = FormatPosition(game, critical.position),
                          .phase = PhaseOf<G>(critical.position),
                          .value = critical.value,
                          .decisions = {},
                          .outcomes = {}};
    const CriticalValue value =
        critical.value.result == TbResult::kWin ? CriticalValue::kWin : CriticalValue::kDraw;
    for (size_t e = 0; e < players.size(); ++e) {
      players[e]->NewGame(critical.position, request.seed + i);
      const auto start = std::chrono::steady_clock::now();
      const absl::StatusOr<Decision> decision = players[e]->Choose(critical.position);
      report.engines[e].seconds +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (Stopping(request.stop)) break;
      const auto error = [&](absl::string_view what) {
        return absl::InvalidArgumentError(absl::StrCat("engine ", Quoted(request.engines[e].text),
                                                       " at ", Quoted(record.position), ": ",
                                                       what));
      };
      if (!decision.ok()) return error(decision.status().message());
      const tablebase::RankedDecision* ranked = nullptr;
      for (const tablebase::RankedDecision& r : critical.ranked) {
        if (r.decision == *decision) ranked = &r;
      }
      if (ranked == nullptr) {
        return error(absl::StrCat("illegal decision ",
                                  Quoted(FormatDecision(*decision, game.site_names()))));
      }
      AccuracyCount& cell =
          report.engines[e].cells[static_cast<int>(record.phase)][static_cast<int>(value)];
      ++cell.decisions;
      if (ranked->value.result < critical.value.result) ++cell.lost;
      if (ranked->value.result == TbResult::kWin && critical.value.result == TbResult::kWin &&
          ranked->value.turns > critical.value.turns) {
        ++cell.slower;
      }
      record.decisions.push_back(FormatDecision(*decision, game.site_names()));
      record.outcomes.push_back(ranked->value);
    }
    if (record.decisions.size() < players.size()) break;  // stopped within the position
    report.positions.push_back(std::move(record));
    const auto now = std::chrono::steady_clock::now();
    if (now - last_report >= std::chrono::seconds(1)) {
      last_report = now;
      progress(absl::StrFormat("accuracy: %d of %d positions decided", i + 1, positions->size()));
    }
  }
  report.stopped = Stopping(request.stop);
  return report;
}

}  // namespace

absl::StatusOr<AccuracyReport> MeasureAccuracy(const AnyGame& any, const AccuracyRequest& request,
                                               const AccuracyProgress& progress) {
  absl::StatusOr<AccuracyReport> report =
      VisitTablebaseGame<absl::StatusOr<AccuracyReport>>(any, [&](const auto& game) {
        using Tb = typename tablebase::TablebaseFor<std::decay_t<decltype(game)>>::Type;
        return MeasureWithTables<Tb>(game, request, progress);
      });
  // Every error names bad input, the missing tables of a game included.
  if (!report.ok()) return absl::InvalidArgumentError(report.status().message());
  return report;
}

}  // namespace lud64
