// The engine sessions (play/engine_session.h) of the board server: a small
// pool per game and engine, each session lent to one request at a time, and
// the slots that bound how many searches run at once.
#ifndef LUD64_TOOLS_LUD64_SERVE_SESSION_POOL_H_
#define LUD64_TOOLS_LUD64_SERVE_SESSION_POOL_H_

#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "play/engine_session.h"

namespace lud64 {

// What a session is lent for: a position or a table probe (no search table),
// or a search by alpha-beta or MCTS.
enum class SessionUse { kPosition, kAlphaBeta, kMcts };

class SessionPool {
 public:
  // `tables`: the endgame tables' directory for every session (none when
  // unset); at most `max_searches` searches at once; alpha-beta's tables
  // and MCTS's trees of `hash_mib` and `tree_mib`.
  SessionPool(std::optional<std::string> tables, int max_searches, int hash_mib = kDefaultHashMib,
              int tree_mib = kDefaultTreeMib);
  ~SessionPool();  // ends the warming thread; leases must be gone

  // A session lent to one request, returned to the pool when it goes.
  class Lease {
   public:
    Lease(Lease&& other) noexcept = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    EngineSession* operator->() const { return session_.get(); }
    EngineSession& operator*() const { return *session_; }

   private:
    friend class SessionPool;
    Lease(SessionPool* pool, std::string key, std::unique_ptr<EngineSession> session)
        : pool_(pool), key_(std::move(key)), session_(std::move(session)) {}
    SessionPool* pool_;
    std::string key_;
    std::unique_ptr<EngineSession> session_;
  };

  // One of the `max_searches` search slots, given back when it goes.
  class SearchSlot {
   public:
    SearchSlot(SearchSlot&& other) noexcept : pool_(other.pool_) { other.pool_ = nullptr; }
    SearchSlot& operator=(SearchSlot&&) = delete;
    ~SearchSlot();

   private:
    friend class SessionPool;
    explicit SearchSlot(SessionPool* pool) : pool_(pool) {}
    SessionPool* pool_;
  };

  // A session of `game` (a name with options) for `use`, at the game's
  // start; errors in the words of MakeEngineSession (an unknown game or option).
  absl::StatusOr<Lease> Take(absl::string_view game, SessionUse use);
  // Makes a session of `game` for `use` on the pool's own thread, unless one
  // has been made: a first search then does not wait for its table.
  void WarmLater(absl::string_view game, SessionUse use);
  // A search slot, or none when `max_searches` searches run.
  std::optional<SearchSlot> TakeSearchSlot();

  int max_searches() const { return max_searches_; }
  // Why sessions of `game` have no tables (no --tb, or the directory has
  // none for it: the error opening them); "" when they have.
  std::string NoTables(const AnyGame& game) const;
  bool has_tables() const { return tables_.has_value(); }
  // Sessions made since the start, and idle in the pool now (for tests).
  int sessions_made() const;
  int sessions_idle() const;

 private:
  void Return(const std::string& key, std::unique_ptr<EngineSession> session);
  static std::string KeyOf(const AnyGame& game, SessionUse use);

  const std::optional<std::string> tables_;
  const int max_searches_;
  const int hash_mib_, tree_mib_;
  mutable std::mutex mutex_;
  std::map<std::string, std::vector<std::unique_ptr<EngineSession>>> idle_;
  std::map<std::string, std::string> untabled_;  // game name: why its tables did not open
  // Sessions to make ahead (WarmLater), by the warming thread.
  std::set<std::string> warmed_;  // keys made or asked for
  std::deque<std::pair<std::string, SessionUse>> to_warm_;
  std::condition_variable warm_cv_;
  bool closing_ = false;
  std::thread warmer_;
  int searches_ = 0;
  int made_ = 0;
};

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_SERVE_SESSION_POOL_H_
