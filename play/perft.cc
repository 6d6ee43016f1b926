// Perft over AnyGame (perft.h): search/perft.h, instantiated here once per game.
#include "play/perft.h"

#include <type_traits>
#include <variant>

#include "search/perft.h"

namespace lud64 {

uint64_t CountPerft(const AnyGame& game, const AnyPosition& position, int depth, StopFlag stop) {
  return std::visit(
      [&](const auto& g) -> uint64_t {
        using G = std::decay_t<decltype(g)>;
        return Perft(g, std::get<typename G::Position>(position), depth, stop);
      },
      game);
}

PerftDepths CountPerftByDepth(const AnyGame& game, const AnyPosition& position, int depth,
                              StopFlag stop, const PerftProgress& progress) {
  return std::visit(
      [&](const auto& g) {
        using G = std::decay_t<decltype(g)>;
        const typename G::Position& at = std::get<typename G::Position>(position);
        PerftDepths result;
        for (int d = 1; d <= depth; ++d) {
          PerftDivide divide = PerftByDecision(
              g, at, d,
              [&](int done, int of) {
                if (progress.root_done) progress.root_done(d, done, of);
              },
              stop);
          result.divide = std::move(divide.children);
          if (!divide.complete) {
            result.complete = false;
            break;
          }
          result.counts.push_back(divide.total);
          if (progress.depth_done) progress.depth_done(d, divide.total);
        }
        return result;
      },
      game);
}

}  // namespace lud64
