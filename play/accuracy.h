// How often engines throw away the exact value of a position, measured
// against endgame tables (`lud64 accuracy`). A critical position is one the
// tables hold where the player to move is not lost and at least one decision
// changes the exact value, so that a slip is possible; each engine decides
// there without tables, and the tables judge the decision.
#ifndef LUD64_PLAY_ACCURACY_H_
#define LUD64_PLAY_ACCURACY_H_

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "boards/game_list.h"
#include "engine/stop.h"
#include "play/engine_spec.h"
#include "tablebase/slice.h"

namespace lud64 {

// Placement while either side has pieces in hand, else movement.
enum class GamePhase : uint8_t { kPlacement, kMovement };
inline constexpr int kGamePhases = 2;
const char* PhaseName(GamePhase phase);

struct AccuracyRequest {
  std::vector<EngineSpec> engines;  // none may use tables
  std::string tables;               // "" for the default directory
  int positions = 100;              // critical positions to sample
  uint64_t seed = 1;
  bool placement = true;  // which phases to sample
  bool movement = true;
  // Instead of sampling: a file of positions, one a line in the book format
  // (opening_book.h); lines whose position is not critical are skipped.
  std::string positions_file;
  StopFlag stop = nullptr;  // set (Ctrl-C): the report counts what was measured
};

// What one engine did in a set of critical positions.
struct AccuracyCount {
  int decisions = 0;
  int lost = 0;    // the value thrown away: a win to a draw or a loss, a draw to a loss
  int slower = 0;  // a win kept, in more turns than the fastest
  AccuracyCount& operator+=(const AccuracyCount& other);
};

// The value at a critical position for the player to move.
enum class CriticalValue : uint8_t { kWin, kDraw };
inline constexpr int kCriticalValues = 2;

struct EngineAccuracy {
  std::string engine;  // as specified
  // By phase and by the position's value.
  std::array<std::array<AccuracyCount, kCriticalValues>, kGamePhases> cells{};
  double seconds = 0;  // spent deciding
  AccuracyCount Total() const;
  AccuracyCount OfPhase(GamePhase phase) const;
  AccuracyCount OfValue(CriticalValue value) const;
};

// A critical position and each engine's decision there.
struct CriticalRecord {
  std::string position;  // position text
  GamePhase phase = GamePhase::kMovement;
  tablebase::TbValue value;                  // exact, under the turn limit, for the player to move
  std::vector<std::string> decisions;        // one per engine, in notation
  std::vector<tablebase::TbValue> outcomes;  // the value each decision keeps
};

struct AccuracyReport {
  std::string game;
  std::vector<CriticalRecord> positions;
  std::vector<EngineAccuracy> engines;
  int random_games = 0;          // played to sample the positions
  int skipped_not_critical = 0;  // lines of a positions file
  bool stopped = false;          // by a stop request: the counts so far
};

// Progress for people, about once a second.
using AccuracyProgress = std::function<void(const std::string& line)>;

// Samples critical positions and asks each engine for its decision. Errors
// (InvalidArgument): an engine that uses tables, a game without tables or
// tables that do not hold the positions, a positions file that cannot be read,
// an engine that fails or decides illegally.
absl::StatusOr<AccuracyReport> MeasureAccuracy(const AnyGame& game, const AccuracyRequest& request,
                                               const AccuracyProgress& progress);

}  // namespace lud64

#endif  // LUD64_PLAY_ACCURACY_H_
