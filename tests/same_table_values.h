// The tables of a compressed directory against those of a plain one, for the
// tablebase file tests.
#ifndef LUD64_TESTS_SAME_TABLE_VALUES_H_
#define LUD64_TESTS_SAME_TABLE_VALUES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tablebase/format/compress.h"
#include "tablebase/format/compressed_slice.h"
#include "tablebase/probe/probe.h"
#include "tablebase/tb_game.h"

namespace lud64::tablebase {

// Compares the tables of `packed_dir` (compressed) with those of
// `plain_dir` (format 1) at every position that can matter, probed (the
// distances of wins derived where the files leave them out) and decoded whole;
// returns the positions compared.
template <class Tb>
inline uint64_t ExpectSameValues(const Tb& tb, const std::string& packed_dir,
                                 const std::string& plain_dir) {
  const auto probed = Tablebase<Tb>::Open(tb, packed_dir, FileCheck::kChecksum);
  const auto decoded =
      Tablebase<Tb>::Open(tb, packed_dir, FileCheck::kChecksum, SliceAccess::kEntries, 2);
  const auto plain = Tablebase<Tb>::Open(tb, plain_dir, FileCheck::kChecksum);
  EXPECT_TRUE(probed.ok()) << probed.status();
  EXPECT_TRUE(decoded.ok()) << decoded.status();
  EXPECT_TRUE(plain.ok()) << plain.status();
  if (!probed.ok() || !decoded.ok() || !plain.ok()) return 0;
  uint64_t checked = 0, derived = 0;
  for (const auto& [key, slice] : plain->tables().all()) {
    const MappedSlice* packed = probed->tables().Find(key);
    const MappedSlice* whole = decoded->tables().Find(key);
    if (packed == nullptr || whole == nullptr) {
      ADD_FAILURE() << key.Name() << " missing";
      continue;
    }
    EXPECT_NE(packed->compressed(), nullptr) << key.Name();
    EXPECT_EQ(slice->compressed(), nullptr) << key.Name();
    EXPECT_EQ(packed->has_win_distances(), KeepsWinDistances(tb, key)) << key.Name();
    EXPECT_TRUE(whole->has_win_distances()) << key.Name();
    std::vector<uint8_t> care(slice->size());
    CareFlags(tb, key, 0, slice->size(), care.data());
    for (uint64_t i = 0; i < slice->size(); ++i) {
      if (!care[i]) continue;
      const Entry expected = slice->Get(i);
      EXPECT_EQ(probed->EntryAt({key, i}).value(), expected) << key.Name() << " index " << i;
      EXPECT_EQ(whole->Get(i), expected) << key.Name() << " index " << i;
      EXPECT_EQ(packed->ReadResult(i).value(), ValueOf(expected).result);
      if (IsWin(expected) && !packed->has_win_distances()) {
        EXPECT_EQ(packed->Read(i).value(), kUnstoredWin);
        ++derived;
      }
      if (::testing::Test::HasFailure()) return checked;
      ++checked;
    }
  }
  EXPECT_GT(derived, 0u);
  return checked;
}

}  // namespace lud64::tablebase

#endif  // LUD64_TESTS_SAME_TABLE_VALUES_H_
