#include "tools/lud64/ugi/ugi_options.h"

#include <array>
#include <cstddef>
#include <optional>

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

// The `var` words of a combo option over `names`.
template <class T, size_t N>
std::string Vars(const NameTable<T, N>& names) {
  std::string vars;
  for (const NamedValue<T>& entry : names) absl::StrAppend(&vars, " var ", entry.name);
  return vars;
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

// A path option's text: "<empty>" is none.
std::string PathText(const std::string& path) { return path.empty() ? "<empty>" : path; }
std::string PathOf(absl::string_view text) { return text == "<empty>" ? "" : std::string(text); }

struct UgiOption {
  const char* name;
  // The handshake line's words after `option name <name> `.
  std::string (*declaration)(const UgiSettings&);
  absl::Status (*set)(absl::string_view value, UgiSettings&);
};

// UGI's option types have no decimal number: `exploration` and `press` are
// strings read as numbers.
const std::array<UgiOption, 10> kUgiOptions = {{
    {"engine",
     [](const UgiSettings& s) {
       return absl::StrCat("type combo default ", NameOf(kUgiEngineNames, s.engine),
                           Vars(kUgiEngineNames));
     },
     [](absl::string_view v, UgiSettings& s) {
       return Assign(ReadCombo("engine", kUgiEngineNames, v), s.engine);
     }},
    {"hash",
     [](const UgiSettings& s) {
       return absl::StrCat("type spin default ", s.hash_mib, " min 1 max ", kMaxTableMib);
     },
     [](absl::string_view v, UgiSettings& s) {
       return Assign(ReadSpin("hash", v, 1, kMaxTableMib), s.hash_mib);
     }},
    {"threads",
     [](const UgiSettings& s) {
       return absl::StrCat("type spin default ", s.threads, " min 1 max ", kMaxThreads);
     },
     [](absl::string_view v, UgiSettings& s) {
       return Assign(ReadSpin("threads", v, 1, kMaxThreads), s.threads);
     }},
    {"multipv",
     [](const UgiSettings& s) {
       return absl::StrCat("type spin default ", s.multipv, " min 1 max ", kMaxMultipv);
     },
     [](absl::string_view v, UgiSettings& s) {
       return Assign(ReadSpin("multipv", v, 1, kMaxMultipv), s.multipv);
     }},
    {"leaves",
     [](const UgiSettings& s) {
       return absl::StrCat("type combo default ", NameOf(kMctsLeavesNames, s.leaves),
                           Vars(kMctsLeavesNames));
     },
     [](absl::string_view v, UgiSettings& s) {
       return Assign(ReadCombo("leaves", kMctsLeavesNames, v), s.leaves);
     }},
    {"exploration",
     [](const UgiSettings& s) { return absl::StrCat("type string default ", s.exploration); },
     [](absl::string_view v, UgiSettings& s) {
       return Assign(ReadDecimal("exploration", v, 0, kMaxExploration), s.exploration);
     }},
    {"press", [](const UgiSettings& s) { return absl::StrCat("type string default ", s.press); },
     [](absl::string_view v, UgiSettings& s) {
       return Assign(ReadDecimal("press", v, 0, 1), s.press);
     }},
    {"eval",
     [](const UgiSettings& s) {
       return absl::StrCat("type combo default ", NameOf(kEvaluationNames, s.evaluation),
                           Vars(kEvaluationNames));
     },
     [](absl::string_view v, UgiSettings& s) {
       return Assign(ReadCombo("eval", kEvaluationNames, v), s.evaluation);
     }},
    {"evalfile",
     [](const UgiSettings& s) {
       return absl::StrCat("type string default ", PathText(s.evalfile));
     },
     [](absl::string_view v, UgiSettings& s) {
       s.evalfile = PathOf(v);
       return absl::OkStatus();
     }},
    {"tb",
     [](const UgiSettings& s) { return absl::StrCat("type string default ", PathText(s.tb)); },
     [](absl::string_view v, UgiSettings& s) {
       s.tb = PathOf(v);
       return absl::OkStatus();
     }},
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
    lines.push_back(absl::StrCat("option name ", option.name, " ", option.declaration(settings)));
  }
  return lines;
}

absl::Status SetUgiOption(absl::string_view name, absl::string_view value, UgiSettings& settings) {
  const UgiOption* option = OptionNamed(name);
  if (option == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("setoption: unknown option ", Quoted(name)));
  }
  return option->set(value, settings);
}

bool IsUgiOption(absl::string_view name) { return OptionNamed(name) != nullptr; }

std::string UgiOptionNames() {
  std::vector<const char*> names;
  for (const UgiOption& option : kUgiOptions) names.push_back(option.name);
  return absl::StrJoin(names, ", ");
}

}  // namespace lud64
