// The names an enumeration's values go by in every front-end (engine specs,
// flags, the UGI protocol, Python): one table per enumeration, so that names
// are parsed, and an unknown one answered, the same way everywhere.
#ifndef LUD64_ENGINE_NAMED_VALUES_H_
#define LUD64_ENGINE_NAMED_VALUES_H_

#include <array>
#include <cstddef>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace lud64 {

template <class E>
struct NamedValue {
  E value;
  const char* name;
};

template <class E, size_t N>
using NameTable = std::array<NamedValue<E>, N>;

// The name of `value` ("" for a value the table leaves out).
template <class E, size_t N>
constexpr const char* NameOf(const NameTable<E, N>& table, E value) {
  for (const NamedValue<E>& entry : table) {
    if (entry.value == value) return entry.name;
  }
  return "";
}

// The value `name` names; nothing for another text.
template <class E, size_t N>
std::optional<E> ValueNamed(const NameTable<E, N>& table, absl::string_view name) {
  for (const NamedValue<E>& entry : table) {
    if (name == entry.name) return entry.value;
  }
  return std::nullopt;
}

// What an unknown name is told: "learned or classic", "a, b or c".
template <class E, size_t N>
std::string NameChoices(const NameTable<E, N>& table) {
  std::string text;
  for (size_t i = 0; i < N; ++i) {
    absl::StrAppend(&text, i == 0 ? "" : i + 1 == N ? " or " : ", ", table[i].name);
  }
  return text;
}

}  // namespace lud64

#endif  // LUD64_ENGINE_NAMED_VALUES_H_
