// Readers for the Ludii reference files in tests/data (see data/README.md).
#ifndef LUD64_TESTS_REFERENCE_DATA_H_
#define LUD64_TESTS_REFERENCE_DATA_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace lud64::testing {

// The path of a file under tests/data.
std::string DataPath(const std::string& name);

struct TracePly {
  int player = 0;  // 1 or 2
  int legal_count = 0;
  std::string decision;
};

struct Trace {
  int line = 0;  // in its file, from 1
  std::string seed;
  std::string result;  // P1, P2 or draw
  std::string end;     // NaturalEnd or TurnLimit
  int plies = 0;
  std::string board;  // final board, Ludii's site order
  std::vector<TracePly> moves;
};

// Every trace of vectors/<file>; fails the calling test on a malformed line.
std::vector<Trace> ReadTraces(const std::string& file);

struct MidgamePerft {
  int line = 0;
  std::string game;
  std::string seed;
  int plies = 0;
  bool over = false;
  std::vector<uint64_t> perft;  // perft(1), perft(2), ...
  std::vector<std::string> prefix;
};

// The lines of perft-midgame.txt for `game` (exactly that game name).
std::vector<MidgamePerft> ReadMidgamePerft(const std::string& game);

// The start-position perft column of perft.md for `game` (a game name as
// lud64 takes it); element d-1 is perft(d).
std::vector<uint64_t> ReadStartPerft(const std::string& game);

// One row of playouts.md: Ludii's random playouts from the start of `game`.
struct LudiiPlayouts {
  uint64_t playouts = 0;
  double p1_wins = 0, p2_wins = 0, draws = 0;  // fractions
  double mean_plies = 0;
  double playouts_per_second = 0;
};
LudiiPlayouts ReadLudiiPlayouts(const std::string& game);

}  // namespace lud64::testing

#endif  // LUD64_TESTS_REFERENCE_DATA_H_
