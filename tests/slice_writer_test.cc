// The slice file format, checked against a layout spelt out here rather than
// against the writer's own code: header fields at their offsets, entries
// little-endian at 1 or 2 bytes, the checksum of the entry bytes.
#include "tablebase/format/slice_writer.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tablebase/format/tb_file.h"
#include "tests/file_bytes.h"
#include "tests/scoped_temp_dir.h"

namespace lud64::tablebase::slice_writer_test {
namespace {

template <class T>
T At(const std::string& bytes, size_t offset) {
  T value;
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return value;
}

// FNV-1a as the header documents it, one byte at a time for the tail.
uint64_t ReferenceChecksum(const std::string& bytes) {
  uint64_t hash = 14695981039346656037ull;
  size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) hash = (hash ^ At<uint64_t>(bytes, i)) * 1099511628211ull;
  for (; i < bytes.size(); ++i) hash = (hash ^ static_cast<uint8_t>(bytes[i])) * 1099511628211ull;
  return (hash ^ bytes.size()) * 1099511628211ull;
}

TEST(StreamChecksumTest, AnySplitGivesTableChecksum) {
  std::vector<uint8_t> bytes(1000);
  std::mt19937 random(7);
  for (uint8_t& b : bytes) b = static_cast<uint8_t>(random());
  for (size_t size : {size_t{0}, size_t{5}, size_t{8}, size_t{999}, size_t{1000}}) {
    const uint64_t reference =
        ReferenceChecksum(std::string(reinterpret_cast<const char*>(bytes.data()), size));
    EXPECT_EQ(TableChecksum(bytes.data(), size), reference) << size;
    for (size_t piece : {size_t{1}, size_t{3}, size_t{8}, size_t{13}, size_t{1000}}) {
      StreamChecksum checksum;
      for (size_t at = 0; at < size; at += piece) {
        checksum.Add(bytes.data() + at, std::min(piece, size - at));
      }
      EXPECT_EQ(checksum.Finish(), reference) << size << " " << piece;
    }
  }
}

TEST(SliceWriterTest, FileHasTheDocumentedLayoutWhateverTheAppendSizes) {
  const ScopedTempDir temp("tb_slice_writer");
  const std::string& dir = temp.path();
  const SliceKey key{3, 2, 1, 0, true};
  for (int max_turns : {5, 300}) {  // 8- and 16-bit entries
    const size_t width = max_turns > 127 ? 2 : 1;
    std::vector<Entry> entries(12345);
    std::mt19937 random(max_turns);
    for (Entry& e : entries) e = static_cast<Entry>(random() % (2 * max_turns + 1));
    const SliceStats stats{11, 22, 33, max_turns};
    const std::string whole = dir + "/whole", pieces = dir + "/pieces";
    ASSERT_TRUE(WriteSlice(whole, "davxar:pieces=4", key, 42, stats, entries).ok());
    auto writer = SliceWriter::Create(pieces, "davxar:pieces=4", key, 42, stats, entries.size());
    ASSERT_TRUE(writer.ok()) << writer.status();
    for (size_t at = 0; at < entries.size(); at += 1000) {
      const size_t count = std::min<size_t>(1000, entries.size() - at);
      ASSERT_TRUE((*writer)->Append(entries.data() + at, count).ok());
    }
    ASSERT_TRUE((*writer)->Commit().ok());
    const std::string bytes = ReadBytes(whole);
    EXPECT_EQ(ReadBytes(pieces), bytes);

    ASSERT_EQ(bytes.size(), 128 + width * entries.size());
    EXPECT_EQ(bytes.substr(0, 8), std::string("LUD64TB\0", 8));
    EXPECT_EQ(At<uint32_t>(bytes, 8), 1u);  // format version
    EXPECT_EQ(At<uint32_t>(bytes, 12), width);
    EXPECT_EQ(std::string(bytes.data() + 16), "davxar:pieces=4");
    EXPECT_EQ(bytes.substr(64, 8), std::string("\3\2\1\0\1\0\0\0", 8));
    EXPECT_EQ(At<uint32_t>(bytes, 72), 42u);
    EXPECT_EQ(At<uint32_t>(bytes, 76), static_cast<uint32_t>(max_turns));
    EXPECT_EQ(At<uint64_t>(bytes, 80), entries.size());
    EXPECT_EQ(At<uint64_t>(bytes, 88), 11u);
    EXPECT_EQ(At<uint64_t>(bytes, 96), 22u);
    EXPECT_EQ(At<uint64_t>(bytes, 104), 33u);
    const std::string data = bytes.substr(128);
    EXPECT_EQ(At<uint64_t>(bytes, 120), ReferenceChecksum(data));
    for (size_t i = 0; i < entries.size(); ++i) {
      const unsigned low = static_cast<uint8_t>(data[width * i]);
      const unsigned value =
          width == 1 ? low
                     : low | static_cast<unsigned>(static_cast<uint8_t>(data[2 * i + 1])) << 8;
      ASSERT_EQ(value, entries[i]) << i;
    }
  }
}

TEST(SliceWriterTest, ShortSliceIsRefusedAndLeavesNoFile) {
  const ScopedTempDir temp("tb_slice_writer_short");
  const std::string& dir = temp.path();
  const std::string path = dir + "/short";
  auto writer = SliceWriter::Create(path, "davxar", {1, 1}, 1, {}, 10);
  ASSERT_TRUE(writer.ok());
  const Entry entries[3] = {};
  ASSERT_TRUE((*writer)->Append(entries, 3).ok());
  EXPECT_FALSE((*writer)->Commit().ok());
  writer->reset();
  EXPECT_TRUE(std::filesystem::is_empty(dir));
}

TEST(SliceWriterTest, OverlongFamilyIsRefusedByName) {
  const ScopedTempDir temp("tb_slice_writer_family");
  const std::string& dir = temp.path();
  auto writer = SliceWriter::Create(dir + "/f", std::string(60, 'g'), {1, 1}, 1, {}, 1);
  ASSERT_FALSE(writer.ok());
  EXPECT_NE(writer.status().message().find("longer than 47"), std::string::npos) << writer.status();
  EXPECT_TRUE(std::filesystem::is_empty(dir));
}

}  // namespace
}  // namespace lud64::tablebase::slice_writer_test
