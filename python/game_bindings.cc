// lud64.games and lud64.Game.
#include <pybind11/stl.h>

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "boards/damdaman/damdaman_tensors.h"
#include "boards/davxar/davxar_tensors.h"
#include "boards/guettal/guettal_tensors.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "python/bindings.h"

namespace lud64::python {
namespace {

const SiteNames& Names(const GameHandle& game) {
  return std::visit([](const auto& g) -> const SiteNames& { return g.site_names(); }, game.game);
}

PositionHandle Start(const GamePtr& game) { return ParsePositionHandle(game, "start"); }

// Whether `value` is a numpy.`type` (numpy is there: the module needs it).
bool IsNumpy(py::handle value, const char* type) {
  return py::isinstance(value, py::module_::import("numpy").attr(type));
}

}  // namespace

[[noreturn]] void ThrowStatus(const absl::Status& status) {
  if (absl::IsCancelled(status)) {
    // What a signal handler raised stays (a program's own SIGINT handler).
    if (PyErr_Occurred() == nullptr) {
      PyErr_SetString(PyExc_KeyboardInterrupt, std::string(status.message()).c_str());
    }
    throw py::error_already_set();
  }
  throw py::value_error(std::string(status.message()));
}

GamePtr MakeGameHandle(absl::string_view spec) {
  absl::StatusOr<AnyGame> game = MakeGame(spec);
  if (!game.ok()) ThrowStatus(game.status());
  return std::visit(
      [&](const auto& g) {
        return std::make_shared<GameHandle>(
            GameHandle{*game, GameName(*game), ActionSpace(ActionDecisions(g)), Planes(g)});
      },
      *game);
}

PositionHandle ParsePositionHandle(const GamePtr& game, absl::string_view text) {
  return std::visit(
      [&](const auto& g) -> PositionHandle {
        auto position = ParsePosition(g, text);
        if (!position.ok()) ThrowStatus(position.status());
        return {game, AnyPosition(*position), std::nullopt};
      },
      game->game);
}

std::string DecisionText(const GameHandle& game, Decision d) {
  return FormatDecision(d, Names(game));
}

std::optional<py::int_> AsInt(py::handle value) {
  PyObject* object = value.ptr();
  if (PyBool_Check(object) || !PyIndex_Check(object)) return std::nullopt;
  // numpy.bool_ still has __index__ (deprecated), but is no more a number than True.
  if (!PyLong_Check(object) && IsNumpy(value, "bool_")) return std::nullopt;
  auto index = py::reinterpret_steal<py::int_>(PyNumber_Index(object));
  if (!index) {
    PyErr_Clear();
    return std::nullopt;
  }
  return index;
}

std::optional<int64_t> AsInteger(py::handle value) {
  const std::optional<py::int_> index = AsInt(value);
  if (!index) return std::nullopt;
  int overflow = 0;
  const long long result = PyLong_AsLongLongAndOverflow(index->ptr(), &overflow);
  if (overflow != 0) return overflow > 0 ? INT64_MAX : INT64_MIN;
  return result;
}

std::optional<double> AsFloat(py::handle value) {
  PyObject* object = value.ptr();
  if (PyFloat_Check(object)) return PyFloat_AS_DOUBLE(object);
  if (PyBool_Check(object)) return std::nullopt;
  if (PyLong_Check(object)) {
    const double result = PyLong_AsDouble(object);
    if (result != -1.0 || PyErr_Occurred() == nullptr) return result;
    PyErr_Clear();  // beyond a double, so beyond 64 bits: the overflow's sign
    int overflow = 0;
    PyLong_AsLongLongAndOverflow(object, &overflow);
    return overflow * std::numeric_limits<double>::infinity();
  }
  // numpy.bool_ has __float__ too; numpy's complex numbers would drop their
  // imaginary part (Python's have no __float__).
  if (IsNumpy(value, "bool_") || IsNumpy(value, "complexfloating")) return std::nullopt;
  const double result = PyFloat_AsDouble(object);  // __float__, or else __index__
  if (result == -1.0 && PyErr_Occurred() != nullptr) {
    if (!PyErr_ExceptionMatches(PyExc_TypeError)) throw py::error_already_set();
    PyErr_Clear();
    return std::nullopt;
  }
  return result;
}

double FloatArgument(py::handle value, absl::string_view name) {
  const std::optional<double> number = AsFloat(value);
  if (!number)
    throw py::type_error(absl::StrCat(name, ": expected a number, got ", TypeName(value)));
  return *number;
}

std::string TypeName(py::handle value) { return Py_TYPE(value.ptr())->tp_name; }

void RequireInitialized(py::handle object, const py::detail::type_info* type) {
  if (!object || type == nullptr || PyObject_TypeCheck(object.ptr(), type->type) == 0) return;
  auto* instance = reinterpret_cast<py::detail::instance*>(object.ptr());
  if (instance->get_value_and_holder(type).holder_constructed()) return;
  throw py::type_error(absl::StrCat(type->type->tp_name,
                                    ": an uninitialized object (made by __new__ without "
                                    "__init__ or __setstate__)"));
}

bool SignalRaised() {
  const py::gil_scoped_acquire acquire;
  return PyErr_CheckSignals() != 0;
}

const GamePtr& RequireGame(const GamePtr& game, absl::string_view argument) {
  if (game == nullptr) {
    throw py::type_error(absl::StrCat(argument, ": expected a lud64.Game, got None"));
  }
  return game;
}

Decision ReadDecision(const GameHandle& game, const py::object& decision) {
  if (py::isinstance<py::str>(decision)) {
    absl::StatusOr<Decision> parsed = ParseDecision(decision.cast<std::string>(), Names(game));
    if (!parsed.ok()) ThrowStatus(parsed.status());
    return *parsed;
  }
  const std::optional<int64_t> id = AsInteger(decision);
  if (!id) {
    throw py::type_error(absl::StrCat(
        "decision: expected an action id (int) or decision text (str), got ", TypeName(decision)));
  }
  if (*id < 0 || *id >= game.actions.size()) {
    throw py::value_error(absl::StrCat("action ", std::string(py::str(decision)), ": must be 0 to ",
                                       game.actions.size() - 1, " for ", game.name));
  }
  return game.actions.decision(static_cast<int>(*id));
}

void RegisterGames(py::module_& m) {
  m.def(
      "games",
      [] {
        std::vector<std::string> names;
        for (const GameInfo& info : KnownGames()) names.push_back(info.name);
        return names;
      },
      "The names of the games lud64 plays; lud64.Game(name) makes one, options after a colon.");

  // Position first (its methods come in RegisterPositions), so that the
  // signatures of Game.start and Game.position name lud64.Position.
  py::class_<PositionHandle>(m, "Position");
  py::class_<GameHandle, GamePtr>(m, "Game",
                                  R"(A game with its options, e.g. Game("davxar:pieces=6").

Unknown games or options raise ValueError with the engine's message.
Positions come from start() and position(text); learning code uses the fixed
action space (num_actions, action_id, action_text) and the planes layout
(planes_shape, plane_names), documented per game in help(lud64.Game.planes_shape).)")
      .def(py::init([](const std::string& spec) { return MakeGameHandle(spec); }), py::arg("spec"),
           "The game named `spec`: 'davxar', 'davxar:lines=ludii,pieces=6', 'damdaman', 'guettal'.")
      .def_property_readonly(
          "name", [](const GameHandle& g) { return g.name; },
          "The canonical name with options (Game(g.name) == g).")
      .def_property_readonly(
          "title",
          [](const GameHandle& g) {
            return std::visit([](const auto& game) { return std::string(game.kTitle); }, g.game);
          },
          "The Ludii ruleset and a one-line description.")
      .def_property_readonly(
          "sites",
          [](const GameHandle& g) {
            std::vector<std::string> names;
            for (int i = 0; i < Names(g).size(); ++i) names.push_back(Names(g)[i]);
            return names;
          },
          "The site names by index: the order of the sites in planes() and in actions.")
      .def(
          "start", [](const GamePtr& g) { return Start(RequireGame(g, "self")); },
          "The start position.")
      .def(
          "position",
          [](const GamePtr& g, const std::string& text) { return ParsePositionHandle(g, text); },
          py::arg("text"),
          "The position written `text` (the notation of `lud64 show`, or 'start'); a\n"
          "malformed text raises ValueError naming what is wrong.")
      .def_property_readonly(
          "num_actions", [](const GameHandle& g) { return g.actions.size(); },
          "The size of the fixed action space: ids 0 .. num_actions-1 name every decision\n"
          "the game can make (the forced pass included).")
      .def(
          "action_id",
          [](const GameHandle& g, const std::string& text) {
            const int id = g.actions.id(ReadDecision(g, py::str(text)));
            if (id < 0)
              throw py::value_error(
                  absl::StrCat("decision '", text, "': ", g.name, " never makes it"));
            return id;
          },
          py::arg("decision"), "The action id of a decision's text, e.g. 'E4-E3'.")
      .def(
          "action_text",
          [](const GameHandle& g, const py::object& id) {
            // As play() reads ids: numpy integers too, never a bool.
            const std::optional<int64_t> value = AsInteger(id);
            if (!value) {
              throw py::type_error(
                  absl::StrCat("id: expected an action id (int), got ", TypeName(id)));
            }
            return DecisionText(g, ReadDecision(g, py::int_(*value)));
          },
          py::arg("id"), "The text of action `id`.")
      .def_property_readonly(
          "planes_shape",
          [](const GameHandle& g) {
            py::list shape;
            shape.append(g.planes.names.size());
            for (int extent : g.planes.shape) shape.append(extent);
            return py::tuple(shape);
          },
          R"(The shape of Position.planes(): (planes, sites) or (planes, rows, columns).

Planes are seen by the player to move (own / opponent), values 0 or 1 unless noted.
  davxar   (6, 32): own, opponent, empty, own_hand, opponent_hand, remove; one value per
           point in site order (Game.sites: D4 E4 F4 D5 ...); the hands are the count in
           hand divided by the starting pieces; remove is 1 when the player to move removes.
  damdaman (3, 7, 7): own, opponent, empty; [row][column], row 0 at the bottom (A1).
  guettal  (4, 4, 9): own, opponent, open (empty, not blocked), blocked; [row][column].)")
      .def_property_readonly(
          "plane_names", [](const GameHandle& g) { return g.planes.names; },
          "The name of each plane of Position.planes(), in order.")
      .def("__repr__",
           [](const GameHandle& g) { return absl::StrCat("lud64.Game('", g.name, "')"); })
      // NotImplemented for other types, so that g == None is False, not a TypeError.
      .def("__eq__",
           [](const GameHandle& a, const py::object& b) -> py::object {
             if (!py::isinstance<GameHandle>(b)) {
               return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             }
             return py::bool_(a.name == b.cast<const GameHandle&>().name);
           })
      .def("__hash__", [](const GameHandle& g) { return std::hash<std::string>()(g.name); })
      .def(py::pickle([](const GameHandle& g) { return py::make_tuple(g.name); },
                      [](const py::tuple& t) { return MakeGameHandle(t[0].cast<std::string>()); }));
}

}  // namespace lud64::python
