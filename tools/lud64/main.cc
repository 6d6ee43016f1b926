// lud64: the command line. `lud64 help` lists the commands (command_table.cc).
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/parse.h"
#include "absl/flags/reflection.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "boards/game_list.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"

namespace lud64 {
namespace {

// "Damdaman, Davxar Zirge and Guettal": each game's title up to its ruleset.
std::string GameTitles() {
  std::vector<std::string> titles;
  for (const GameInfo& info : KnownGames())
    titles.push_back(info.title.substr(0, info.title.find(" (")));
  const std::string last = titles.back();
  titles.pop_back();
  return absl::StrCat(absl::StrJoin(titles, ", "), " and ", last);
}

void PrintUsage(std::ostream& out) {
  out << "lud64: a bitboard engine for " << GameTitles()
      << ".\n\n"
         "usage: lud64 <command> [--flag=value ...]\n\ncommands:\n";
  for (const Command* command : Commands()) out << "  " << command->synopsis << "\n";
  out << "\n'lud64 help <command>' or 'lud64 <command> --help' describes one command.\n";
}

void PrintCommandHelp(const Command& command) {
  std::cout << "usage: " << command.synopsis << "\n\n" << command.summary << "\n";
  if (!command.actions.empty())
    std::cout << "\nactions: " << absl::StrJoin(command.actions, ", ") << "\n";
  if (command.flags.empty()) return;
  std::cout << "\nflags:\n";
  for (const std::string& name : command.flags) {
    const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
    std::cout << "  --" << name << ": " << flag->Help() << " (default: '" << flag->DefaultValue()
              << "')\n";
  }
}

const Command* FindCommand(absl::string_view name) {
  for (const Command* command : Commands())
    if (command->name == name) return command;
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
  // A command with actions takes one first: `lud64 tb build`.
  std::string action;
  int first_flag = 2;
  if (!command->actions.empty()) {
    const std::string list = absl::StrJoin(command->actions, ", ");
    if (argc < 3 || !FlagName(argv[2]).empty()) {
      if (argc >= 3 &&
          (absl::string_view(argv[2]) == "--help" || absl::string_view(argv[2]) == "-h")) {
        PrintCommandHelp(*command);
        return 0;
      }
      std::cerr << "lud64 " << name << ": needs an action first: " << list << "\n";
      return 2;
    }
    action = argv[2];
    if (std::find(command->actions.begin(), command->actions.end(), action) ==
        command->actions.end()) {
      std::cerr << "lud64 " << name << ": unknown action '" << action << "' (actions: " << list
                << ")\n";
      return 2;
    }
    first_flag = 3;
  }
  // Check every argument against the command before absl reads the values.
  std::vector<std::string> given;
  for (int i = first_flag; i < argc; ++i) {
    const absl::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h" || arg == "--helpfull") {
      PrintCommandHelp(*command);
      return 0;
    }
    const std::string flag = FlagName(arg);
    given.push_back(flag);
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
  for (int i = first_flag; i < argc; ++i) args.push_back(argv[i]);
  absl::ParseCommandLine(static_cast<int>(args.size()), args.data());
  RecordGivenFlags(std::move(given));
  return command->run(action);
}

}  // namespace
}  // namespace lud64

int main(int argc, char** argv) { return lud64::Main(argc, argv); }
