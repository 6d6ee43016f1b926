// lud64: the command line. `lud64 help` lists the commands (command_table.cc).
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <map>
#include <new>
#include <string>
#include <vector>

#include "absl/flags/parse.h"
#include "absl/flags/reflection.h"
#include "absl/flags/usage.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "boards/game_list.h"
#include "engine/input_text.h"
#include "tools/common/plain_number.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/version.h"

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
  out << "\n'lud64 help <command>' or 'lud64 <command> --help' describes one command;\n"
         "'lud64 --version' prints the version.\n\n"
         "Flags of several words are written with dashes: --openings-file=FILE.\n"
         "exit codes: 0 done, 1 error (a failed write, not enough memory, a damaged file),\n"
         "2 bad command line or input (a flag out of range, a malformed position, an illegal\n"
         "decision), 130 stopped by Ctrl-C (what was found so far is printed first).\n";
}

// A flag's help in `command`'s help: the command's own words for it
// (Command::flag_help), else the flag's help and its default (an empty
// default says nothing: the help says what no value means).
std::string FlagHelp(const Command& command, const std::string& name) {
  for (const auto& [flag, help] : command.flag_help)
    if (flag == name) return help;
  const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
  const std::string value = flag->DefaultValue();
  return value.empty() ? flag->Help() : absl::StrCat(flag->Help(), " (default: '", value, "')");
}

void PrintCommandHelp(const Command& command) {
  std::cout << "usage: " << command.synopsis << "\n\n" << command.summary << "\n";
  if (!command.actions.empty())
    std::cout << "\nactions: " << absl::StrJoin(command.actions, ", ") << "\n";
  if (command.flags.empty()) return;
  std::cout << "\nflags:\n";
  for (const std::string& name : command.flags) {
    std::cout << "  --" << DashedFlag(name) << ": " << FlagHelp(command, name) << "\n";
  }
}

// `arg` with its flag name in abseil's spelling (underscores).
std::string AbseilArgument(absl::string_view arg) {
  const size_t equals = std::min(arg.find('='), arg.size());
  std::string text(arg);
  std::replace(text.begin(), text.begin() + equals, '-', '_');
  // The leading dashes are the flag's, not its name's.
  for (size_t i = 0; i < text.size() && i < 2 && text[i] == '_'; ++i) text[i] = '-';
  return text;
}

const Command* FindCommand(absl::string_view name) {
  for (const Command* command : Commands())
    if (command->name == name) return command;
  return nullptr;
}

// The name of the flag an argument sets ("--depth=3" -> "depth", "--nodivide"
// -> "divide", "--openings-file=F" -> "openings_file": abseil's names have
// underscores), or "" for an argument that is not a flag.
std::string FlagName(absl::string_view arg) {
  if (arg.size() < 2 || arg[0] != '-') return "";
  arg.remove_prefix(arg[1] == '-' ? 2 : 1);
  std::string name(arg.substr(0, arg.find('=')));
  std::replace(name.begin(), name.end(), '-', '_');
  if (name.rfind("no", 0) == 0 && absl::FindCommandLineFlag(name) == nullptr) name = name.substr(2);
  return name;
}

// What is wrong with the value `arg` gives `flag`, or "": abseil would end the
// process on it with a message of its own, and reads integers loosely (" 3",
// "0x3", "+3"). `next`: the argument after `arg`, if any, for `--depth 2`.
std::string FlagValueError(absl::string_view arg, const std::string& flag, absl::string_view next) {
  const absl::CommandLineFlag& known = *absl::FindCommandLineFlag(flag);
  const size_t equals = arg.find('=');
  if (known.IsOfType<bool>()) {
    bool value;
    if (equals == absl::string_view::npos || absl::SimpleAtob(arg.substr(equals + 1), &value))
      return "";
    return "must be true or false";
  }
  if (equals == absl::string_view::npos) {
    const size_t start = arg.find_first_not_of('-');
    std::string written(arg.substr(start));
    std::replace(written.begin(), written.end(), '-', '_');
    if (written != flag) return "takes a value, not 'no'";  // --nodepth
    const bool value_next = !next.empty() && FlagName(next).empty();
    return absl::StrCat(
        value_next ? "needs its value after '=': " : "needs a value: ",
        Escaped(absl::StrCat("--", DashedFlag(flag), "=", value_next ? next : "...")));
  }
  const absl::string_view value = arg.substr(equals + 1);
  if (known.IsOfType<std::string>()) return "";
  if (known.IsOfType<double>()) {
    double number;
    const bool plain = !value.empty() && value.find_first_of(" \t") == absl::string_view::npos;
    return plain && absl::SimpleAtod(value, &number) ? "" : "must be a number";
  }
  const bool is_unsigned = known.IsOfType<uint64_t>();
  int signed_value;
  uint64_t unsigned_value;
  if (is_unsigned ? ParsePlainNumber(value, &unsigned_value)
                  : ParsePlainNumber(value, &signed_value)) {
    return "";
  }
  // Digits the type cannot hold, or not a whole number at all.
  const absl::string_view digits = is_unsigned ? value : absl::StripPrefix(value, "-");
  if (!digits.empty() && digits.find_first_not_of("0123456789") == absl::string_view::npos) {
    return "is too large";
  }
  return is_unsigned ? "must be a whole number, 0 or more" : "must be a whole number";
}

// The exit code once stdout is flushed: a failed write (a full disk, a closed
// pipe) is an error even when the command itself succeeded.
int FinishOutput(absl::string_view who, int exit_code) {
  std::cout.flush();
  if (std::cout) return exit_code;
  std::cerr << who << ": cannot write the output: " << std::strerror(errno) << "\n";
  return exit_code == 0 ? 1 : exit_code;
}

int Main(int argc, char** argv) {
  absl::SetProgramUsageMessage("lud64 <command> [--flag=value ...]; 'lud64 help' lists commands");
  if (argc < 2) {
    PrintUsage(std::cerr);
    return 2;
  }
  const absl::string_view name = argv[1];
  if (name == "--version" || name == "version") {
    std::cout << "lud64 " << VersionText() << "\n";
    return FinishOutput("lud64", 0);
  }
  if (name == "help" || name == "--help" || name == "-h") {
    if (argc > 2) {
      if (const Command* command = FindCommand(argv[2])) {
        PrintCommandHelp(*command);
        return FinishOutput("lud64 help", 0);
      }
      std::cerr << "lud64: unknown command " << Quoted(argv[2]) << "\n";
      return 2;
    }
    PrintUsage(std::cout);
    return FinishOutput("lud64 help", 0);
  }
  const Command* command = FindCommand(name);
  if (command == nullptr) {
    std::vector<std::string> names;
    for (const Command* known : Commands()) names.push_back(known->name);
    std::cerr << "lud64: unknown command " << Quoted(name)
              << " (commands: " << absl::StrJoin(names, ", ") << "; 'lud64 help' describes them)\n";
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
      std::cerr << "lud64 " << name << ": unknown action " << Quoted(action)
                << " (actions: " << list << ")\n";
      return 2;
    }
    first_flag = 3;
  }
  // Check every argument against the command before absl reads the values.
  std::vector<std::string> given;
  std::map<std::string, std::vector<std::string>> repeated;
  for (int i = first_flag; i < argc; ++i) {
    const absl::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h" || arg == "--helpfull") {
      PrintCommandHelp(*command);
      return 0;
    }
    const std::string flag = FlagName(arg);
    if (flag.empty()) {
      std::cerr << "lud64 " << name << ": unexpected argument " << Quoted(arg) << "\n";
      return 2;
    }
    if (std::find(command->flags.begin(), command->flags.end(), flag) == command->flags.end()) {
      std::vector<std::string> dashed;
      for (const std::string& known : command->flags) dashed.push_back(DashedFlag(known));
      std::cerr << "lud64 " << name << ": unknown option "
                << Quoted(absl::StrCat("--", DashedFlag(flag)))
                << (command->flags.empty()
                        ? std::string(" (it takes none)")
                        : absl::StrCat(" (it takes --", absl::StrJoin(dashed, ", --"), ")"))
                << "\n";
      return 2;
    }
    const bool repeatable = std::find(command->repeatable.begin(), command->repeatable.end(),
                                      flag) != command->repeatable.end();
    if (repeatable) {
      const size_t equals = arg.find('=');
      repeated[flag].emplace_back(equals == absl::string_view::npos ? "" : arg.substr(equals + 1));
    }
    const absl::string_view next = i + 1 < argc ? argv[i + 1] : "";
    if (const std::string error = FlagValueError(arg, flag, next); !error.empty()) {
      std::cerr << "lud64 " << name << ": " << Escaped(arg) << ": " << error << "\n";
      return 2;
    }
    // absl keeps the last of repeated values; a repeat is more likely a slip.
    if (!repeatable && std::find(given.begin(), given.end(), flag) != given.end()) {
      std::cerr << "lud64 " << name << ": --" << DashedFlag(flag) << " given twice\n";
      return 2;
    }
    given.push_back(flag);
  }
  std::vector<std::string> normalized;
  for (int i = first_flag; i < argc; ++i) normalized.push_back(AbseilArgument(argv[i]));
  std::vector<char*> args = {argv[0]};
  for (std::string& arg : normalized) args.push_back(arg.data());
  absl::ParseCommandLine(static_cast<int>(args.size()), args.data());
  RecordGivenFlags(std::move(given));
  for (auto& [flag, values] : repeated) RecordFlagValues(flag, std::move(values));
  int exit_code;
  try {
    exit_code = command->run(action);
  } catch (const std::bad_alloc&) {
    // Sizes given by flags are checked before their tables are made
    // (CheckMemoryFor); this catches what is left.
    std::cout.flush();
    std::cerr << "lud64 " << name << ": out of memory\n";
    return 1;
  }
  return FinishOutput(absl::StrCat("lud64 ", name), exit_code);
}

}  // namespace
}  // namespace lud64

int main(int argc, char** argv) { return lud64::Main(argc, argv); }
