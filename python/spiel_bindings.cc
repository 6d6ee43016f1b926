// lud64.SpielState, the C++ half of OpenSpiel's shape (lud64/spiel.py adds
// the game object, serialization and the rest in Python). The methods a
// Python loop calls every decision (legal_actions, apply_action,
// is_terminal, current_player) read their arguments and build their results
// with the C API: pybind11's generic conversions cost more than the move.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "boards/damdaman/damdaman_tensors.h"
#include "boards/davxar/davxar_tensors.h"
#include "boards/guettal/guettal_tensors.h"
#include "engine/position_text.h"
#include "python/spiel_state.h"

namespace lud64::python {

void SpielStateHandle::KnowLegal() {
  if (legal_known) return;
  legal.clear();
  legal_bits.fill(0);
  Visit(*game, position, [&](const auto& g, const auto& p) {
    DecisionList list;
    LegalDecisions(g, p, list);
    for (Decision d : list) {
      const int id = game->actions.id(d);
      legal.push_back(id);
      legal_bits[id >> 6] |= uint64_t{1} << (id & 63);
    }
  });
  legal_known = true;
}

void SpielStateHandle::ApplyLegal(int id) {
  previous.push_back(position);
  history.push_back(id);
  const Decision decision = game->actions.decision(id);
  std::visit(
      [&](const auto& g) {
        using G = std::decay_t<decltype(g)>;
        Apply(g, std::get<typename G::Position>(position), decision);
      },
      game->game);
  legal_known = false;
}

namespace {

std::string StateText(const SpielStateHandle& s) {
  return Visit(*s.game, s.position,
               [](const auto& g, const auto& p) { return FormatPosition(g, p); });
}

// An action id argument: an int (numpy integers too), never a bool.
int ActionArgument(py::handle value, const char* name) {
  PyObject* object = value.ptr();
  if (PyLong_CheckExact(object)) {
    int overflow = 0;
    const long id = PyLong_AsLongAndOverflow(object, &overflow);
    if (overflow == 0 && id >= INT32_MIN && id <= INT32_MAX) return static_cast<int>(id);
    return INT32_MAX;  // out of every range
  }
  const std::optional<int64_t> id = AsInteger(value);
  if (!id) {
    throw py::type_error(
        absl::StrCat(name, ": expected an action id (int), got ", TypeName(value)));
  }
  return static_cast<int>(std::clamp<int64_t>(*id, INT32_MIN, INT32_MAX));
}

// "17 (E4-E3)".
std::string ActionName(const SpielStateHandle& s, int id) {
  return absl::StrCat(id, " (", DecisionText(*s.game, s.game->actions.decision(id)), ")");
}

void RequireLegal(SpielStateHandle& s, int id, const char* name) {
  if (s.IsLegalId(id)) return;
  if (s.state().over()) {
    throw py::value_error(absl::StrCat(name, "(", id, "): the game is over (", StateText(s), ")"));
  }
  std::vector<std::string> legal;
  for (int a : s.legal) legal.push_back(ActionName(s, a));
  const bool known = id >= 0 && id < s.game->actions.size();
  throw py::value_error(
      absl::StrCat(name, ": action ", known ? ActionName(s, id) : std::to_string(id),
                   " is illegal in ", StateText(s), "; legal: ", absl::StrJoin(legal, ", ")));
}

py::object LegalActions(SpielStateHandle& s) {
  s.KnowLegal();
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(s.legal.size()));
  if (list == nullptr) throw py::error_already_set();
  for (size_t i = 0; i < s.legal.size(); ++i) {
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), PyLong_FromLong(s.legal[i]));
  }
  return py::reinterpret_steal<py::object>(list);
}

py::array_t<int8_t> LegalActionsMask(SpielStateHandle& s) {
  s.KnowLegal();
  py::array_t<int8_t> mask(s.game->actions.size());
  int8_t* out = mask.mutable_data();
  std::fill(out, out + s.game->actions.size(), int8_t{0});
  for (int id : s.legal) out[id] = 1;
  return mask;
}

int CurrentPlayer(const SpielStateHandle& s) {
  const TurnState& state = s.state();
  return state.over() ? kTerminalPlayer : Index(state.to_move);
}

// Each player's return: +1 a win, -1 a loss, 0 a draw or while it goes on.
std::vector<double> Returns(const SpielStateHandle& s) {
  const TurnState& state = s.state();
  if (!state.over() || state.outcome == Outcome::kDraw) return {0.0, 0.0};
  const bool first = state.outcome == Outcome::kP1Wins;
  return {first ? 1.0 : -1.0, first ? -1.0 : 1.0};
}

py::array_t<float> ObservationTensor(const SpielStateHandle& s,
                                     const std::optional<Int<int, "player">>& player) {
  if (player) {
    const int p = player->value;
    if (p != Index(s.state().to_move)) {
      throw py::value_error(absl::StrCat("player=", p,
                                         ": lud64's planes are seen by the player to ", "move, ",
                                         Index(s.state().to_move)));
    }
  }
  py::array_t<float> planes(s.game->planes.size());
  Visit(*s.game, s.position,
        [&](const auto& g, const auto& p) { WritePlanes(g, p, planes.mutable_data()); });
  return planes;
}

PositionHandle PositionOf(const SpielStateHandle& s) {
  std::optional<Decision> last;
  if (!s.history.empty()) last = s.game->actions.decision(s.history.back());
  return {s.game, s.position, last};
}

// The methods called every decision, as plain C functions on the class:
// pybind11's dispatch (overloads, casters) costs several times the work.
SpielStateHandle& Self(PyObject* self) {
  auto* instance = reinterpret_cast<py::detail::instance*>(self);
  if (instance->simple_layout) {
    if (!instance->simple_holder_constructed) {
      throw py::type_error(
          "lud64.SpielState: an uninitialized object (made by __new__ without __init__ or "
          "__setstate__)");
    }
    return *static_cast<SpielStateHandle*>(instance->simple_value_holder[0]);
  }
  return py::cast<SpielStateHandle&>(py::handle(self));
}

// Calls f(), turning C++ exceptions into Python's; nullptr then.
template <class F>
PyObject* Guarded(F&& f) {
  try {
    return f();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (py::builtin_exception& e) {
    e.set_error();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

PyObject* FastLegalActions(PyObject* self, PyObject*) {
  return Guarded([&] { return LegalActions(Self(self)).release().ptr(); });
}
PyObject* FastApplyAction(PyObject* self, PyObject* action) {
  return Guarded([&] {
    SpielStateHandle& s = Self(self);
    const int id = ActionArgument(action, "action");
    RequireLegal(s, id, "apply_action");
    s.ApplyLegal(id);
    Py_RETURN_NONE;
  });
}
PyObject* FastIsTerminal(PyObject* self, PyObject*) {
  return Guarded([&] { return PyBool_FromLong(Self(self).state().over() ? 1 : 0); });
}
PyObject* FastCurrentPlayer(PyObject* self, PyObject*) {
  return Guarded([&] { return PyLong_FromLong(CurrentPlayer(Self(self))); });
}

PyMethodDef kFastMethods[] = {
    {"legal_actions", &FastLegalActions, METH_NOARGS,
     "legal_actions($self, /)\n--\n\nThe legal action ids, in generation order ([] once the "
     "game is over)."},
    {"apply_action", &FastApplyAction, METH_O,
     "apply_action($self, action, /)\n--\n\nPlays `action` in place; an illegal action, or any "
     "once the game is over, raises ValueError naming it and the legal ones."},
    {"is_terminal", &FastIsTerminal, METH_NOARGS,
     "is_terminal($self, /)\n--\n\nWhether the game is over."},
    {"current_player", &FastCurrentPlayer, METH_NOARGS,
     "current_player($self, /)\n--\n\n0 or 1, the player to move; lud64.TERMINAL (-4) once "
     "the game is over."},
};

void AddFastMethods(const py::object& cls) {
  for (PyMethodDef& def : kFastMethods) {
    auto descriptor = py::reinterpret_steal<py::object>(
        PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(cls.ptr()), &def));
    if (!descriptor) throw py::error_already_set();
    cls.attr(def.ml_name) = descriptor;
  }
}

}  // namespace

void RegisterSpielState(py::module_& m) {
  py::class_<SpielStateHandle>(m, "SpielState",
                               R"(A game state with OpenSpiel's names, changed in place.

Made by lud64.load_game(name).new_initial_state() (lud64/spiel.py). Players
are 0 (P1) and 1 (P2); current_player() is lud64.TERMINAL (-4) once the game
is over. Actions are the ids of the game's fixed action space.)")
      .def(py::init([](const PositionHandle& p) { return SpielStateHandle(p.game, p.position); }),
           py::arg("position"), "The state at a lud64.Position, with an empty history.")
      .def("legal_actions_mask", &LegalActionsMask,
           "numpy int8 [num_distinct_actions]: 1 for the legal actions.")
      .def(
          "undo_action",
          [](SpielStateHandle& s, Int<int, "player"> player, Int<int, "action"> action) {
            const int id = action.value;
            if (s.history.empty() || s.history.back() != id) {
              throw py::value_error(absl::StrCat(
                  "undo_action: action ", id, " is not the last action played (",
                  s.history.empty() ? std::string("none") : std::to_string(s.history.back()), ")"));
            }
            const int who = player.value;
            const int mover =
                std::visit([](const auto& p) { return Index(p.state.to_move); }, s.previous.back());
            if (who != mover) {
              throw py::value_error(absl::StrCat("undo_action: player ", who,
                                                 " did not play it, player ", mover, " did"));
            }
            s.position = s.previous.back();
            s.previous.pop_back();
            s.history.pop_back();
            s.legal_known = false;
          },
          py::arg("player"), py::arg("action"),
          "Takes back the last action (OpenSpiel's UndoAction(player, action)).")
      .def("returns", &Returns, "[P1's, P2's]: 1 a win, -1 a loss, 0 a draw or while it goes on.")
      .def(
          "history", [](const SpielStateHandle& s) { return s.history; },
          "The action ids played from the initial state.")
      .def(
          "move_number", [](const SpielStateHandle& s) { return s.history.size(); },
          "The number of actions played.")
      .def("observation_tensor", &ObservationTensor, py::arg("player") = py::none(),
           "The planes of Position.planes(), flat (float32, observation_tensor_shape() in\n"
           "all), seen by the player to move.")
      .def("position", &PositionOf, "The current position as an immutable lud64.Position.")
      .def(
          "initial_position",
          [](const SpielStateHandle& s) {
            return PositionHandle{s.game, s.start, std::nullopt};
          },
          "The position the history starts from.")
      .def("_copy", [](const SpielStateHandle& s) { return SpielStateHandle(s); })
      .def_property_readonly(
          "_game", [](const SpielStateHandle& s) { return s.game; }, "The lud64.Game.")
      .def("__str__", &StateText);
  AddFastMethods(m.attr("SpielState"));
}

}  // namespace lud64::python
