// The engine session of Davxar and the searches behind it (alpha-beta, MCTS,
// the solver: search_instances.h), compiled once.
#include "play/engine_session_impl.h"

namespace lud64 {

LUD64_SEARCHES(Davxar, )
template class GameEngineSession<Davxar>;

std::unique_ptr<EngineSession> MakeGameEngineSession(const Davxar& game) {
  return std::make_unique<GameEngineSession<Davxar>>(game);
}

}  // namespace lud64
