#include "tests/reference_data.h"

#include <fstream>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"

namespace lud64::testing {
namespace {

std::vector<std::string> ReadLines(const std::string& name) {
  std::ifstream in(DataPath(name));
  EXPECT_TRUE(in.good()) << "cannot open " << DataPath(name);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The value of `key=` in a space-separated line of key=value fields.
std::string Field(const std::string& line, const std::string& key) {
  const std::string tag = " " + key + "=";
  std::string padded = " " + line;
  const size_t at = padded.find(tag);
  if (at == std::string::npos) return "";
  const size_t begin = at + tag.size();
  return padded.substr(begin, padded.find(' ', begin) - begin);
}

// The game names of perft.md's columns and playouts.md's rows: the name, then
// a remark in brackets ("davxar (historical, 12)").
std::string ColumnGame(absl::string_view header) {
  header = absl::StripAsciiWhitespace(header);
  return std::string(absl::StripAsciiWhitespace(header.substr(0, header.find(" ("))));
}

double Percent(absl::string_view cell) {
  double value = 0;
  EXPECT_TRUE(absl::SimpleAtod(absl::StripSuffix(absl::StripAsciiWhitespace(cell), "%"), &value))
      << "playouts.md cell '" << cell << "'";
  return value / 100;
}

}  // namespace

std::string DataPath(const std::string& name) {
  return std::string(LUD64_TEST_DATA_DIR "/") + name;
}

std::vector<Trace> ReadTraces(const std::string& file) {
  std::vector<Trace> traces;
  const std::vector<std::string> lines = ReadLines("vectors/" + file);
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].empty()) continue;
    Trace trace;
    trace.line = static_cast<int>(i + 1);
    trace.seed = Field(lines[i], "seed");
    trace.result = Field(lines[i], "result");
    trace.end = Field(lines[i], "end");
    trace.board = Field(lines[i], "board");
    EXPECT_TRUE(absl::SimpleAtoi(Field(lines[i], "plies"), &trace.plies)) << file << ":" << i + 1;
    const size_t moves = lines[i].find(" moves=");
    EXPECT_NE(moves, std::string::npos) << file << ":" << i + 1;
    if (moves == std::string::npos) continue;
    for (absl::string_view ply :
         absl::StrSplit(absl::string_view(lines[i]).substr(moves + 7), ' ', absl::SkipEmpty())) {
      const std::vector<std::string> parts = absl::StrSplit(ply, absl::MaxSplits(':', 2));
      TracePly parsed;
      EXPECT_EQ(parts.size(), 3u) << file << ":" << i + 1 << " ply '" << ply << "'";
      if (parts.size() != 3) break;
      EXPECT_TRUE(absl::SimpleAtoi(parts[0], &parsed.player));
      EXPECT_TRUE(absl::SimpleAtoi(parts[1], &parsed.legal_count));
      parsed.decision = parts[2];
      trace.moves.push_back(parsed);
    }
    traces.push_back(std::move(trace));
  }
  EXPECT_FALSE(traces.empty()) << file;
  return traces;
}

std::vector<MidgamePerft> ReadMidgamePerft(const std::string& game) {
  std::vector<MidgamePerft> result;
  const std::vector<std::string> lines = ReadLines("perft-midgame.txt");
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!absl::StartsWith(lines[i], game + " ")) continue;
    MidgamePerft entry;
    entry.line = static_cast<int>(i + 1);
    entry.game = game;
    entry.seed = Field(lines[i], "seed");
    entry.over = Field(lines[i], "over") == "true";
    EXPECT_TRUE(absl::SimpleAtoi(Field(lines[i], "plies"), &entry.plies));
    for (absl::string_view n : absl::StrSplit(Field(lines[i], "perft"), ',')) {
      uint64_t value = 0;
      EXPECT_TRUE(absl::SimpleAtoi(n, &value)) << "perft-midgame.txt:" << i + 1;
      entry.perft.push_back(value);
    }
    const size_t prefix = lines[i].find(" prefix=");
    if (prefix != std::string::npos) {
      entry.prefix =
          absl::StrSplit(absl::string_view(lines[i]).substr(prefix + 8), ' ', absl::SkipEmpty());
    }
    result.push_back(std::move(entry));
  }
  EXPECT_FALSE(result.empty()) << "no perft-midgame.txt line for " << game;
  return result;
}

std::vector<uint64_t> ReadStartPerft(const std::string& game) {
  int column = -1;
  std::vector<uint64_t> counts;
  for (const std::string& line : ReadLines("perft.md")) {
    if (!absl::StartsWith(line, "|")) continue;
    const std::vector<std::string> cells = absl::StrSplit(line, '|');
    // cells[0] is before the first '|'.
    if (column < 0) {
      for (size_t c = 1; c < cells.size(); ++c)
        if (ColumnGame(cells[c]) == game) column = static_cast<int>(c);
      continue;
    }
    if (static_cast<size_t>(column) >= cells.size()) continue;
    uint64_t value = 0;
    if (absl::SimpleAtoi(absl::StripAsciiWhitespace(cells[column]), &value))
      counts.push_back(value);
  }
  EXPECT_GE(column, 0) << "no perft.md column for " << game;
  EXPECT_FALSE(counts.empty()) << "no perft.md counts for " << game;
  return counts;
}

LudiiPlayouts ReadLudiiPlayouts(const std::string& game) {
  LudiiPlayouts row;
  for (const std::string& line : ReadLines("playouts.md")) {
    const std::vector<std::string> cells = absl::StrSplit(line, '|');
    // | game | playouts | P1 wins | P2 wins | draws | mean decisions | playouts/s | decisions/s |
    if (cells.size() < 9 || ColumnGame(cells[1]) != game) continue;
    EXPECT_TRUE(absl::SimpleAtoi(absl::StripAsciiWhitespace(cells[2]), &row.playouts));
    row.p1_wins = Percent(cells[3]);
    row.p2_wins = Percent(cells[4]);
    row.draws = Percent(cells[5]);
    EXPECT_TRUE(absl::SimpleAtod(absl::StripAsciiWhitespace(cells[6]), &row.mean_plies));
    EXPECT_TRUE(absl::SimpleAtod(absl::StripAsciiWhitespace(cells[7]), &row.playouts_per_second));
    return row;
  }
  ADD_FAILURE() << "no playouts.md row for " << game;
  return row;
}

}  // namespace lud64::testing
