// `lud64 match`: two engines play each other.
#include <algorithm>
#include <iostream>
#include <string>
#include <utility>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "engine/game.h"
#include "engine/input_text.h"
#include "play/engine_options.h"
#include "play/engine_spec.h"
#include "play/help_text.h"
#include "play/memory_check.h"
#include "play/opening_book.h"
#include "play/sprt.h"
#include "tools/common/interrupt.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/commands/match/match_command.h"
#include "tools/lud64/common_flags.h"

ABSL_FLAG(std::string, p1, "", "match: the engine the results are counted for, e.g. mcts:time=0.1");
ABSL_FLAG(std::string, p2, "", "match: its opponent, e.g. random or alphabeta:depth=4");
ABSL_FLAG(int, games, 0, "match: number of games (1 to 1000000)");
ABSL_FLAG(int, openings, 4,
          "match: random decisions from the start shared by each pair of games, so that pairs "
          "differ (0 to 1000; 0: every pair from the start); by default 4, or in a game with "
          "fewer than 1000 lines of 4 decisions the fewest that give 1000 (damdaman: 8)");
ABSL_FLAG(std::string, record, "",
          "match: file to write the games to, each as a '#' line of tags (engines, opening, "
          "result) and a line of decisions (the replay format)");
ABSL_FLAG(std::string, openings_file, "",
          "match: a book of openings, one a line (a position, or decisions from the start), "
          "each used for one pair of games, in order, cycling");
ABSL_FLAG(std::string, sprt, "",
          "match: ELO0,ELO1: stop once a sequential probability ratio test over the pairs of "
          "games accepts H0 (elo = ELO0) or H1 (elo = ELO1)");
ABSL_FLAG(double, alpha, 0.05, "match --sprt: the false positive rate, above 0 and below 0.5");
ABSL_FLAG(double, beta, 0.05, "match --sprt: the false negative rate, above 0 and below 0.5");
ABSL_FLAG(std::string, sprt_model, "logistic",
          "match --sprt: the Elo of the bounds, logistic or normalized (nElo)");

namespace lud64 {
namespace {

int RunMatchCommand(const std::string&) {
  MatchCommandRequest command;
  MatchRequest& request = command.match;
  request.stop = InterruptFlag();
  const std::string first = absl::GetFlag(FLAGS_p1), second = absl::GetFlag(FLAGS_p2);
  if (first.empty() || second.empty()) {
    return Fail(absl::InvalidArgumentError("match needs --p1=ENGINE and --p2=ENGINE"));
  }
  for (const auto& [text, spec] : {std::pair{&first, &request.first}, {&second, &request.second}}) {
    absl::StatusOr<EngineSpec> parsed = ParseEngineSpec(*text);
    if (!parsed.ok()) return Fail(parsed.status());
    *spec = *std::move(parsed);
  }
  request.games = absl::GetFlag(FLAGS_games);
  request.openings = absl::GetFlag(FLAGS_openings);
  request.balanced = absl::GetFlag(FLAGS_balanced);
  request.threads = absl::GetFlag(FLAGS_threads);
  request.seed = absl::GetFlag(FLAGS_seed);
  command.record = absl::GetFlag(FLAGS_record);
  command.json = absl::GetFlag(FLAGS_json);
  if (absl::Status status = RejectEmptyFileFlags({"openings_file", "record"}); !status.ok()) {
    return Fail(status);
  }
  if (request.games < 1 || request.games > 1'000'000) {
    return Fail(absl::InvalidArgumentError(
        request.games == 0 ? "match needs --games=N (1 to 1000000)"
                           : absl::StrCat("--games=", request.games, ": must be 1 to 1000000")));
  }
  if (absl::Status status = FirstError({
          CheckRange("openings", request.openings, 0, 1000),
          CheckRange("balanced", request.balanced, 0, 20),
          CheckRange("threads", request.threads, 1, kMaxThreads),
      });
      !status.ok()) {
    return Fail(status);
  }
  const std::string sprt = absl::GetFlag(FLAGS_sprt);
  if (!sprt.empty()) {
    absl::StatusOr<Sprt> parsed =
        ParseSprt(sprt, absl::GetFlag(FLAGS_alpha), absl::GetFlag(FLAGS_beta),
                  absl::GetFlag(FLAGS_sprt_model));
    if (!parsed.ok()) return Fail(parsed.status());
    if (request.games % 2 != 0) {
      return Fail(absl::InvalidArgumentError(absl::StrCat(
          "--games=", request.games, ": --sprt counts pairs of games, so --games must be even")));
    }
    request.sprt = *parsed;
  } else if (absl::Status status = RejectFlags({"alpha", "beta", "sprt_model"}, "--sprt");
             !status.ok()) {
    return Fail(status);
  }
  if (const std::string book = absl::GetFlag(FLAGS_openings_file); !book.empty()) {
    if (FlagGiven("openings") || request.balanced != 0) {
      return Fail(absl::InvalidArgumentError(
          "--openings-file replaces random openings: give no --openings or --balanced with it"));
    }
    request.openings = 0;
    absl::StatusOr<OpeningBook> read = ReadOpeningBook(book);
    if (!read.ok()) return Fail(read.status());
    request.book = *std::move(read);
  }
  // Each thread playing games has its own player of each engine.
  const int workers = std::min(request.threads, request.games);
  for (const EngineSpec* spec : {&request.first, &request.second}) {
    const EngineKind kind = spec->kind();
    const size_t mebibytes = kind == EngineKind::kAlphaBeta || kind == EngineKind::kSolver
                                 ? spec->options.hash_mib
                             : kind == EngineKind::kMcts ? spec->options.memory_mib
                                                         : 0;
    if (mebibytes == 0) continue;
    const std::string what =
        workers > 1 ? absl::StrCat("its tables in ", workers, " threads") : "its table";
    if (absl::Status status =
            CheckMemoryFor(absl::StrCat("engine ", Quoted(spec->text)), mebibytes * workers, what);
        !status.ok()) {
      return Fail(status);
    }
  }
  const bool default_openings = !FlagGiven("openings") && !request.book;
  return RunOnGame([&](const auto& game) {
    if (default_openings) request.openings = DefaultOpenings(AnyGame(game));
    return RunMatch(game, command, std::cout, std::cerr);
  });
}

}  // namespace

extern const Command kMatchCommand;
const Command kMatchCommand = {
    "match",
    "lud64 match [--game=G] --p1=ENGINE[:opt=val,...] --p2=ENGINE[:opt=val,...] --games=N "
    "[--openings=K [--balanced=P] | --openings-file=FILE] [--sprt=ELO0,ELO1 [--alpha=A] "
    "[--beta=B] [--sprt-model=logistic|normalized]] [--threads=T] [--seed=S] [--record=FILE] "
    "[--json]",
    "Play two engines against each other in pairs of games with colours swapped, each\n"
    "  pair from the same opening: K random decisions from the start (--openings=K: by\n"
    "  default 4, damdaman 8; --balanced=P draws again when the result is forced within\n"
    "  P plies), or the next line of a book (--openings-file; lud64 book makes one).\n"
    "  Engines that repeat their games (alphabeta or mcts without a time limit on one\n"
    "  thread, mcts with evaluation leaves) play the same games from the same\n"
    "  opening: a warning says when pairs repeat one. Pairs run in parallel over\n"
    "  --threads.\n"
    "  Prints wins, losses and draws for --p1, its score (a draw counts half), the Elo\n"
    "  difference with a 95% interval per game and per pair (Ptnml(0-2): the pairs by\n"
    "  points [LL, LD, DD+WL, WD, WW]), nElo and LOS. --sprt=ELO0,ELO1 stops once the\n"
    "  sequential probability ratio test accepts H0 or H1 (alpha, beta: 0.05), or at\n"
    "  --games (even) with no decision. Engines:\n"
    "    random\n"
    "    alphabeta[:time=S,depth=D,nodes=N,hash=MiB,threads=T,quiescence=0|1,eval=E,\n"
    "              evalfile=F,tb=DIR]  (threads: lazy SMP, the threads sharing one table)\n"
    "    mcts[:time=S,iterations=N,threads=T,exploration=C,press=W,memory=MiB,\n"
    "         leaves=evaluation|playout,eval=E,evalfile=F,tb=DIR]\n"
    "      (press=W, 0 to 1, default 0.5: the weight of MCTS's pressing term, 0 off)\n"
    "    ugi:[time=S,depth=D,nodes=N,margin=S,]cmd=COMMAND  (an external UGI engine;\n"
    "      cmd last. lud64 judges its decisions: an illegal one, a crash, or no bestmove\n"
    "      within time + margin (default 2 s) loses that game by forfeit, reason shown)\n" +
        WrappedText(
            absl::StrCat("eval=E: ", kEvaluationHelp, ". evalfile=F: ", kEvaluationFileHelp, "."),
            84, "  ") +
        "  tb=DIR: the engine uses the endgame tables in DIR (lud64 tb build).\n"
        "  A searching engine without a limit thinks 0.1 s a decision.\n"
        "  example: lud64 match --game=damdaman --p1=mcts:time=0.1 --p2=random --games=10",
    {"game", "p1", "p2", "games", "openings", "balanced", "openings_file", "sprt", "alpha", "beta",
     "sprt_model", "threads", "seed", "record", "json"},
    RunMatchCommand};

}  // namespace lud64
