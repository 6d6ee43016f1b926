// Tablebase files: damaged files are refused with errors naming them, an
// interrupted build resumes to the same bytes, and games without tables say why.
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

// A directory with the Davxar 3v1 component, and the path of its 3v1 file.
struct SmallTables {
  ScopedTempDir temp{"tb_files"};
  std::string dir = temp.path();
  std::string path = temp.File(SliceFileName("davxar", {3, 1}));
  SmallTables() {
    const std::vector<SliceKey> slices = {{3, 1, 0, 0, false}, {3, 1, 0, 0, true}, {1, 3}};
    BuildAndOpen(DavxarTb(MillTest::kHistorical), slices, dir);
  }
};

absl::Status OpenError(const std::string& dir, MillTest lines = MillTest::kHistorical) {
  return Tablebase<DavxarTb>::Open(DavxarTb(lines), dir).status();
}

TEST(TablebaseFilesTest, FlippedByteIsAChecksumErrorNamingTheFile) {
  SmallTables tables;
  ASSERT_TRUE(OpenError(tables.dir).ok());
  ASSERT_TRUE(Tablebase<DavxarTb>::Open("davxar", tables.dir).ok());
  EXPECT_TRUE(
      absl::IsNotFound(Tablebase<DavxarTb>::Open("davxar:lines=ludii", tables.dir).status()));
  std::string bytes = ReadBytes(tables.path);
  ASSERT_GT(bytes.size(), sizeof(SliceHeader) + 64);
  bytes[(bytes.size() + sizeof(SliceHeader)) / 2] ^= 0x04;
  WriteBytes(tables.path, bytes);
  const absl::Status status = OpenError(tables.dir);
  EXPECT_TRUE(absl::StrContains(status.message(), "checksum")) << status;
  EXPECT_TRUE(absl::StrContains(status.message(), tables.path)) << status;
  // Probing checks headers and sizes only (not reading gigabytes to start);
  // the checksum is still there to verify.
  const absl::StatusOr<Tablebase<DavxarTb>> probing =
      Tablebase<DavxarTb>::Open(DavxarTb(MillTest::kHistorical), tables.dir, FileCheck::kHeader);
  ASSERT_TRUE(probing.ok()) << probing.status();
  const absl::Status verified = probing->tables().Find({3, 1})->VerifyChecksum();
  EXPECT_TRUE(absl::StrContains(verified.message(), "checksum")) << verified;
  EXPECT_TRUE(absl::StrContains(verified.message(), tables.path)) << verified;
  std::ostringstream log;
  EXPECT_TRUE(absl::StrContains(VerifyTablebases(Davxar(), tables.dir, 1, log).status().message(),
                                "checksum"));
}

TEST(TablebaseFilesTest, TruncatedFilesAreRefused) {
  SmallTables tables;
  const std::string bytes = ReadBytes(tables.path);
  for (size_t size : {size_t{0}, size_t{100}, bytes.size() - 1}) {
    WriteBytes(tables.path, bytes.substr(0, size));
    const absl::Status status = OpenError(tables.dir);
    EXPECT_TRUE(absl::StrContains(status.message(), "truncated")) << status;
    EXPECT_TRUE(absl::StrContains(status.message(), tables.path)) << status;
  }
}

TEST(TablebaseFilesTest, ADirectoryInAFilesPlaceIsRefused) {
  SmallTables tables;
  ASSERT_TRUE(std::filesystem::remove(tables.path));
  ASSERT_TRUE(std::filesystem::create_directory(tables.path));
  const absl::Status status = OpenError(tables.dir);
  EXPECT_TRUE(absl::StrContains(status.message(), "not a regular file")) << status;
  EXPECT_TRUE(absl::StrContains(status.message(), tables.path)) << status;
}

TEST(TablebaseFilesTest, WrongFamilyAndVersionAreRefused) {
  SmallTables tables;
  const std::string bytes = ReadBytes(tables.path);
  // A historical file under the Ludii tables' name.
  const ScopedTempDir ludii_dir("tb_files_ludii");
  WriteBytes(ludii_dir.File(SliceFileName("davxar:lines=ludii", {3, 1})), bytes);
  absl::Status status = OpenError(ludii_dir.path(), MillTest::kLudii);
  EXPECT_TRUE(absl::StrContains(status.message(), "holds family 'davxar'")) << status;
  // Another format version.
  std::string other = bytes;
  other[8] = static_cast<char>(kCompressedFormatVersion + 1);
  WriteBytes(tables.path, other);
  status = OpenError(tables.dir);
  EXPECT_TRUE(absl::StrContains(status.message(),
                                absl::StrCat("format version ", kCompressedFormatVersion + 1)))
      << status;
  // Not a tablebase at all.
  WriteBytes(tables.path, std::string(bytes.size(), 'x'));
  status = OpenError(tables.dir);
  EXPECT_TRUE(absl::StrContains(status.message(), "bad magic")) << status;
}

// A file whose checksum is right but one value is not: verify finds it, and
// reports the same with 1 and 2 threads.
TEST(TablebaseFilesTest, VerifyNamesAValueThatDisagreesWithItsSuccessors) {
  SmallTables tables;
  const SliceKey key{3, 1};
  std::vector<Entry> entries;
  uint64_t changed = 0;
  SliceHeader header{};
  {
    const absl::StatusOr<Tablebase<DavxarTb>> base = Tablebase<DavxarTb>::Open(
        DavxarTb(MillTest::kHistorical), tables.dir, FileCheck::kChecksum, SliceAccess::kEntries);
    ASSERT_TRUE(base.ok()) << base.status();
    const MappedSlice* slice = base->tables().Find(key);
    ASSERT_NE(slice, nullptr);
    header = slice->header();
    for (uint64_t i = 0; i < slice->size(); ++i) entries.push_back(slice->Get(i));
    // The first position (not a hole) won in 3 turns or more: a win one turn later.
    for (changed = 0; changed < entries.size(); ++changed) {
      Bitboard own, opponent;
      if (!base->tb().index().Unrank(key.own, key.opponent, changed, own, opponent)) continue;
      const TbValue value = ValueOf(entries[changed]);
      if (value.result == TbResult::kWin && value.turns >= 3) break;
    }
    ASSERT_LT(changed, entries.size());
  }
  entries[changed] = WinEntry(ValueOf(entries[changed]).turns + 1);
  const SliceStats stats{header.wins, header.draws, header.losses,
                         static_cast<int>(header.max_turns) + 1};
  ASSERT_TRUE(WriteSlice(tables.path, "davxar", key, header.symmetry, stats, entries).ok());
  const std::string expected = absl::StrCat(tables.path, " index ", changed, ": ");
  std::vector<TbVerifyReport> reports;
  for (int threads : {1, 2}) {
    std::ostringstream log;
    absl::StatusOr<TbVerifyReport> report = VerifyTablebases(Davxar(), tables.dir, threads, log);
    ASSERT_TRUE(report.ok()) << report.status();
    EXPECT_GE(report->mismatches, 1u);
    EXPECT_TRUE(std::any_of(report->examples.begin(), report->examples.end(),
                            [&](const std::string& e) { return absl::StartsWith(e, expected); }))
        << expected;
    reports.push_back(*std::move(report));
  }
  EXPECT_EQ(reports[0].positions, reports[1].positions);
  EXPECT_EQ(reports[0].mismatches, reports[1].mismatches);
  EXPECT_EQ(reports[0].examples, reports[1].examples);
}

TEST(TablebaseFilesTest, LongDistancesAreStoredInSixteenBits) {
  const ScopedTempDir dir("tb_wide");
  const std::string path = dir.File("wide.lud64tb");
  const std::vector<Entry> entries = {kDrawEntry, WinEntry(1), LossEntry(200), WinEntry(300)};
  const SliceKey key{2, 1};
  ASSERT_TRUE(WriteSlice(path, "damdaman", key, 7, {1, 1, 1, 300}, entries).ok());
  const auto slice = MappedSlice::Open(path, "damdaman", key, 7, entries.size());
  ASSERT_TRUE(slice.ok()) << slice.status();
  EXPECT_EQ((*slice)->header().entry_bytes, 2u);
  for (size_t i = 0; i < entries.size(); ++i) EXPECT_EQ((*slice)->Get(i), entries[i]);
  EXPECT_EQ(ValueOf((*slice)->Get(2)), (TbValue{TbResult::kLoss, 200}));
  // The symmetry scheme is checked too.
  const auto other = MappedSlice::Open(path, "damdaman", key, 8, entries.size());
  EXPECT_TRUE(absl::StrContains(other.status().message(), "symmetry")) << other.status();
}

// Damdaman's compressed files leave out every win's distance (no decision
// of it lets the same player decide again).
TEST(TablebaseFilesTest, DamdamanCompressedFilesHoldThePlainValues) {
  const Damdaman game;
  const ScopedTempDir packed_dir("tb_dd_packed"), plain_dir("tb_dd_plain");
  const EndgameLimit upto = ParseEndgameLimit("2", 49).value();
  std::ostringstream log;
  ASSERT_TRUE(BuildTablebases(game, {.dir = packed_dir.path(), .upto = upto}, log).ok());
  ASSERT_TRUE(
      BuildTablebases(game, {.dir = plain_dir.path(), .upto = upto, .compress = false}, log).ok());
  EXPECT_GT(ExpectSameValues(damdaman::DamdamanTb(), packed_dir.path(), plain_dir.path()), 10000u);
}

TEST(TablebaseFilesTest, GuettalHasNoTablebase) {
  std::ostringstream log;
  const ScopedTempDir dir("tb_guettal");
  const absl::Status status = BuildTablebases(Guettal(), {.dir = dir.path()}, log);
  EXPECT_TRUE(absl::IsInvalidArgument(status)) << status;  // bad input: exit 2
  EXPECT_TRUE(absl::StrContains(status.message(), "enclosure")) << status;
}

TEST(TablebaseFilesTest, MemoryLimitIsCheckedBeforeBuilding) {
  std::ostringstream log;
  const ScopedTempDir dir("tb_memory");
  const absl::Status status =
      BuildTablebases(Davxar(MillTest::kHistorical, 4), {.dir = dir.path(), .memory_mib = 10}, log);
  EXPECT_TRUE(absl::IsResourceExhausted(status)) << status;
  EXPECT_TRUE(absl::StrContains(status.message(), "MiB")) << status;
}

}  // namespace
}  // namespace lud64::tablebase::tablebase_files_test
