// The JSON answer of `lud64 tb probe --json`, shared with the Python module's
// lud64.probe.
#ifndef LUD64_PLAY_PROBE_JSON_H_
#define LUD64_PLAY_PROBE_JSON_H_

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/notation.h"
#include "tablebase/operations/tb_operations.h"

namespace lud64 {

// One JSON object: `value` and `turns` count with the position's own turn
// counter (the 2500-turn limit applied), `unlimited` without it.
template <Game G>
std::string ProbeJson(const G& game, int turn, const tablebase::TbProbeResult& r) {
  const SiteNames& names = game.site_names();
  const auto value = [](const tablebase::TbValue& v) {
    return absl::StrFormat(R"("value": "%s", "turns": %d)", tablebase::ResultName(v.result),
                           v.turns);
  };
  std::string json = absl::StrCat("{", value(r.under_limit));
  absl::StrAppend(
      &json, R"(, "plies": )",
      r.under_limit.result == tablebase::TbResult::kDraw ? -1 : static_cast<int>(r.line.size()));
  if (r.best) absl::StrAppend(&json, R"(, "best": ")", FormatDecision(*r.best, names), "\"");
  absl::StrAppend(&json, R"(, "decisions": [)");
  for (size_t i = 0; i < r.decisions.size(); ++i) {
    absl::StrAppend(&json, i ? ", " : "", R"({"decision": ")",
                    FormatDecision(r.decisions[i].decision, names), "\", ",
                    value(tablebase::UnderTurnLimit(r.decisions[i].value, turn)), "}");
  }
  absl::StrAppend(&json, R"(], "line": ")");
  for (size_t i = 0; i < r.line.size(); ++i)
    absl::StrAppend(&json, i ? " " : "", FormatDecision(r.line[i], names));
  absl::StrAppend(&json, R"(", "unlimited": {)", value(r.value), R"(}, "family": ")", r.family,
                  "\"}");
  return json;
}

}  // namespace lud64

#endif  // LUD64_PLAY_PROBE_JSON_H_
