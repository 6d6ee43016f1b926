// Table builds and compression on several threads, stopped midway and
// resumed (in threaded_tests, which CI also runs under ThreadSanitizer); the
// same bytes for 1, 2 and 3 threads: tablebase_threads_long_test.cc.
#include <atomic>
#include <filesystem>
#include <iterator>
#include <map>
#include <sstream>
#include <streambuf>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tablebase/games/damdaman_tablebase.h"
#include "tablebase/games/davxar_tablebase.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/operations/tb_operations.h"
#include "tablebase/operations/tb_verify.h"
#include "tests/file_bytes.h"
#include "tests/scoped_temp_dir.h"

namespace lud64::tablebase::tablebase_threads_test {
namespace {

namespace fs = std::filesystem;

// Sets `stop` after `components` progress lines reporting a solved component.
class StopAfter : public std::streambuf {
 public:
  StopAfter(int components, std::atomic<bool>& stop) : left_(components), stop_(stop) {}
  int overflow(int c) override {
    line_ += static_cast<char>(c);
    if (c == '\n') {
      if (absl::StrContains(line_, "positions in") && --left_ == 0) stop_ = true;
      line_.clear();
    }
    return c;
  }

 private:
  int left_;
  std::atomic<bool>& stop_;
  std::string line_;
};

TEST(TablebaseFilesTest, StoppedBuildResumesToIdenticalFiles) {
  const Damdaman game;
  const ScopedTempDir clean_dir("tb_clean");
  const std::string& clean = clean_dir.path();
  std::ostringstream log;
  ASSERT_TRUE(
      BuildTablebases(game, {.dir = clean, .upto = EndgameLimit::Up(2), .threads = 2}, log).ok());

  const ScopedTempDir resumed_dir("tb_resumed");
  const std::string& resumed = resumed_dir.path();
  std::atomic<bool> stop{false};
  StopAfter stopper(2, stop);
  std::ostream progress(&stopper);
  const absl::Status stopped = BuildTablebases(
      game, {.dir = resumed, .upto = EndgameLimit::Up(2), .threads = 2, .stop = &stop}, progress);
  ASSERT_TRUE(absl::IsCancelled(stopped)) << stopped;
  const size_t partial = std::distance(fs::directory_iterator(resumed), fs::directory_iterator());
  EXPECT_GT(partial, 0u);
  // A torn temporary file and a truncated final one, as a crash could leave.
  WriteBytes(resumed + "/" + SliceFileName("damdaman", {2, 2}) + ".tmp.1", "torn");
  const std::string truncated = resumed + "/" + SliceFileName("damdaman", {1, 1});
  WriteBytes(truncated, ReadBytes(truncated).substr(0, 200));
  std::ostringstream again;
  ASSERT_TRUE(
      BuildTablebases(game, {.dir = resumed, .upto = EndgameLimit::Up(2), .threads = 1}, again)
          .ok());
  EXPECT_TRUE(absl::StrContains(again.str(), "present")) << again.str();
  EXPECT_TRUE(absl::StrContains(again.str(), "rebuilding")) << again.str();
  int compared = 0;
  for (const auto& entry : fs::directory_iterator(clean)) {
    const std::string name = entry.path().filename();
    EXPECT_EQ(ReadBytes(entry.path()), ReadBytes(absl::StrCat(resumed, "/", name))) << name;
    ++compared;
  }
  EXPECT_GT(static_cast<size_t>(compared), partial);
}

// A stop set before compressing leaves every file as it was, with no staged
// file beside it: the stop is seen within each file's work, not after it.
TEST(TablebaseFilesTest, StoppedCompressionLeavesEveryFileAsItWas) {
  const Damdaman game;
  const ScopedTempDir dir("tb_compress_stop");
  std::ostringstream log;
  ASSERT_TRUE(BuildTablebases(
                  game, {.dir = dir.path(), .upto = EndgameLimit::Up(2), .compress = false}, log)
                  .ok());
  std::map<std::string, std::string> before;
  for (const auto& entry : fs::directory_iterator(dir.path()))
    before[entry.path().filename()] = ReadBytes(entry.path());
  ASSERT_GT(before.size(), 2u);
  std::atomic<bool> stop{true};
  const absl::StatusOr<CompressReport> stopped =
      CompressTablebases(game, dir.path(), 2, log, &stop);
  ASSERT_TRUE(absl::IsCancelled(stopped.status())) << stopped.status();
  EXPECT_EQ(stopped.status().message(), "tablebase compression stopped");
  size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir.path())) {
    const std::string name = entry.path().filename();
    ASSERT_TRUE(before.contains(name)) << name;
    EXPECT_TRUE(ReadBytes(entry.path()) == before[name]) << name << " changed";
    ++files;
  }
  EXPECT_EQ(files, before.size());
  stop = false;
  const absl::StatusOr<CompressReport> done = CompressTablebases(game, dir.path(), 2, log, &stop);
  ASSERT_TRUE(done.ok()) << done.status();
  EXPECT_EQ(static_cast<size_t>(done->compressed), before.size());
}

TEST(TablebaseFilesTest, DamdamanSmallSetAndItsInfo) {
  const ScopedTempDir temp("tb_damdaman");
  const std::string& dir = temp.path();
  std::ostringstream log;
  ASSERT_TRUE(
      BuildTablebases(Damdaman(), {.dir = dir, .upto = EndgameLimit::Up(2), .threads = 2}, log)
          .ok());
  const absl::StatusOr<std::string> info = TablebaseInfo(Damdaman(), dir);
  ASSERT_TRUE(info.ok()) << info.status();
  EXPECT_TRUE(absl::StrContains(*info, "damdaman in")) << *info;
  EXPECT_TRUE(absl::StrContains(*info, "2v1")) << *info;
  const absl::StatusOr<TbVerifyReport> verified = VerifyTablebases(Damdaman(), dir, 2, log);
  ASSERT_TRUE(verified.ok()) << verified.status();
  EXPECT_EQ(verified->mismatches, 0u);
  EXPECT_GT(verified->positions, 100'000u);
  // The whole game is refused with a reason.
  const absl::Status whole = BuildTablebases(Damdaman(), {.dir = dir}, log);
  EXPECT_TRUE(absl::StrContains(whole.message(), "upto")) << whole;
}

}  // namespace
}  // namespace lud64::tablebase::tablebase_threads_test
