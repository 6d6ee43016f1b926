#include "tools/lud64/command_support.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <utility>

#include "absl/flags/flag.h"
#include "absl/flags/reflection.h"
#include "engine/input_text.h"
#include "tools/common/interrupt.h"
#include "tools/lud64/common_flags.h"

namespace lud64 {

int Fail(const absl::Status& status) {
  // Messages quote input cut and escaped (Quoted); this bounds the rest.
  constexpr size_t kMaxMessageCharacters = 2000;
  std::cerr << "lud64: " << Escaped(status.message(), kMaxMessageCharacters) << "\n";
  switch (status.code()) {
    case absl::StatusCode::kCancelled:
      return 130;
    case absl::StatusCode::kInvalidArgument:  // bad command line or input
      return 2;
    default:
      return 1;
  }
}

absl::Status FirstError(std::initializer_list<absl::Status> checks) {
  for (const absl::Status& status : checks)
    if (!status.ok()) return status;
  return absl::OkStatus();
}

std::string DashedFlag(std::string name) {
  std::replace(name.begin(), name.end(), '_', '-');
  return name;
}

absl::Status RejectFlags(std::initializer_list<const char*> flags, absl::string_view applies_with) {
  for (const char* name : flags) {
    const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
    if (flag->CurrentValue() != flag->DefaultValue()) {
      return absl::InvalidArgumentError(
          absl::StrCat("--", DashedFlag(name), " applies only with ", applies_with));
    }
  }
  return absl::OkStatus();
}

absl::Status RejectEmptyFileFlags(std::initializer_list<const char*> flags) {
  for (const char* name : flags) {
    if (FlagGiven(name) && absl::FindCommandLineFlag(name)->CurrentValue().empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("--", DashedFlag(name), "=: needs a file name"));
    }
  }
  return absl::OkStatus();
}

namespace {
std::vector<std::string>& GivenFlags() {
  static auto* names = new std::vector<std::string>;
  return *names;
}
}  // namespace

void RecordGivenFlags(std::vector<std::string> names) { GivenFlags() = std::move(names); }

bool FlagGiven(absl::string_view name) {
  for (const std::string& given : GivenFlags())
    if (given == name) return true;
  return false;
}

namespace {
std::vector<std::pair<std::string, std::vector<std::string>>>& RepeatedValues() {
  static auto* values = new std::vector<std::pair<std::string, std::vector<std::string>>>;
  return *values;
}
}  // namespace

void RecordFlagValues(std::string name, std::vector<std::string> values) {
  RepeatedValues().emplace_back(std::move(name), std::move(values));
}

std::vector<std::string> FlagValues(absl::string_view name) {
  for (const auto& [flag, values] : RepeatedValues())
    if (flag == name) return values;
  return {};
}

absl::Status CheckStandardInput() {
  struct stat input;
  if (fstat(STDIN_FILENO, &input) == 0 && S_ISDIR(input.st_mode)) {
    return absl::InvalidArgumentError("standard input is a directory, not lines of text");
  }
  return absl::OkStatus();
}

absl::StatusOr<AnyGame> GameOfFlags(bool long_work) {
  absl::StatusOr<AnyGame> game = MakeGame(absl::GetFlag(FLAGS_game));
  if (game.ok() && long_work) InstallInterruptHandler();
  return game;
}

int ExitCodeOf(const absl::Status& status) {
  if (!status.ok()) return Fail(status);
  if (Stopping(InterruptFlag()))
    return Fail(absl::CancelledError("stopped by Ctrl-C; the output is partial"));
  return 0;
}

int RunOnAnyGame(absl::FunctionRef<absl::Status(const AnyGame&)> operation, bool long_work) {
  absl::StatusOr<AnyGame> game = GameOfFlags(long_work);
  if (!game.ok()) return Fail(game.status());
  return ExitCodeOf(operation(*game));
}

}  // namespace lud64
