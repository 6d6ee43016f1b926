// lud64.Position.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <functional>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "boards/damdaman/damdaman_tensors.h"
#include "boards/davxar/davxar_tensors.h"
#include "boards/guettal/guettal_tensors.h"
#include "engine/board_svg.h"
#include "engine/position_text.h"
#include "python/bindings.h"

namespace lud64::python {
namespace {

std::string PositionText(const PositionHandle& p) {
  return Visit(
      p, [](const auto& game, const auto& position) { return FormatPosition(game, position); });
}

std::vector<Decision> Legal(const PositionHandle& p) {
  return Visit(p, [](const auto& game, const auto& position) {
    DecisionList list;
    LegalDecisions(game, position, list);
    return std::vector<Decision>(list.begin(), list.end());
  });
}

PositionHandle Play(const PositionHandle& p, const py::object& decision_object) {
  const Decision decision = ReadDecision(*p.game, decision_object);
  return Visit(p, [&](const auto& game, const auto& position) -> PositionHandle {
    if (!IsLegal(game, position, decision)) {
      throw py::value_error(absl::StrCat("decision '", DecisionText(*p.game, decision),
                                         "' is illegal in ", FormatPosition(game, position)));
    }
    auto next = position;
    Apply(game, next, decision);
    return {p.game, AnyPosition(next), decision};
  });
}

py::array_t<bool> PositionLegalMask(const PositionHandle& p) {
  py::array_t<bool> mask(p.game->actions.size());
  bool* out = mask.mutable_data();
  std::fill(out, out + p.game->actions.size(), false);
  for (Decision d : Legal(p)) out[p.game->actions.id(d)] = true;
  return mask;
}

py::array_t<float> Planes(const PositionHandle& p) {
  std::vector<py::ssize_t> shape = {static_cast<py::ssize_t>(p.game->planes.names.size())};
  for (int extent : p.game->planes.shape) shape.push_back(extent);
  py::array_t<float> planes(shape);
  Visit(p, [&](const auto& game, const auto& position) {
    WritePlanes(game, position, planes.mutable_data());
  });
  return planes;
}

std::string Svg(const PositionHandle& p) {
  return Visit(p, [&](const auto& game, const auto& position) {
    return SvgPicture(game, position, p.last);
  });
}

// Python's spelling of the outcome: 'p1', 'p2', 'draw', None while ongoing.
std::optional<std::string> OutcomeText(const TurnState& state) {
  if (!state.over()) return std::nullopt;
  return absl::AsciiStrToLower(OutcomeName(state.outcome));
}

const TurnState& State(const PositionHandle& p) {
  return Visit(
      p, [](const auto&, const auto& position) -> const TurnState& { return position.state; });
}

// Whether a pickled result is one the rules give for `shown`, the position
// parsed from the pickled text (so with the result its text shows): that
// result, or, right after a pass, the end that pass made when the player to
// move had passed before it (engine/game.h, Apply), which the text cannot show.
template <Game G>
bool ResultFits(const G& game, const typename G::Position& shown, Outcome outcome, EndReason end) {
  const TurnState& state = shown.state;
  if (outcome == state.outcome && end == state.end) return true;
  if (!state.passed || game.mid_turn(shown)) return false;
  DecisionList list;  // two passes in a row: the player to move had none on this board
  game.generate(shown, list);
  if (!list.empty()) return false;
  const Outcome own = game.rule_outcome(shown, Opponent(state.to_move), true);
  if (own != Outcome::kOngoing) return outcome == own && end == EndReason::kOwnRule;
  return outcome == Outcome::kDraw && end == EndReason::kAllPass;
}

// __setstate__: (game name, text, outcome, end reason) as __getstate__ wrote
// them; a ValueError for anything else, since pickles can be edited or stale.
PositionHandle Unpickle(const py::tuple& t) {
  if (t.size() != 4) {
    throw py::value_error(absl::StrCat("Position state: expected 4 fields (game, text, outcome, ",
                                       "end), got ", t.size()));
  }
  const char* const kFields[] = {"game", "text", "outcome", "end"};
  for (int i = 0; i < 4; ++i) {
    const bool ok = i < 2 ? py::isinstance<py::str>(t[i]) : AsInteger(t[i]).has_value();
    if (!ok) {
      throw py::value_error(absl::StrCat("Position state: ", kFields[i], " must be ",
                                         i < 2 ? "a str" : "an int", ", got ", TypeName(t[i])));
    }
  }
  const int64_t outcome = *AsInteger(t[2]), end = *AsInteger(t[3]);
  if (outcome < 0 || outcome > static_cast<int>(Outcome::kDraw) || end < 0 ||
      end > static_cast<int>(EndReason::kTurnLimit)) {
    throw py::value_error(absl::StrCat("Position state: outcome ", outcome, " and end ", end,
                                       ": must be 0 to 3 each"));
  }
  PositionHandle p =
      ParsePositionHandle(MakeGameHandle(t[0].cast<std::string>()), t[1].cast<std::string>());
  Visit(p, [&](const auto& game, const auto& shown) {
    if (!ResultFits(game, shown, static_cast<Outcome>(outcome), static_cast<EndReason>(end))) {
      throw py::value_error(absl::StrCat("Position state: outcome ", outcome, " and end ", end,
                                         " do not follow the rules in '",
                                         FormatPosition(game, shown), "'"));
    }
  });
  std::visit(
      [&](auto& position) {
        position.state.outcome = static_cast<Outcome>(outcome);
        position.state.end = static_cast<EndReason>(end);
      },
      p.position);
  return p;
}

}  // namespace

void RegisterPositions(py::module_& m) {
  auto position_class = py::reinterpret_borrow<py::class_<PositionHandle>>(m.attr("Position"));
  position_class.attr("__doc__") = R"(An immutable position of a game.

Made by Game.start(), Game.position(text) and Position.play(decision). Equal
positions have equal text; pickling stores the game's name and the text (and
how a finished game ended, which the text cannot always show).)";
  position_class
      .def_property_readonly(
          "game", [](const PositionHandle& p) { return p.game; }, "The game.")
      .def("text", &PositionText, "The position's text (engine/RULES.md notation).")
      .def("__str__", &PositionText)
      .def("__repr__",
           [](const PositionHandle& p) {
             return absl::StrCat("lud64.Game('", p.game->name, "').position('", PositionText(p),
                                 "')");
           })
      // NotImplemented for other types, so that p == 5 is False, not a TypeError.
      .def("__eq__",
           [](const PositionHandle& a, const py::object& other) -> py::object {
             if (!py::isinstance<PositionHandle>(other)) {
               return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             }
             const PositionHandle& b = other.cast<const PositionHandle&>();
             return py::bool_(a.game->name == b.game->name && a.position == b.position);
           })
      .def("__hash__",
           [](const PositionHandle& p) {
             return std::hash<std::string>()(absl::StrCat(p.game->name, "|", PositionText(p)));
           })
      // The text, and the end of a finished game, which the text does not
      // always show (an end right after a pass).
      .def(py::pickle(
          [](const PositionHandle& p) {
            const TurnState& state = State(p);
            return py::make_tuple(p.game->name, PositionText(p), static_cast<int>(state.outcome),
                                  static_cast<int>(state.end));
          },
          &Unpickle))
      .def_property_readonly(
          "to_move",
          [](const PositionHandle& p) { return State(p).to_move == Player::kP1 ? "p1" : "p2"; },
          "'p1' or 'p2': the player to move (in a finished game, the one who would move).")
      .def_property_readonly(
          "is_over", [](const PositionHandle& p) { return State(p).over(); },
          "Whether the game is over.")
      .def_property_readonly(
          "outcome", [](const PositionHandle& p) { return OutcomeText(State(p)); },
          "'p1' or 'p2' (the winner), 'draw', or None while the game goes on.")
      .def_property_readonly(
          "end_reason",
          [](const PositionHandle& p) -> std::optional<std::string> {
            if (!State(p).over()) return std::nullopt;
            return EndReasonName(State(p).end);
          },
          "Why the game ended: 'own rule', 'all-pass' or 'turn limit'; None while it goes on.")
      .def_property_readonly(
          "turn", [](const PositionHandle& p) { return State(p).turn; },
          "Turns played (the turn counter of the shared rules; the game draws at 2500).")
      .def_property_readonly(
          "last",
          [](const PositionHandle& p) -> std::optional<std::string> {
            if (!p.last) return std::nullopt;
            return DecisionText(*p.game, *p.last);
          },
          "The decision play() made to reach this position, or None.")
      .def(
          "legal",
          [](const PositionHandle& p) {
            std::vector<std::string> texts;
            for (Decision d : Legal(p)) texts.push_back(DecisionText(*p.game, d));
            return texts;
          },
          "The legal decisions as text, in generation order ('pass' when forced; [] when over).")
      .def(
          "legal_actions",
          [](const PositionHandle& p) {
            std::vector<int> ids;
            for (Decision d : Legal(p)) ids.push_back(p.game->actions.id(d));
            return ids;
          },
          "The legal decisions as action ids, in the order of legal().")
      .def("legal_mask", &PositionLegalMask,
           "A numpy bool array of Game.num_actions values, True for the legal actions.")
      .def("planes", &Planes,
           "The position as float32 planes of shape Game.planes_shape, seen by the player to\n"
           "move (layout: help(lud64.Game.planes_shape)).")
      .def("play", &Play, py::arg("decision"),
           "The position after `decision` (its text, e.g. 'E4', 'D3-D4', 'xE3', 'pass', or an\n"
           "action id). An illegal or unparsable decision raises ValueError.")
      .def(
          "draw",
          [](const PositionHandle& p) {
            return Visit(
                p, [](const auto& game, const auto& position) { return Draw(game, position); });
          },
          "The board as text, as `lud64 show` prints it.")
      .def("svg", &Svg,
           "The board as an SVG picture (the last decision highlighted), as `lud64 show --svg`.")
      .def("_repr_svg_", &Svg, "Jupyter shows positions as their board picture.");
}

}  // namespace lud64::python
