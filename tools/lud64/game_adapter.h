// GameAdapter<G>: AnyGame for one game type, each command instantiated for G.
#ifndef LUD64_TOOLS_LUD64_GAME_ADAPTER_H_
#define LUD64_TOOLS_LUD64_GAME_ADAPTER_H_

#include <utility>

#include "tools/lud64/any_game.h"
#include "tools/lud64/bestmove_command.h"
#include "tools/lud64/match_command.h"
#include "tools/lud64/mcts_command.h"
#include "tools/lud64/perft_command.h"
#include "tools/lud64/playouts_command.h"
#include "tools/lud64/replay_command.h"
#include "tools/lud64/show_command.h"
#include "tools/lud64/solve_command.h"

namespace lud64 {

template <class G>
class GameAdapter final : public AnyGame {
 public:
  explicit GameAdapter(G game) : game_(std::move(game)) {}

  std::string name() const override { return game_.name(); }
  absl::Status Show(absl::string_view position, std::ostream& out) const override {
    return RunShow(game_, position, out);
  }
  absl::Status Perft(const PerftRequest& request, std::ostream& out,
                     std::ostream& progress) const override {
    return RunPerft(game_, request, out, progress);
  }
  absl::Status Replay(const ReplayRequest& request, std::istream& in,
                      std::ostream& out) const override {
    return RunReplay(game_, request, in, out);
  }
  absl::Status Playouts(const PlayoutsRequest& request, std::ostream& out,
                        std::ostream& progress) const override {
    return RunPlayoutsCommand(game_, request, out, progress);
  }
  absl::Status BestMove(const BestMoveRequest& request, std::ostream& out) const override {
    return RunBestMove(game_, request, out);
  }
  absl::Status BestMoveMcts(const MctsBestMoveRequest& request, std::ostream& out) const override {
    return RunMctsBestMove(game_, request, out);
  }
  absl::Status Match(const MatchRequest& request, std::ostream& out,
                     std::ostream& progress) const override {
    return RunMatch(game_, request, out, progress);
  }
  absl::Status Solve(const SolveRequest& request, std::ostream& out,
                     std::ostream& progress) const override {
    return RunSolve(game_, request, out, progress);
  }
  absl::StatusOr<uint64_t> CountPerft(absl::string_view position, int depth) const override {
    absl::StatusOr<typename G::Position> start = ParsePosition(game_, position);
    if (!start.ok()) return start.status();
    return lud64::Perft(game_, *start, depth);
  }
  absl::StatusOr<PlayoutRun> RunPlayouts(absl::string_view position,
                                         const PlayoutRequest& request) const override {
    absl::StatusOr<typename G::Position> start = ParsePosition(game_, position);
    if (!start.ok()) return start.status();
    return lud64::RunPlayouts(game_, *start, request, [](uint64_t, double) {});
  }

 private:
  G game_;
};

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_GAME_ADAPTER_H_
