#include "play/opening_score.h"

#include <utility>

namespace lud64 {

absl::StatusOr<OpeningScorer> OpeningScorer::Make(const AnyGame& game, int depth) {
  absl::StatusOr<std::unique_ptr<EngineSession>> session = MakeEngineSession(game, {});
  if (!session.ok()) return session.status();
  if (absl::Status status = (*session)->CanSearch(); !status.ok()) return status;
  return OpeningScorer(std::move(*session), depth);
}

absl::StatusOr<Score> OpeningScorer::ScoreAfter(absl::string_view line, StopFlag stop) {
  // NewGame empties the table: the score depends on the line alone.
  if (absl::Status status = session_->NewGame("start", line); !status.ok()) return status;
  absl::StatusOr<EngineAnswer> answer = session_->Search({.depth = depth_}, stop);
  if (!answer.ok()) return answer.status();
  if (Stopping(stop)) return absl::CancelledError("stopped while scoring openings");
  return answer->info.score;
}

}  // namespace lud64
