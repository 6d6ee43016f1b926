// lud64._core, the compiled core of the package `lud64` (python/src/lud64/):
// the games, positions, batch environments, engines and pictures of lud64 for
// Python (python/README section of the top README).
#include "python/bindings.h"

namespace py = pybind11;

PYBIND11_MODULE(_core, m) {
  m.doc() =
      "lud64: exact and fast Guettal, Damdaman and Davxar Zirge for research.\n\n"
      "  g = lud64.Game('davxar:pieces=6')      # lud64.games() lists the games\n"
      "  p = g.start().play('E4')                # immutable positions\n"
      "  p.legal(), p.legal_mask(), p.planes()   # decisions, and tensors for learning\n"
      "  env = lud64.BatchEnv(g, 4096, seed=1)   # batched environments stepped in C++\n"
      "  lud64.perft(p, 4), lud64.playouts(g, count=1000), lud64.bestmove(p, time=1)\n"
      "  lud64.solve(p), lud64.probe(p, tb=dir)  # proofs and endgame tables\n\n"
      "Long calls release the GIL and stop on Ctrl-C (KeyboardInterrupt).";
  // The classes and functions are registered as the package's own
  // (lud64.Position, not lud64._core.Position): their docstrings, reprs and
  // pickles name what users import.
  const py::object name = m.attr("__name__");
  m.attr("__name__") = "lud64";
  lud64::python::RegisterGames(m);
  lud64::python::RegisterPositions(m);
  lud64::python::RegisterBatchEnv(m);
  lud64::python::RegisterAnalysis(m);
  lud64::python::RegisterSpielState(m);
  lud64::python::RegisterPackageExtras(m);
  m.attr("__name__") = name;
}
