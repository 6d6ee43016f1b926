// Where training samples come from: positions of seeded random games valued
// exactly by endgame tables, and positions of alpha-beta self-play valued by
// the game's outcome and the search's score. The templates behind
// training_samples.h, included only by training_samples_impl.h.
#ifndef LUD64_PLAY_SAMPLE_SOURCES_H_
#define LUD64_PLAY_SAMPLE_SOURCES_H_

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <ostream>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "engine/game.h"
#include "engine/random.h"
#include "engine/stop.h"
#include "network/games/game_networks.h"
#include "network/training.h"
#include "play/training_samples.h"
#include "search/alphabeta.h"
#include "search/playout.h"
#include "tablebase/probe/probe.h"

namespace lud64 {

// A game whose positions make samples: one with a learned evaluation.
template <class G>
concept HasNetworkInputs = HasGameNetwork<G>;

template <HasNetworkInputs G>
TrainingSample SampleOf(const G& game, const typename G::Position& position, float target) {
  const Player mover = position.state.to_move;
  return {GameNetwork<G>::Inputs(game, position, mover),
          GameNetwork<G>::Inputs(game, position, Opponent(mover)), target};
}

// The target of an exact value (TableTarget, training_samples.h).
inline float TargetOf(const tablebase::TbValue& value) {
  return TableTarget(tablebase::ResultSign(value), value.turns);
}

template <class G>
concept HasEvaluationTerms = requires(const G& game, const typename G::Position& position) {
  { game.evaluation_terms(position) } -> std::same_as<typename G::EvaluationTerms>;
  { G::kEvaluationTermNames.size() } -> std::same_as<size_t>;
};

// Positions of random games from the start, each kept with probability
// `share` when the tables hold it. A table that cannot be read (a corrupt
// block) is an error: samples that skip its positions would be biased.
template <tablebase::TablebaseGame Tb>
requires HasNetworkInputs<typename Tb::Game> absl::StatusOr<std::vector<TrainingSample>>
TableSamplesOf(const typename Tb::Game& game, const tablebase::Tablebase<Tb>& tables,
               const TableSampling& sampling, std::ostream& progress, StopFlag stop) {
  std::vector<TrainingSample> samples;
  Random random(sampling.seed);
  const auto keep_below = static_cast<uint64_t>(sampling.share * 1'000'000);
  for (int g = 0; g < sampling.games && !Stopping(stop); ++g) {
    typename Tb::Game::Position position = game.start();
    for (int ply = 0; ply < sampling.max_plies && !position.state.over(); ++ply) {
      // Probe, unlike Lookup, returns a corrupt block's error; a slice the
      // tables lack is no error, only a position they do not hold.
      if (random.Below(1'000'000) < keep_below &&
          tables.tables().Find(tables.tb().SliceOf(position)) != nullptr) {
        absl::StatusOr<tablebase::TbValue> value = tables.Probe(position);
        if (!value.ok()) return value.status();
        samples.push_back(SampleOf(game, position, TargetOf(*value)));
      }
      Apply(game, position, RandomDecision(game, position, random));
    }
    if ((g + 1) % 1000 == 0) {
      progress << absl::StreamFormat("tables: %d games, %d samples\n", g + 1, samples.size());
    }
  }
  return samples;
}

// One alpha-beta game (classic evaluation, fixed depth) from a randomised
// opening: `visit(position, expected)` for each position searched, with the
// expected result of the search's score for its mover. Returns the outcome
// (a game still going at max_plies is a draw).
template <SearchableGame G, class Visit>
Outcome PlaySelfPlayGame(const G& game, const SelfPlay& plan, Random& random,
                         TranspositionTable& table, Visit&& visit) {
  typename G::Position position = game.start();
  for (int ply = 0; ply < plan.random_plies && !position.state.over(); ++ply) {
    Apply(game, position, RandomDecision(game, position, random));
  }
  AlphaBeta<G> search(game, &table);
  for (int ply = 0; ply < plan.max_plies && !position.state.over(); ++ply) {
    SearchLimits limits;
    limits.depth = plan.depth;
    const SearchReport report = search.Search(position, limits);
    if (report.pv.empty()) break;
    const float expected =
        IsProven(report.score)
            ? (report.score > 0 ? 1.0f : 0.0f)
            : static_cast<float>(1 / (1 + std::exp(-report.score / kLogisticScale)));
    visit(position, expected);
    Apply(game, position, report.pv.front());
  }
  return position.state.over() ? position.state.outcome : Outcome::kDraw;
}

// The result of `outcome` for `mover`: 1, 0.5 or 0.
inline float ResultFor(Outcome outcome, Player mover) {
  return outcome == Outcome::kDraw ? 0.5f : outcome == WinFor(mover) ? 1.0f : 0.0f;
}

// Self-play samples: each position's target blends the game's outcome for
// its mover with the expected result of the search's score.
template <SearchableGame G>
requires HasNetworkInputs<G> std::vector<TrainingSample> SelfPlaySamplesOf(const G& game,
                                                                           const SelfPlay& plan,
                                                                           std::ostream& progress,
                                                                           StopFlag stop) {
  std::vector<TrainingSample> samples;
  Random random(plan.seed);
  TranspositionTable table(16);
  for (int g = 0; g < plan.games && !Stopping(stop); ++g) {
    struct Seen {
      TrainingSample sample;
      Player mover;
      float score;  // expected result of the search's score, for the mover
    };
    std::vector<Seen> seen;
    const Outcome outcome = PlaySelfPlayGame(
        game, plan, random, table, [&](const typename G::Position& position, float expected) {
          seen.push_back({SampleOf(game, position, 0.5f), position.state.to_move, expected});
        });
    for (Seen& s : seen) {
      s.sample.target = static_cast<float>(plan.outcome_weight * ResultFor(outcome, s.mover) +
                                           (1 - plan.outcome_weight) * s.score);
      samples.push_back(s.sample);
    }
    progress << absl::StreamFormat("self-play: %d games, %d samples\n", g + 1, samples.size());
  }
  return samples;
}

}  // namespace lud64

#endif  // LUD64_PLAY_SAMPLE_SOURCES_H_
