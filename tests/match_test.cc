// `lud64 match` (tools/lud64/match*.h): engine specifications, the Elo
// estimate, and short matches checked against their recorded games; and the
// engines' command line, `lud64 bestmove --engine=mcts`.
#include "absl/strings/match.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "boards/game_list.h"
#include "boards/guettal/guettal.h"
#include "boards/guettal/guettal_text.h"
#include "engine/notation.h"
#include "gtest/gtest.h"
#include "play/best_move.h"
#include "play/caller_player.h"
#include "play/engine_spec.h"
#include "play/match.h"
#include "play/players.h"
#include "search/solver.h"
#include "tests/bounded_minimax.h"
#include "tests/scoped_temp_dir.h"
#include "tools/lud64/commands/match/match_command.h"
#include "tools/lud64/commands/match/match_report.h"
#include "tools/lud64/commands/replay/replay_command.h"

namespace lud64::match_test {
namespace {

TEST(ParseEngineSpec, ReadsEnginesAndOptions) {
  absl::StatusOr<EngineSpec> random = ParseEngineSpec("random");
  ASSERT_TRUE(random.ok()) << random.status();
  EXPECT_EQ(random->kind(), EngineKind::kRandom);

  absl::StatusOr<EngineSpec> alphabeta = ParseEngineSpec("alphabeta");
  ASSERT_TRUE(alphabeta.ok()) << alphabeta.status();
  EXPECT_EQ(alphabeta->kind(), EngineKind::kAlphaBeta);
  EXPECT_EQ(alphabeta->limits.seconds, kDefaultEngineSeconds);

  absl::StatusOr<EngineSpec> deep = ParseEngineSpec("alphabeta:depth=5,hash=4");
  ASSERT_TRUE(deep.ok()) << deep.status();
  EXPECT_EQ(deep->limits.depth, 5);
  EXPECT_EQ(deep->limits.seconds, 0);
  EXPECT_EQ(deep->options.hash_mib, 4);
  EXPECT_TRUE(RepeatsItsGames(*deep));

  absl::StatusOr<EngineSpec> threaded = ParseEngineSpec("alphabeta:depth=5,threads=2");
  ASSERT_TRUE(threaded.ok()) << threaded.status();
  EXPECT_EQ(threaded->options.threads, 2);
  EXPECT_FALSE(RepeatsItsGames(*threaded));  // lazy SMP varies from run to run

  absl::StatusOr<EngineSpec> mcts =
      ParseEngineSpec("mcts:iterations=500,threads=2,exploration=0.7,press=0.25,memory=32");
  ASSERT_TRUE(mcts.ok()) << mcts.status();
  EXPECT_EQ(mcts->kind(), EngineKind::kMcts);
  EXPECT_EQ(mcts->limits.nodes, 500u);
  EXPECT_EQ(mcts->limits.seconds, 0);
  EXPECT_EQ(mcts->options.threads, 2);
  EXPECT_EQ(mcts->options.exploration, 0.7);
  EXPECT_EQ(mcts->options.press, 0.25);
  EXPECT_EQ(mcts->options.memory_mib, 32);
  EXPECT_EQ(ParseEngineSpec("mcts:time=0.25")->limits.seconds, 0.25);
  EXPECT_EQ(mcts->options.leaves, MctsLeaves::kEvaluation);
  EXPECT_EQ(ParseEngineSpec("mcts:leaves=playout")->options.leaves, MctsLeaves::kPlayout);

  absl::StatusOr<EngineSpec> solver = ParseEngineSpec("solver:depth=9,hash=8");
  ASSERT_TRUE(solver.ok()) << solver.status();
  EXPECT_EQ(solver->kind(), EngineKind::kSolver);
  EXPECT_EQ(solver->limits.depth, 9);
  EXPECT_EQ(solver->options.hash_mib, 8);
  EXPECT_FALSE(ParseEngineSpec("solver:threads=2").ok());
}

TEST(ParseEngineSpec, RejectsBadSpecifications) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"chess", "unknown engine 'chess'"},
      {"", "no name"},
      {"mcts:depth=3", "unknown option 'depth'"},
      {"random:time=1", "unknown option 'time'"},
      {"alphabeta:iterations=5", "unknown option 'iterations'"},
      {"mcts:time", "not of the form name=value"},
      {"mcts:time=", "not of the form name=value"},
      {"mcts:time=1,time=2", "given twice"},
      {"mcts:time=fast", "time=fast must be a number"},
      {"mcts:time=nan", "must be a number"},
      {"alphabeta:time=-1", "must be a number"},
      {"mcts:threads=0", "threads=0 must be a number from 1 to 256"},
      {"mcts:threads=1.5", "must be a number"},
      {"alphabeta:depth=101", "from 1 to 100"},
      {"mcts:exploration=-0.1", "must be a number"},
      {"mcts:leaves=eval", "leaves=eval must be playout or evaluation"},
      {"alphabeta:eval=neural", "option eval=neural must be learned, classic or whole"},
      {"random:eval=classic", "unknown option 'eval'"},
      {"alphabeta:leaves=evaluation", "unknown option 'leaves'"},
  };
  for (const auto& [text, message] : cases) {
    absl::StatusOr<EngineSpec> spec = ParseEngineSpec(text);
    ASSERT_FALSE(spec.ok()) << text;
    EXPECT_NE(spec.status().message().find(message), absl::string_view::npos)
        << text << ": " << spec.status();
  }
}

// The integer after `"key": ` in a JSON object.
int JsonInt(const std::string& json, const std::string& key) {
  const size_t at = json.find(absl::StrCat("\"", key, "\": "));
  EXPECT_NE(at, std::string::npos) << key;
  int value = -1;
  EXPECT_TRUE(absl::SimpleAtoi(
      json.substr(at + key.size() + 4, json.find_first_of(",}", at) - at - key.size() - 4),
      &value));
  return value;
}

struct PlayedMatch {
  std::string json;
  std::vector<std::string> headers;  // the recorded '#' lines
  std::vector<std::string> games;    // the recorded lines of decisions
  std::vector<std::string> results;  // replay's result of each: P1, P2 or draw
};

PlayedMatch Play(const std::string& game_name, const std::string& first, const std::string& second,
                 int games, int openings, int threads, int balanced = 0) {
  PlayedMatch played;
  const AnyGame game = MakeGame(game_name).value();
  const ScopedTempDir dir("match");
  const std::string record = dir.File(absl::StrCat(game_name, "_", games, ".txt"));
  MatchCommandRequest request{.match = {.first = ParseEngineSpec(first).value(),
                                        .second = ParseEngineSpec(second).value(),
                                        .games = games,
                                        .openings = openings,
                                        .balanced = balanced,
                                        .threads = threads,
                                        .seed = 11},
                              .record = record,
                              .json = true};
  std::ostringstream out, progress;
  const absl::Status status = RunMatch(game, request, out, progress);
  EXPECT_TRUE(status.ok()) << status;
  played.json = out.str();
  std::ifstream in(record);
  std::ostringstream lines;
  lines << in.rdbuf();
  std::istringstream replay_in(lines.str());
  std::ostringstream replay_out;
  EXPECT_TRUE(
      std::visit([&](const auto& g) { return RunReplay(g, {}, replay_in, replay_out); }, game)
          .ok());
  for (absl::string_view line : absl::StrSplit(lines.str(), '\n', absl::SkipEmpty()))
    (absl::StartsWith(line, "#") ? played.headers : played.games).emplace_back(line);
  for (absl::string_view line : absl::StrSplit(replay_out.str(), '\n', absl::SkipEmpty()))
    played.results.emplace_back(line.substr(0, line.find(' ')));
  return played;
}

// The tally agrees with the recorded games replayed, the first engine playing
// P1 in even games and P2 in odd ones, and each pair shares its opening.
void ExpectConsistent(const PlayedMatch& played, int games, int openings) {
  ASSERT_EQ(static_cast<int>(played.games.size()), games);
  ASSERT_EQ(static_cast<int>(played.headers.size()), games);
  ASSERT_EQ(static_cast<int>(played.results.size()), games);
  int wins = 0, losses = 0, draws = 0;
  for (int i = 0; i < games; ++i) {
    const std::string first_colour = i % 2 == 0 ? "P1" : "P2";
    const std::string& result = played.results[i];
    ASSERT_TRUE(result == "P1" || result == "P2" || result == "draw") << result;
    (result == "draw" ? draws : result == first_colour ? wins : losses)++;
    // Game i's header, with the result replay finds.
    const std::string tag = result == "P1" ? "1-0" : result == "P2" ? "0-1" : "1/2-1/2";
    EXPECT_TRUE(absl::StartsWith(played.headers[i], absl::StrCat("# [Round \"", i + 1, "\"] ")))
        << played.headers[i];
    EXPECT_TRUE(absl::EndsWith(played.headers[i], absl::StrCat("[Result \"", tag, "\"]")))
        << played.headers[i];
    if (i % 2 == 1) {
      const std::vector<absl::string_view> a = absl::StrSplit(played.games[i - 1], ' ');
      const std::vector<absl::string_view> b = absl::StrSplit(played.games[i], ' ');
      ASSERT_GT(a.size(), static_cast<size_t>(openings));
      ASSERT_GT(b.size(), static_cast<size_t>(openings));
      EXPECT_TRUE(std::equal(a.begin(), a.begin() + openings, b.begin())) << i;
    }
  }
  EXPECT_EQ(JsonInt(played.json, "games"), games);
  EXPECT_EQ(JsonInt(played.json, "wins"), wins);
  EXPECT_EQ(JsonInt(played.json, "losses"), losses);
  EXPECT_EQ(JsonInt(played.json, "draws"), draws);
}

TEST(Match, RandomAgainstRandom) {
  const PlayedMatch played = Play("guettal", "random", "random", 40, 2, 1);
  ExpectConsistent(played, 40, 2);
  // Reproducible from the seed, with any number of threads.
  const PlayedMatch again = Play("guettal", "random", "random", 40, 2, 2);
  EXPECT_EQ(again.games, played.games);
}

TEST(Match, RandomAgainstRandomOnEveryGame) {
  for (const char* game : {"damdaman", "davxar"}) {
    ExpectConsistent(Play(game, "random", "random", 6, 4, 2), 6, 4);
  }
}

// Whether the result of Guettal after `opening` is forced within `plies` plies.
bool GuettalDecidedWithin(absl::string_view opening, int plies) {
  const Guettal game;
  Guettal::Position position = game.start();
  for (absl::string_view text : absl::StrSplit(opening, ' ')) {
    Apply(game, position, ParseDecision(text, game.site_names()).value());
  }
  return testing::BoundedMinimax(game, position, Player::kP1, plies, -1) ==
         testing::BoundedMinimax(game, position, Player::kP1, plies, +1);
}

TEST(Match, BalancedOpeningsAreNotDecidedWithinTheirPlies) {
  constexpr int kGames = 20, kOpenings = 2, kBalanced = 3;
  const PlayedMatch plain = Play("guettal", "random", "random", kGames, kOpenings, 2);
  const PlayedMatch balanced = Play("guettal", "random", "random", kGames, kOpenings, 2, kBalanced);
  ExpectConsistent(balanced, kGames, kOpenings);
  EXPECT_EQ(JsonInt(balanced.json, "balanced"), kBalanced);
  int plain_decided = 0;
  for (int i = 0; i < kGames; i += 2) {
    const auto opening = [](const std::string& line) {
      const std::vector<absl::string_view> words = absl::StrSplit(line, ' ');
      return absl::StrJoin(words.begin(), words.begin() + kOpenings, " ");
    };
    EXPECT_FALSE(GuettalDecidedWithin(opening(balanced.games[i]), kBalanced)) << balanced.games[i];
    plain_decided += GuettalDecidedWithin(opening(plain.games[i]), kBalanced);
  }
  // Most of Guettal's random openings are decided at once: the filter has work.
  EXPECT_GT(plain_decided, 0);
}

// The share of the player to move's decisions in `p` that win outright: the
// game ends in their favour after nothing but forced passes.
double OutrightWinShare(const Guettal& game, const Guettal::Position& p) {
  DecisionList decisions;
  LegalDecisions(game, p, decisions);
  int wins = 0;
  for (const Decision d : decisions) {
    Guettal::Position after = p;
    Apply(game, after, d);
    DecisionList next;
    while (!after.state.over() && (LegalDecisions(game, after, next), next.size() == 1) &&
           next[0] == Decision::Pass()) {
      Apply(game, after, next[0]);
    }
    wins += after.state.over() && after.state.outcome == WinFor(p.state.to_move);
  }
  return static_cast<double>(wins) / decisions.size();
}

// Why Guettal matches against random play need --balanced: after a random
// opening of one decision (each of the 12 alike), random play to move wins at
// once with some chance, and so it does after the engine's reply whatever the
// engine plays. Even a perfect engine's expected score is below 95%.
TEST(Match, GuettalRandomOpeningsCapAnyEngineAgainstRandomPlay) {
  const Guettal game;
  DecisionList first;
  LegalDecisions(game, game.start(), first);
  double losses = 0;  // expected, per pair of games
  for (const Decision opening : first) {
    Guettal::Position position = game.start();
    Apply(game, position, opening);
    // Random play moves first in one game of the pair...
    losses += OutrightWinShare(game, position);
    // ...and replies to the engine's best decision in the other.
    DecisionList decisions;
    LegalDecisions(game, position, decisions);
    double least = 1;
    for (const Decision d : decisions) {
      Guettal::Position after = position;
      Apply(game, after, d);
      const double random_wins = !after.state.over() ? OutrightWinShare(game, after)
                                 : after.state.outcome == WinFor(position.state.to_move) ? 0.0
                                                                                         : 1.0;
      least = std::min(least, random_wins);
    }
    losses += least;
  }
  const double best_score = 1 - losses / (2.0 * first.size());
  EXPECT_LT(best_score, 0.95);
  EXPECT_GT(best_score, 0.5);
  std::printf("best expected score after a one-decision opening: %.3f\n", best_score);
}

TEST(Match, MctsAgainstRandom) {
  // A few hundred iterations a decision already beat random play; the tree
  // is carried from one decision to the next.
  const PlayedMatch played = Play("davxar", "mcts:iterations=300", "random", 4, 2, 2);
  ExpectConsistent(played, 4, 2);
  EXPECT_GE(JsonInt(played.json, "wins"), 3) << played.json;
}

// A caller's player (play/caller_player.h): the first legal decision of the
// position it follows from what it is told, or always a pass (illegal
// unless forced), which forfeits.
class FirstLegalPlayer final : public CallerPlayer {
 public:
  explicit FirstLegalPlayer(bool pass) : pass_(pass) {}
  void NewGame(const AnyPosition& start) override {
    position_ = std::get<Guettal::Position>(start);
  }
  void Played(Decision d) override { Apply(game_, position_, d); }
  absl::StatusOr<Decision> Choose(const AnyPosition& position) override {
    if (std::get<Guettal::Position>(position) != position_) {
      return absl::InternalError("told another game");
    }
    DecisionList legal;
    LegalDecisions(game_, position_, legal);
    return pass_ ? Decision::Pass() : *legal.begin();
  }

 private:
  Guettal game_;
  Guettal::Position position_ = game_.start();
  bool pass_;
};

TEST(Match, CallerPlayersPlayTheirDecisionsAndForfeitIllegalOnes) {
  MatchRequest request;
  request.first.text = "first legal";
  request.second = ParseEngineSpec("random").value();
  request.games = 8;
  request.openings = 2;
  request.threads = 2;
  request.first.caller = [] { return std::make_unique<FirstLegalPlayer>(false); };
  absl::StatusOr<MatchRun> run = PlayMatch(AnyGame(Guettal()), request, {});
  ASSERT_TRUE(run.ok()) << run.status();
  EXPECT_EQ(run->tally.games(), 8);
  EXPECT_EQ(run->tally.forfeits_first + run->tally.forfeits_second, 0);
  request.first.caller = [] { return std::make_unique<FirstLegalPlayer>(true); };
  run = PlayMatch(AnyGame(Guettal()), request, {});
  ASSERT_TRUE(run.ok()) << run.status();
  EXPECT_GE(run->tally.forfeits_first, 4);  // at least every game it starts as P1
  EXPECT_EQ(run->tally.wins, 0);
}

TEST(Match, ReportsBadRequests) {
  const Guettal game;
  std::ostringstream out, progress;
  MatchCommandRequest request{.match = {.first = ParseEngineSpec("random").value(),
                                        .second = ParseEngineSpec("random").value(),
                                        .games = 2},
                              .record = "/nonexistent/dir/games.txt"};
  EXPECT_FALSE(RunMatch(game, request, out, progress).ok());
  request.record = "";
  request.match.openings = 200;  // every Guettal game is over long before
  const absl::Status status = RunMatch(game, request, out, progress);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("--openings=200"), absl::string_view::npos) << status;
  // Every Guettal position after one decision has its result forced within 3 plies.
  request.match.openings = 1;
  request.match.balanced = 3;
  const absl::Status balanced = RunMatch(game, request, out, progress);
  EXPECT_FALSE(balanced.ok());
  EXPECT_NE(balanced.message().find("--balanced=3"), absl::string_view::npos) << balanced;
}

TEST(BestMoveMcts, PrintsInfoAndTheProvenWin) {
  const Guettal game;
  AnalysisRequest request;
  request.engine.kind = EngineKind::kMcts;
  request.limits.nodes = 10'000;
  std::ostringstream out;
  ASSERT_TRUE(RunBestMove(game, request, out).ok());
  const std::string text = out.str();
  EXPECT_NE(text.find("info iterations "), std::string::npos) << text;
  EXPECT_NE(text.find(" proven win pv "), std::string::npos) << text;
  EXPECT_TRUE(text.ends_with("bestmove A2\n") || text.ends_with("bestmove I3\n")) << text;
}

TEST(BestMoveMcts, RejectsAFinishedGame) {
  const Damdaman game;
  AnalysisRequest request;
  request.engine.kind = EngineKind::kMcts;
  request.position = "......./......./......./......./......./......./...x... o";  // o has none
  std::ostringstream out;
  const absl::Status status = RunBestMove(game, request, out);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("the game is over"), absl::string_view::npos) << status;
}

}  // namespace
}  // namespace lud64::match_test
