// A lud64 command: its name, its help, the flags it takes, and what it runs.
// Each is defined in commands/<name>.cc and listed once in command_table.cc.
#ifndef LUD64_TOOLS_LUD64_COMMAND_H_
#define LUD64_TOOLS_LUD64_COMMAND_H_

#include <string>
#include <utility>
#include <vector>

namespace lud64 {

struct Command {
  std::string name;
  std::string synopsis;            // one or more usage lines
  std::string summary;             // what it does, with an example
  std::vector<std::string> flags;  // every other flag is rejected
  // The exit code; flags are parsed by then. `action`: the word after the
  // command name (`lud64 tb build`) for a command that has `actions`, else "".
  int (*run)(const std::string& action);
  std::vector<std::string> actions = {};
  // Flags of `flags` that may be given more than once (`--engine=A --engine=B`);
  // the command reads every value with FlagValues.
  std::vector<std::string> repeatable = {};
  // Help in this command's words for shared flags (common_flags.h) whose
  // range or default it sets: the text after `--flag: `, range and default
  // included. Other flags show their own help and default.
  std::vector<std::pair<std::string, std::string>> flag_help = {};
};

// Every command, in the order `lud64 help` lists them.
const std::vector<const Command*>& Commands();

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_COMMAND_H_
