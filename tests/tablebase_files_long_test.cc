// Tablebase files built in layers over compressed files, files of the older
// formats, verify and a missing slice: Davxar up to 3 v 2, built here.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <streambuf>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "boards/damdaman/damdaman.h"
#include "boards/damdaman/damdaman_text.h"
#include "boards/davxar/davxar_text.h"
#include "boards/guettal/guettal.h"
#include "gtest/gtest.h"
#include "tablebase/format/compress.h"
#include "tablebase/games/damdaman_tablebase.h"
#include "tablebase/games/davxar_tablebase.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/operations/tb_operations.h"
#include "tablebase/operations/tb_verify.h"
#include "tests/file_bytes.h"
#include "tests/reference_data.h"
#include "tests/same_table_values.h"
#include "tests/scoped_temp_dir.h"
#include "tests/tablebase_test_support.h"

namespace lud64::tablebase::tablebase_files_test {
namespace {

using davxar::DavxarTb;
using davxar::MillTest;
namespace fs = std::filesystem;

// A build that reads earlier components from compressed files (decoded
// beside them) writes what a build from scratch writes; a build left
// uncompressed holds the same values at every position that can matter.
TEST(TablebaseFilesLong, BuildsOverCompressedFilesMatchBuildsFromScratch) {
  const Davxar game;
  const EndgameLimit small = ParseEndgameLimit("3v1", 16).value();
  const EndgameLimit large = ParseEndgameLimit("3v2", 16).value();
  const ScopedTempDir scratch_dir("tb_scratch"), layered_dir("tb_layered"), plain_dir("tb_plain");
  std::ostringstream log;
  ASSERT_TRUE(BuildTablebases(game, {.dir = scratch_dir.path(), .upto = large}, log).ok());
  ASSERT_TRUE(BuildTablebases(game, {.dir = layered_dir.path(), .upto = small}, log).ok());
  std::ostringstream layered_log;
  ASSERT_TRUE(BuildTablebases(game, {.dir = layered_dir.path(), .upto = large}, layered_log).ok());
  EXPECT_TRUE(absl::StrContains(layered_log.str(), "present")) << layered_log.str();
  ASSERT_TRUE(
      BuildTablebases(game, {.dir = plain_dir.path(), .upto = large, .compress = false}, log).ok());
  int compared = 0;
  for (const auto& entry : fs::directory_iterator(scratch_dir.path())) {
    const std::string name = entry.path().filename();
    EXPECT_EQ(ReadBytes(entry.path()), ReadBytes(layered_dir.File(name))) << name;
    ++compared;
  }
  EXPECT_GE(compared, 8);
  EXPECT_GT(ExpectSameValues(DavxarTb(MillTest::kHistorical), scratch_dir.path(), plain_dir.path()),
            100000u);
  // Files of the older compressed versions (tests/data/README.md) read as the
  // plain build, and `tb compress` turns them into the bytes the builder writes.
  const DavxarTb tb(MillTest::kHistorical);
  for (const auto& [key, file, version] :
       {std::tuple{SliceKey{3, 2}, "davxar_3v2_h0-0.format2.lud64tb", kCompressedFormatVersion2},
        {SliceKey{2, 3}, "davxar_2v3_h0-0.format3.lud64tb", kCompressedFormatVersion3}}) {
    const std::string old_path = testing::DataPath(absl::StrCat("tablebase/", file));
    const uint64_t entries = tb.index().Size(key.own, key.opponent);
    const auto plain = MappedSlice::Open(plain_dir.File(SliceFileName("davxar", key)), "davxar",
                                         key, tb.index().symmetry().scheme_id(), entries);
    std::vector<uint8_t> care(entries);
    CareFlags(tb, key, 0, entries, care.data());
    for (SliceAccess access : {SliceAccess::kProbe, SliceAccess::kEntries}) {
      const auto old = MappedSlice::Open(old_path, "davxar", key, tb.index().symmetry().scheme_id(),
                                         entries, FileCheck::kChecksum, access);
      ASSERT_TRUE(plain.ok() && old.ok()) << plain.status() << old.status();
      EXPECT_EQ((*old)->header().version, version);
      EXPECT_EQ((*old)->has_win_distances(), version == kCompressedFormatVersion2);
      uint64_t wins = 0, losses = 0;
      for (uint64_t i = 0; i < entries; ++i) {
        if (!care[i]) continue;
        const Entry read = (*old)->Read(i).value(), expected = (*plain)->Get(i);
        if (IsWin(expected) && !(*old)->has_win_distances()) {
          ASSERT_TRUE(IsWin(read)) << file << " index " << i;
        } else {
          ASSERT_EQ(read, expected) << file << " index " << i;
        }
        wins += IsWin(expected);
        losses += IsLoss(expected);
      }
      // The format-2 slice is all wins, the format-3 one all losses.
      EXPECT_GT(version == kCompressedFormatVersion2 ? wins : losses, 0u) << file;
    }
    const ScopedTempDir convert_dir("tb_convert");
    const std::string converted = convert_dir.File(SliceFileName("davxar", key));
    fs::copy_file(old_path, converted);
    const absl::StatusOr<CompressReport> conversion =
        CompressTablebases(game, convert_dir.path(), 1, log);
    ASSERT_TRUE(conversion.ok()) << conversion.status();
    EXPECT_EQ(conversion->compressed, 1) << file;
    EXPECT_EQ(ReadBytes(converted), ReadBytes(scratch_dir.File(SliceFileName("davxar", key))))
        << file;
  }
  // A build that derives the distances of wins as it resumes passes verify.
  EXPECT_EQ(VerifyTablebases(game, layered_dir.path(), 2, log).value().mismatches, 0u);
  // A win whose distance is derived from a slice that is not there is an
  // error naming the slice, not a value.
  fs::remove(layered_dir.File(SliceFileName("davxar", {2, 3})));
  const DavxarTb tables_of(MillTest::kHistorical);
  const auto partial = Tablebase<DavxarTb>::Open(tables_of, layered_dir.path());
  ASSERT_TRUE(partial.ok()) << partial.status();
  int wins = 0;
  for (uint64_t index = 0; index < tables_of.index().Size(3, 2) && wins < 20; ++index) {
    Bitboard own, opponent;
    if (!tables_of.index().Unrank(3, 2, index, own, opponent) ||
        partial->tables().Find({3, 2})->ReadResult(index).value() != TbResult::kWin) {
      continue;
    }
    ++wins;
    const absl::Status status = partial->Probe(tables_of.Make({3, 2}, own, opponent)).status();
    EXPECT_TRUE(absl::IsNotFound(status)) << status;
    EXPECT_TRUE(absl::StrContains(status.message(), "slice 2v3 of davxar is not loaded")) << status;
  }
  EXPECT_EQ(wins, 20);
}

}  // namespace
}  // namespace lud64::tablebase::tablebase_files_test
