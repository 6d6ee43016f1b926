// The damdaman tables' builder, compiled once for the program (builder.h,
// LUD64_TABLEBASE_BUILDER).
#include "tablebase/games/damdaman_tablebase.h"
#include "tablebase/solve/builder.h"

namespace lud64::tablebase {
LUD64_TABLEBASE_BUILDER(damdaman::DamdamanTb, )
}  // namespace lud64::tablebase
