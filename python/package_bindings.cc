// What issue 53's package adds to the compiled core beside lud64.SpielState:
// the batched environments of Pgx's shape (pgx_bindings.cc), the teacher
// and judge (teacher_bindings.cc, judge_bindings.cc), and books and tables
// (book_table_bindings.cc).
#include "python/bindings.h"

namespace lud64::python {

void RegisterPgx(py::module_& m);
void RegisterTeacher(py::module_& m);
void RegisterJudge(py::module_& m);
void RegisterBooksAndTables(py::module_& m);

void RegisterPackageExtras(py::module_& m) {
  RegisterPgx(m);
  RegisterTeacher(m);
  RegisterJudge(m);
  RegisterBooksAndTables(m);
  m.def(
      "_turn_limit", [] { return kTurnLimit; },
      "The turns after which every game is drawn (engine/player.h).");
}

}  // namespace lud64::python
