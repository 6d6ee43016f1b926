// The engine session of Damdaman and the searches behind it (alpha-beta, MCTS,
// the solver: search_instances.h), compiled once.
#include "play/engine_session_impl.h"

namespace lud64 {

LUD64_SEARCHES(Damdaman, )
template class GameEngineSession<Damdaman>;

std::unique_ptr<EngineSession> MakeGameEngineSession(const Damdaman& game) {
  return std::make_unique<GameEngineSession<Damdaman>>(game);
}

}  // namespace lud64
