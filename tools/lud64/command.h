// A lud64 command: its name, its help, the flags it takes, and what it runs.
// Each is defined in commands/<name>.cc and listed once in command_table.cc.
#ifndef LUD64_TOOLS_LUD64_COMMAND_H_
#define LUD64_TOOLS_LUD64_COMMAND_H_

#include <string>
#include <vector>

namespace lud64 {

struct Command {
  std::string name;
  std::string synopsis;            // one or more usage lines
  std::string summary;             // what it does, with an example
  std::vector<std::string> flags;  // every other flag is rejected
  int (*run)();                    // the exit code; flags are parsed by then
};

// Every command, in the order `lud64 help` lists them.
const std::vector<const Command*>& Commands();

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_COMMAND_H_
