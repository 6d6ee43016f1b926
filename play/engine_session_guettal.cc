// The engine session of Guettal and the searches behind it (alpha-beta, MCTS,
// the solver: search_instances.h), compiled once.
#include "play/engine_session_impl.h"

namespace lud64 {

LUD64_SEARCHES(Guettal, )
template class GameEngineSession<Guettal>;

std::unique_ptr<EngineSession> MakeGameEngineSession(const Guettal& game) {
  return std::make_unique<GameEngineSession<Guettal>>(game);
}

}  // namespace lud64
