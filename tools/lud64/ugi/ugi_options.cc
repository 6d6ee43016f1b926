#include "tools/lud64/ugi/ugi_options.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/input_text.h"
#include "engine/named_values.h"
#include "play/engine_options.h"

namespace lud64 {
namespace {

// An integer from `low` to `high`, for option `name`.
absl::StatusOr<int> ReadSpin(absl::string_view name, absl::string_view text, int low, int high) {
  int value;
  if (!absl::SimpleAtoi(text, &value) || value < low || value > high) {
    return absl::InvalidArgumentError(absl::StrCat(
        "setoption ", name, " ", Quoted(text), ": must be an integer from ", low, " to ", high));
  }
  return value;
}

// A number from `low` to `high`, for option `name`.
absl::StatusOr<double> ReadDecimal(absl::string_view name, absl::string_view text, double low,
                                   double high) {
  double value;
  if (!absl::SimpleAtod(text, &value) || !(value >= low && value <= high)) {  // also NaN
    return absl::InvalidArgumentError(absl::StrCat("setoption ", name, " ", Quoted(text),
                                                   ": must be a number from ", low, " to ", high));
  }
  return value;
}

// One of `names`' values, for option `name`.
template <class T, size_t N>
absl::StatusOr<T> ReadCombo(absl::string_view name, const NameTable<T, N>& names,
                            absl::string_view text) {
  if (const std::optional<T> value = ValueNamed(names, absl::AsciiStrToLower(text))) return *value;
  return absl::InvalidArgumentError(
      absl::StrCat("setoption ", name, " ", Quoted(text), ": must be ", NameChoices(names)));
}

// `field` set to `result`, or its error.
template <class T, class Field>
absl::Status Assign(absl::StatusOr<T> result, Field& field) {
  if (!result.ok()) return result.status();
  field = *std::move(result);
  return absl::OkStatus();
}

// The engines a UGI session can be.
constexpr NameTable<EngineKind, 2> kUgiEngineNames = {
    {{EngineKind::kAlphaBeta, "alphabeta"}, {EngineKind::kMcts, "mcts"}}};

// The kinds of option, each naming its field and what it takes once: the
// handshake's line and setoption's reading both follow from it.
struct Spin {
  int UgiSettings::*field;
  int low, high;
};
// UGI's option types have no decimal number: a `string` option read as one.
struct Decimal {
  double UgiSettings::*field;
  double low, high;
};
template <class E, size_t N>
struct Combo {
  E UgiSettings::*field;
  const NameTable<E, N>* names;
};
struct Path {  // "<empty>": none
  std::string UgiSettings::*field;
};

std::string Declaration(const Spin& o, const UgiSettings& s) {
  return absl::StrCat("type spin default ", s.*o.field, " min ", o.low, " max ", o.high);
}
std::string Declaration(const Decimal& o, const UgiSettings& s) {
  return absl::StrCat("type string default ", s.*o.field);
}
template <class E, size_t N>
std::string Declaration(const Combo<E, N>& o, const UgiSettings& s) {
  std::string vars;
  for (const NamedValue<E>& entry : *o.names) absl::StrAppend(&vars, " var ", entry.name);
  return absl::StrCat("type combo default ", NameOf(*o.names, s.*o.field), vars);
}
std::string Declaration(const Path& o, const UgiSettings& s) {
  const std::string& path = s.*o.field;
  return absl::StrCat("type string default ", path.empty() ? "<empty>" : path);
}

absl::Status Set(absl::string_view name, const Spin& o, absl::string_view v, UgiSettings& s) {
  return Assign(ReadSpin(name, v, o.low, o.high), s.*o.field);
}
absl::Status Set(absl::string_view name, const Decimal& o, absl::string_view v, UgiSettings& s) {
  return Assign(ReadDecimal(name, v, o.low, o.high), s.*o.field);
}
template <class E, size_t N>
absl::Status Set(absl::string_view name, const Combo<E, N>& o, absl::string_view v,
                 UgiSettings& s) {
  return Assign(ReadCombo(name, *o.names, v), s.*o.field);
}
absl::Status Set(absl::string_view, const Path& o, absl::string_view v, UgiSettings& s) {
  s.*o.field = v == "<empty>" ? "" : std::string(v);
  return absl::OkStatus();
}

struct UgiOption {
  const char* name;
  std::variant<Spin, Decimal, Combo<EngineKind, 2>, Combo<MctsLeaves, 2>, Combo<Evaluation, 3>,
               Path>
      kind;
};

const std::array<UgiOption, 10> kUgiOptions = {{
    {"engine", Combo<EngineKind, 2>{&UgiSettings::engine, &kUgiEngineNames}},
    {"hash", Spin{&UgiSettings::hash_mib, 1, kMaxTableMib}},
    {"threads", Spin{&UgiSettings::threads, 1, kMaxThreads}},
    {"multipv", Spin{&UgiSettings::multipv, 1, kMaxMultipv}},
    {"leaves", Combo<MctsLeaves, 2>{&UgiSettings::leaves, &kMctsLeavesNames}},
    {"exploration", Decimal{&UgiSettings::exploration, 0, kMaxExploration}},
    {"press", Decimal{&UgiSettings::press, 0, 1}},
    {"eval", Combo<Evaluation, 3>{&UgiSettings::evaluation, &kEvaluationNames}},
    {"evalfile", Path{&UgiSettings::evalfile}},
    {"tb", Path{&UgiSettings::tb}},
}};

const UgiOption* OptionNamed(absl::string_view name) {
  for (const UgiOption& option : kUgiOptions) {
    if (name == option.name) return &option;
  }
  return nullptr;
}

}  // namespace

std::vector<std::string> UgiOptionLines(const UgiSettings& settings) {
  std::vector<std::string> lines;
  for (const UgiOption& option : kUgiOptions) {
    const std::string declaration =
        std::visit([&](const auto& kind) { return Declaration(kind, settings); }, option.kind);
    lines.push_back(absl::StrCat("option name ", option.name, " ", declaration));
  }
  return lines;
}

absl::Status SetUgiOption(absl::string_view name, absl::string_view value, UgiSettings& settings) {
  const UgiOption* option = OptionNamed(name);
  if (option == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("setoption: unknown option ", Quoted(name)));
  }
  return std::visit([&](const auto& kind) { return Set(name, kind, value, settings); },
                    option->kind);
}

bool IsUgiOption(absl::string_view name) { return OptionNamed(name) != nullptr; }

std::string UgiOptionNames() {
  std::vector<const char*> names;
  for (const UgiOption& option : kUgiOptions) names.push_back(option.name);
  return absl::StrJoin(names, ", ");
}

}  // namespace lud64
