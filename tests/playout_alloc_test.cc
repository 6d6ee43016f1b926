// Random playouts allocate nothing: this binary replaces the global operator
// new with one that counts, and plays many playouts of every game between two
// readings of the count.
#include <atomic>
#include <cstdlib>
#include <new>

#include "boards/damdaman/damdaman.h"
#include "boards/davxar/davxar.h"
#include "boards/guettal/guettal.h"
#include "gtest/gtest.h"
#include "search/playout.h"

namespace {
std::atomic<uint64_t> allocations{0};
int* volatile escaped = nullptr;
}  // namespace

// Not inlined: GCC would see new-expressions paired with free() and warn
// (-Wmismatched-new-delete).
[[gnu::noinline]] void* operator new(size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, size_t) noexcept { std::free(p); }

namespace lud64::playout_alloc_test {
namespace {

template <Game G>
uint64_t AllocationsDuringPlayouts(const G& game, int playouts) {
  Random random(5);
  const typename G::Position start = game.start();
  uint64_t decisions = 0;
  const uint64_t before = allocations.load();
  for (int i = 0; i < playouts; ++i) decisions += RandomPlayout(game, start, random).plies;
  const uint64_t after = allocations.load();
  EXPECT_GT(decisions, static_cast<uint64_t>(playouts));  // the playouts ran
  return after - before;
}

TEST(PlayoutAllocations, NoneInThePlayoutLoop) {
  // The counter itself works.
  const uint64_t before = allocations.load();
  escaped = new int(1);  // a volatile store: the compiler cannot drop the allocation
  delete escaped;
  ASSERT_EQ(allocations.load(), before + 1);

  EXPECT_EQ(AllocationsDuringPlayouts(Guettal(), 2000), 0u);
  EXPECT_EQ(AllocationsDuringPlayouts(Damdaman(), 20), 0u);
  EXPECT_EQ(AllocationsDuringPlayouts(Davxar(), 200), 0u);
  EXPECT_EQ(AllocationsDuringPlayouts(Davxar(davxar::MillTest::kLudii, 6), 200), 0u);
}

}  // namespace
}  // namespace lud64::playout_alloc_test
