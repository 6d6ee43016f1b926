// lud64: the command line. `lud64 help` lists the commands.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/reflection.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/interrupt.h"
#include "search/mcts.h"
#include "tools/lud64/bench_command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/game_registry.h"
#include "tools/lud64/search_commands.h"

ABSL_FLAG(std::string, game, "davxar", "game name with options, e.g. davxar:lines=ludii,pieces=6");
ABSL_FLAG(std::string, position, "start", "position in lud64 notation, or 'start'");
ABSL_FLAG(int, depth, 0, "depth in plies (perft: 1 to 40, required; bestmove: 1 to 100)");
ABSL_FLAG(bool, divide, false, "also print the count below each first decision");
ABSL_FLAG(bool, counts, false, "end each line with the legal-decision counts before each ply");
ABSL_FLAG(uint64_t, count, 0, "number of playouts (1 to 10^12)");
ABSL_FLAG(double, time, 0, "seconds to run (decimals allowed, up to 86400)");
ABSL_FLAG(int, threads, 1, "worker threads (1 to 256)");
ABSL_FLAG(uint64_t, seed, 1, "random seed");
ABSL_FLAG(bool, json, false, "print one JSON object instead of text");
ABSL_FLAG(uint64_t, nodes, 0, "stop searching after about this many nodes (0: no limit)");
ABSL_FLAG(int, hash, 64, "transposition table size in MiB (1 to 65536)");
ABSL_FLAG(double, clock, 0, "game clock: seconds left for the rest of the game");
ABSL_FLAG(double, inc, 0, "game clock: seconds added per decision");
ABSL_FLAG(std::string, engine, "alphabeta", "search: alphabeta or mcts (Monte Carlo tree search)");
ABSL_FLAG(uint64_t, iterations, 0, "mcts: stop after this many iterations (0: no limit)");
ABSL_FLAG(double, exploration, lud64::kDefaultExploration,
          "mcts: the UCB1 exploration constant (0 to 100)");
ABSL_FLAG(int, memory, 256, "mcts: memory bound of the tree in MiB (1 to 65536)");
ABSL_FLAG(std::string, p1, "", "match: the engine the results are counted for, e.g. mcts:time=0.1");
ABSL_FLAG(std::string, p2, "", "match: its opponent, e.g. random or alphabeta:depth=4");
ABSL_FLAG(int, games, 0, "match: number of games (1 to 1000000)");
ABSL_FLAG(int, openings, 0,
          "match: random decisions from the start shared by each pair of games (0 to 1000)");
ABSL_FLAG(int, balanced, 0,
          "match: draw an opening again when the solver finds its result decided within this "
          "many plies (0: off; 1 to 20)");
ABSL_FLAG(std::string, record, "",
          "match: file to write the games to, one line of decisions each (the replay format)");

namespace lud64 {
namespace {

struct Command {
  std::string name;
  std::string synopsis;
  std::string summary;
  std::vector<std::string> flags;
  int (*run)();
};

int RunGames() {
  for (const GameInfo& info : KnownGames()) {
    std::cout << info.name << "\n  " << info.title << "\n";
    if (!info.options.empty()) std::cout << info.options;
  }
  return 0;
}

int RunShowCommand() {
  return RunOnGame(
      [&](const AnyGame& game) { return game.Show(absl::GetFlag(FLAGS_position), std::cout); },
      /*long_work=*/false);
}

int RunPerftCommand() {
  const int depth = absl::GetFlag(FLAGS_depth);
  if (depth == 0) return Fail(absl::InvalidArgumentError("perft needs --depth=D (1 to 40)"));
  if (absl::Status status = CheckRange("depth", depth, 1, 40); !status.ok()) return Fail(status);
  return RunOnGame([&](const AnyGame& game) {
    return game.Perft({absl::GetFlag(FLAGS_position), depth, absl::GetFlag(FLAGS_divide)},
                      std::cout, std::cerr);
  });
}

int RunReplayCommand() {
  return RunOnGame(
      [&](const AnyGame& game) {
        return game.Replay({absl::GetFlag(FLAGS_position), absl::GetFlag(FLAGS_counts)}, std::cin,
                           std::cout);
      },
      /*long_work=*/false);
}

int RunPlayoutsCommand() {
  PlayoutsRequest request;
  request.position = absl::GetFlag(FLAGS_position);
  request.count = absl::GetFlag(FLAGS_count);
  request.seconds = absl::GetFlag(FLAGS_time);
  request.threads = absl::GetFlag(FLAGS_threads);
  request.seed = absl::GetFlag(FLAGS_seed);
  request.json = absl::GetFlag(FLAGS_json);
  if ((request.count == 0) == (request.seconds == 0)) {
    return Fail(absl::InvalidArgumentError("give exactly one of --count=N and --time=SECONDS"));
  }
  if (absl::Status status = FirstError({
          request.count ? CheckRange<uint64_t>("count", request.count, 1, 1'000'000'000'000)
                        : CheckRange("time", request.seconds, 0.001, 86400.0, " seconds"),
          CheckRange("threads", request.threads, 1, 256),
      });
      !status.ok()) {
    return Fail(status);
  }
  return RunOnGame(
      [&](const AnyGame& game) { return game.Playouts(request, std::cout, std::cerr); });
}

int RunBenchCommand() {
  InstallInterruptHandler();
  absl::Status status = RunBench(std::cout, std::cerr);
  return status.ok() ? 0 : Fail(status);
}

const std::vector<Command>& Commands() {
  static const auto* commands = new std::vector<Command>{
      {"bestmove",
       "lud64 bestmove [--game=G] [--position=P] [--depth=D] [--nodes=N] [--time=S] "
       "[--clock=S --inc=S] [--hash=MiB]\n"
       "  lud64 bestmove --engine=mcts [--game=G] [--position=P] [--iterations=N] [--time=S] "
       "[--clock=S --inc=S] [--threads=T] [--seed=S] [--exploration=C] [--memory=MiB]",
       "Search for the best decision. Alpha-beta (the default): one info line per depth, then\n"
       "  bestmove. Scores are in centi-pieces (cp 100 = one piece ahead) for the player to\n"
       "  move, or 'win in N' / 'loss in N' plies.\n"
       "  --engine=mcts: Monte Carlo tree search with random playouts, proving wins and losses\n"
       "  where it can; an info line about every second (iterations, iterations/s, the best\n"
       "  decision, its visits and win rate for the player to move), then bestmove.\n"
       "  Without a limit either thinks for one second.\n"
       "  example: lud64 bestmove --game=guettal --depth=6\n"
       "  example: lud64 bestmove --engine=mcts --game=damdaman --time=5 --threads=2",
       {"game", "position", "depth", "nodes", "time", "clock", "inc", "hash", "engine",
        "iterations", "threads", "seed", "exploration", "memory"},
       RunBestMoveCommand},
      {"solve",
       "lud64 solve [--game=G] [--position=P] [--depth=D] [--nodes=N] [--time=S] [--hash=MiB] "
       "[--json]",
       "Prove the value of a position (win, loss or draw for the player to move, and the\n"
       "  plies to the end under best play), or report the bounds reached within the limits.\n"
       "  example: lud64 solve --game=guettal",
       {"game", "position", "depth", "nodes", "time", "hash", "json"},
       RunSolveCommand},
      {"match",
       "lud64 match [--game=G] --p1=ENGINE[:opt=val,...] --p2=ENGINE[:opt=val,...] --games=N "
       "[--openings=K] [--balanced=P] [--threads=T] [--seed=S] [--record=FILE] [--json]",
       "Play two engines against each other, colours alternating, each pair of games from\n"
       "  the same K random decisions from the start; games run in parallel over --threads.\n"
       "  --balanced=P draws an opening again when its result is forced within P plies.\n"
       "  Prints wins, losses and draws for --p1, its score (a draw counts half) and the Elo\n"
       "  difference with a 95% interval. Engines:\n"
       "    random\n"
       "    alphabeta[:time=S,depth=D,nodes=N,hash=MiB,quiescence=0|1]\n"
       "    mcts[:time=S,iterations=N,threads=T,exploration=C,memory=MiB]\n"
       "  A searching engine without a limit thinks 0.1 s a decision.\n"
       "  example: lud64 match --game=damdaman --p1=mcts:time=0.1 --p2=random --games=10",
       {"game", "p1", "p2", "games", "openings", "balanced", "threads", "seed", "record", "json"},
       RunMatchCommand},
      {"games", "lud64 games", "List the games and their options.", {}, RunGames},
      {"show",
       "lud64 show --game=G [--position=P]",
       "Draw a position and list its legal decisions.\n  example: lud64 show --game=damdaman",
       {"game", "position"},
       RunShowCommand},
      {"perft",
       "lud64 perft --game=G [--position=P] --depth=D [--divide]",
       "Count the nodes at each depth 1..D of the decision tree.\n"
       "  example: lud64 perft --game=damdaman --depth=10",
       {"game", "position", "depth", "divide"},
       RunPerftCommand},
      {"replay",
       "lud64 replay --game=G [--position=P] [--counts] < games.txt",
       "Replay games from stdin (one per line, decisions separated by spaces);\n"
       "  print '<result> <final position>' per game.\n"
       "  example: echo 'C4-D4 C5-C4' | lud64 replay --game=damdaman --counts",
       {"game", "position", "counts"},
       RunReplayCommand},
      {"playouts",
       "lud64 playouts --game=G [--position=P] (--count=N | --time=S) [--threads=T] [--seed=S] "
       "[--json]",
       "Uniform random playouts: speed, results with 95% intervals, lengths, how games ended.\n"
       "  The same seed and count give the same totals with any number of threads.\n"
       "  example: lud64 playouts --game=guettal --count=1000000 --threads=2",
       {"game", "position", "count", "time", "threads", "seed", "json"},
       RunPlayoutsCommand},
      {"bench",
       "lud64 bench",
       "A fixed benchmark: perft and seeded playouts on fixed positions of every game.\n"
       "  Prints the speed of each part and a signature that changes only with the rules.",
       {},
       RunBenchCommand},
  };
  return *commands;
}

void PrintUsage(std::ostream& out) {
  out << "lud64: a bitboard engine for Guettal, Damdaman and Davxar Zirge.\n\n"
         "usage: lud64 <command> [--flag=value ...]\n\ncommands:\n";
  for (const Command& command : Commands()) out << "  " << command.synopsis << "\n";
  out << "\n'lud64 help <command>' or 'lud64 <command> --help' describes one command.\n";
}

void PrintCommandHelp(const Command& command) {
  std::cout << "usage: " << command.synopsis << "\n\n" << command.summary << "\n";
  if (command.flags.empty()) return;
  std::cout << "\nflags:\n";
  for (const std::string& name : command.flags) {
    const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
    std::cout << "  --" << name << ": " << flag->Help() << " (default: '" << flag->DefaultValue()
              << "')\n";
  }
}

const Command* FindCommand(absl::string_view name) {
  for (const Command& command : Commands())
    if (command.name == name) return &command;
  return nullptr;
}

// The name of the flag an argument sets ("--depth=3" -> "depth", "--nodivide"
// -> "divide"), or "" for an argument that is not a flag.
std::string FlagName(absl::string_view arg) {
  if (arg.size() < 2 || arg[0] != '-') return "";
  arg.remove_prefix(arg[1] == '-' ? 2 : 1);
  std::string name(arg.substr(0, arg.find('=')));
  if (name.rfind("no", 0) == 0 && absl::FindCommandLineFlag(name) == nullptr) name = name.substr(2);
  return name;
}

int Main(int argc, char** argv) {
  absl::SetProgramUsageMessage("lud64 <command> [--flag=value ...]; 'lud64 help' lists commands");
  if (argc < 2) {
    PrintUsage(std::cerr);
    return 2;
  }
  const absl::string_view name = argv[1];
  if (name == "help" || name == "--help" || name == "-h") {
    if (argc > 2) {
      if (const Command* command = FindCommand(argv[2])) {
        PrintCommandHelp(*command);
        return 0;
      }
      std::cerr << "lud64: unknown command '" << argv[2] << "'\n";
      return 2;
    }
    PrintUsage(std::cout);
    return 0;
  }
  const Command* command = FindCommand(name);
  if (command == nullptr) {
    std::cerr << "lud64: unknown command '" << name << "'\n\n";
    PrintUsage(std::cerr);
    return 2;
  }
  // Check every argument against the command before absl reads the values.
  for (int i = 2; i < argc; ++i) {
    const absl::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h" || arg == "--helpfull") {
      PrintCommandHelp(*command);
      return 0;
    }
    const std::string flag = FlagName(arg);
    if (flag.empty()) {
      std::cerr << "lud64 " << name << ": unexpected argument '" << arg << "'\n";
      return 2;
    }
    if (std::find(command->flags.begin(), command->flags.end(), flag) == command->flags.end()) {
      std::cerr << "lud64 " << name << ": unknown option '--" << flag << "'"
                << (command->flags.empty()
                        ? std::string(" (it takes none)")
                        : absl::StrCat(" (it takes --", absl::StrJoin(command->flags, ", --"), ")"))
                << "\n";
      return 2;
    }
  }
  std::vector<char*> args = {argv[0]};
  for (int i = 2; i < argc; ++i) args.push_back(argv[i]);
  absl::ParseCommandLine(static_cast<int>(args.size()), args.data());
  return command->run();
}

}  // namespace
}  // namespace lud64

int main(int argc, char** argv) { return lud64::Main(argc, argv); }
