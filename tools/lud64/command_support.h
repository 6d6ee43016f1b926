// What the lud64 commands share: reporting an error as an exit code, checking
// flag ranges, and running an operation on the game of --game.
#ifndef LUD64_TOOLS_LUD64_COMMAND_SUPPORT_H_
#define LUD64_TOOLS_LUD64_COMMAND_SUPPORT_H_

#include <initializer_list>
#include <string>
#include <variant>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "boards/game_list.h"
#include "play/argument_range.h"
#include "tools/common/interrupt.h"

namespace lud64 {

// Prints `status` on stderr; the exit code: 130 for a Ctrl-C stop, 2 for bad
// input (InvalidArgument), else 1.
// The convention of every command: Ctrl-C stops long work, which prints what
// it found so far and exits 130 (128 + SIGINT), like a shell.
int Fail(const absl::Status& status);

// An error naming the flag unless low <= value <= high (NaN included), in the
// form of every front-end (play/argument_range.h): `--flag=value: must be ...`.
template <class T>
absl::Status CheckRange(absl::string_view flag, T value, T low, T high,
                        absl::string_view unit = "") {
  return CheckArgumentRange<T>(absl::StrCat("--", flag), value, low, high, unit);
}

// The first error among `checks`, or OK.
absl::Status FirstError(std::initializer_list<absl::Status> checks);

// A flag as users write it: "openings_file" -> "openings-file" (abseil's
// names have underscores).
std::string DashedFlag(std::string name);

// An error naming the first of `flags` set to other than its default, which
// only `applies_with` would use.
absl::Status RejectFlags(std::initializer_list<const char*> flags, absl::string_view applies_with);

// An error naming the first of `flags` given with an empty value: flags that
// name a file, which an empty value would quietly turn off.
absl::Status RejectEmptyFileFlags(std::initializer_list<const char*> flags);

// The flags given on the command line (main.cc records them), for a command
// that acts differently when a flag is absent than when it has its default.
void RecordGivenFlags(std::vector<std::string> names);
bool FlagGiven(absl::string_view name);
// Every value of a repeatable flag (Command::repeatable), in the order given.
void RecordFlagValues(std::string name, std::vector<std::string> values);
std::vector<std::string> FlagValues(absl::string_view name);

// An error unless standard input can be read as lines: reading a directory
// would end at once, as if the input were empty.
absl::Status CheckStandardInput();

// The game of --game. Long work also installs the Ctrl-C handler, which sets
// the stop request that long loops poll; quick commands keep Ctrl-C's default.
absl::StatusOr<AnyGame> GameOfFlags(bool long_work);

// The exit code of an operation's `status`: a command that reports its best
// so far when stopped (bestmove, solve) still exits as stopped.
int ExitCodeOf(const absl::Status& status);

// Runs `operation` (callable with each game type, returning absl::Status) on
// the game of --game; the exit code.
template <class Operation>
int RunOnGame(Operation&& operation, bool long_work = true) {
  absl::StatusOr<AnyGame> game = GameOfFlags(long_work);
  if (!game.ok()) return Fail(game.status());
  return ExitCodeOf(std::visit(operation, *game));
}

// The same for an operation on AnyGame (one of play/'s entry points).
int RunOnAnyGame(absl::FunctionRef<absl::Status(const AnyGame&)> operation, bool long_work = true);

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_COMMAND_SUPPORT_H_
