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
#include "tools/lud64/game_registry.h"

ABSL_FLAG(std::string, game, "damdaman", "game name with options, e.g. davxar:lines=ludii,pieces=6");
ABSL_FLAG(std::string, position, "start", "position in lud64 notation, or 'start'");
ABSL_FLAG(int, depth, 1, "perft depth (1 to 40)");
ABSL_FLAG(bool, divide, false, "also print the count below each first decision");
ABSL_FLAG(bool, counts, false, "end each line with the legal-decision counts before each ply");

namespace lud64 {
namespace {

struct Command {
  std::string name;
  std::string synopsis;
  std::string summary;
  std::vector<std::string> flags;
  int (*run)();
};

absl::StatusOr<std::unique_ptr<AnyGame>> SelectedGame() {
  return MakeGame(absl::GetFlag(FLAGS_game));
}

int Fail(const absl::Status& status) {
  std::cerr << "lud64: " << status.message() << "\n";
  return status.code() == absl::StatusCode::kCancelled ? 130 : 1;
}

int RunGames() {
  for (const GameInfo& info : KnownGames()) {
    std::cout << info.name << "\n  " << info.title << "\n";
    if (!info.options.empty()) std::cout << info.options;
  }
  return 0;
}

int RunShowCommand() {
  auto game = SelectedGame();
  if (!game.ok()) return Fail(game.status());
  absl::Status status = (*game)->Show(absl::GetFlag(FLAGS_position), std::cout);
  return status.ok() ? 0 : Fail(status);
}

int RunPerftCommand() {
  const int depth = absl::GetFlag(FLAGS_depth);
  if (depth < 1 || depth > 40) {
    return Fail(absl::InvalidArgumentError(absl::StrCat("--depth=", depth, ": must be 1 to 40")));
  }
  auto game = SelectedGame();
  if (!game.ok()) return Fail(game.status());
  InstallInterruptHandler();
  absl::Status status = (*game)->Perft(
      {absl::GetFlag(FLAGS_position), depth, absl::GetFlag(FLAGS_divide)}, std::cout, std::cerr);
  return status.ok() ? 0 : Fail(status);
}

int RunReplayCommand() {
  auto game = SelectedGame();
  if (!game.ok()) return Fail(game.status());
  absl::Status status = (*game)->Replay(
      {absl::GetFlag(FLAGS_position), absl::GetFlag(FLAGS_counts)}, std::cin, std::cout);
  return status.ok() ? 0 : Fail(status);
}

const std::vector<Command>& Commands() {
  static const auto* commands = new std::vector<Command>{
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
