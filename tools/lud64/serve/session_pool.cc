#include "tools/lud64/serve/session_pool.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "boards/game_list.h"

namespace lud64 {
namespace {

// Idle sessions kept per game and use; more are let go.
constexpr size_t kIdlePerKey = 4;

EngineOptions OptionsFor(SessionUse use, const std::optional<std::string>& tables, int hash_mib,
                         int tree_mib) {
  EngineOptions options;
  options.tables = tables;
  options.hash_mib = hash_mib;
  options.memory_mib = tree_mib;
  switch (use) {
    case SessionUse::kPosition:
      // No search: random play makes no table; the solver's table, should a
      // probe reach it, is the smallest.
      options.kind = EngineKind::kRandom;
      options.hash_mib = 1;
      break;
    case SessionUse::kAlphaBeta:
      options.kind = EngineKind::kAlphaBeta;
      break;
    case SessionUse::kMcts:
      options.kind = EngineKind::kMcts;
      break;
  }
  return options;
}

}  // namespace

SessionPool::SessionPool(std::optional<std::string> tables, int max_searches, int hash_mib,
                         int tree_mib)
    : tables_(std::move(tables)),
      max_searches_(max_searches),
      hash_mib_(hash_mib),
      tree_mib_(tree_mib) {}

SessionPool::~SessionPool() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  warm_cv_.notify_all();
  if (warmer_.joinable()) warmer_.join();
}

std::string SessionPool::KeyOf(const AnyGame& game, SessionUse use) {
  return absl::StrCat(GameName(game), "/", static_cast<int>(use));
}

void SessionPool::WarmLater(absl::string_view game_spec, SessionUse use) {
  absl::StatusOr<AnyGame> game = MakeGame(game_spec);
  if (!game.ok()) return;
  {
    std::lock_guard lock(mutex_);
    if (closing_ || !warmed_.insert(KeyOf(*game, use)).second) return;
    to_warm_.emplace_back(GameName(*game), use);
    if (!warmer_.joinable()) {
      warmer_ = std::thread([this] {
        std::unique_lock lock(mutex_);
        while (true) {
          warm_cv_.wait(lock, [this] { return closing_ || !to_warm_.empty(); });
          if (closing_) return;
          const auto [name, what] = to_warm_.front();
          to_warm_.pop_front();
          lock.unlock();
          { absl::StatusOr<Lease> made = Take(name, what); }  // made, and back in the pool
          lock.lock();
        }
      });
    }
  }
  warm_cv_.notify_all();
}

SessionPool::Lease::~Lease() {
  if (pool_ != nullptr && session_ != nullptr) pool_->Return(key_, std::move(session_));
}

SessionPool::SearchSlot::~SearchSlot() {
  if (pool_ == nullptr) return;
  std::lock_guard lock(pool_->mutex_);
  --pool_->searches_;
}

absl::StatusOr<SessionPool::Lease> SessionPool::Take(absl::string_view game_spec, SessionUse use) {
  absl::StatusOr<AnyGame> game = MakeGame(game_spec);
  if (!game.ok()) return game.status();
  const std::string key = KeyOf(*game, use);
  {
    std::lock_guard lock(mutex_);
    warmed_.insert(key);
    auto it = idle_.find(key);
    if (it != idle_.end() && !it->second.empty()) {
      std::unique_ptr<EngineSession> session = std::move(it->second.back());
      it->second.pop_back();
      return Lease(this, key, std::move(session));
    }
  }
  // A game the tables' directory has no tables for is played without them.
  std::optional<std::string> tables = tables_;
  {
    std::lock_guard lock(mutex_);
    if (untabled_.contains(GameName(*game))) tables.reset();
  }
  absl::StatusOr<std::unique_ptr<EngineSession>> made =
      MakeEngineSession(*game, OptionsFor(use, tables, hash_mib_, tree_mib_));
  if (!made.ok() && tables) {
    const std::string why(made.status().message());
    made = MakeEngineSession(*game, OptionsFor(use, std::nullopt, hash_mib_, tree_mib_));
    if (made.ok()) {
      std::lock_guard lock(mutex_);
      untabled_[GameName(*game)] = why;
    }
  }
  if (!made.ok()) return made.status();
  {
    std::lock_guard lock(mutex_);
    ++made_;
  }
  return Lease(this, key, *std::move(made));
}

void SessionPool::Return(const std::string& key, std::unique_ptr<EngineSession> session) {
  std::lock_guard lock(mutex_);
  std::vector<std::unique_ptr<EngineSession>>& idle = idle_[key];
  if (idle.size() < kIdlePerKey) idle.push_back(std::move(session));
}

std::optional<SessionPool::SearchSlot> SessionPool::TakeSearchSlot() {
  std::lock_guard lock(mutex_);
  if (searches_ >= max_searches_) return std::nullopt;
  ++searches_;
  return SearchSlot(this);
}

std::string SessionPool::NoTables(const AnyGame& game) const {
  if (!tables_) return "no endgame tables: start lud64 serve with --tb=DIR";
  std::lock_guard lock(mutex_);
  auto it = untabled_.find(GameName(game));
  return it == untabled_.end() ? "" : it->second;
}

int SessionPool::sessions_made() const {
  std::lock_guard lock(mutex_);
  return made_;
}

int SessionPool::sessions_idle() const {
  std::lock_guard lock(mutex_);
  int idle = 0;
  for (const auto& [key, sessions] : idle_) idle += static_cast<int>(sessions.size());
  return idle;
}

}  // namespace lud64
