// Random probes of Davxar tables, uncompressed (format 1) and compressed
// (format 2), each file already in the page cache: the result alone (what a
// compressed file reads from one stream) and the full value (result, then the
// distance of a won or lost position). Without LUD64_BENCH_TB, the benchmark
// builds davxar:pieces=3 (about 2 s; 6.9 MB, which fits in the caches); with
// LUD64_BENCH_TB=DIR it copies DIR's tables (e.g. davxar:pieces=4, 321 MB)
// and compresses the copy, which takes a few seconds more.
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "boards/davxar/davxar.h"
#include "tablebase/format/compress.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/operations/tb_operations.h"
#include "tablebase/probe/probe.h"

namespace lud64::tablebase::probe_bench {
namespace {

using davxar::DavxarTb;
namespace fs = std::filesystem;

struct ProbeSet {
  std::unique_ptr<Tablebase<DavxarTb>> plain, compressed;
  std::vector<Davxar::Position> positions;
};

const ProbeSet& Tables() {
  static const ProbeSet* set = [] {
    auto* s = new ProbeSet;
    const Davxar game(davxar::MillTest::kHistorical, 3);
    const fs::path root = fs::temp_directory_path() / "lud64_probe_bench";
    fs::remove_all(root);
    const std::string plain = root / "plain", compressed = root / "compressed";
    fs::create_directories(root);
    std::ostringstream log;
    if (const char* given = std::getenv("LUD64_BENCH_TB")) {
      fs::copy(given, plain);
    } else {
      TbBuildOptions options{.dir = plain, .threads = 2, .compress = false};
      if (absl::Status built = BuildTablebases(game, options, log); !built.ok()) {
        std::cerr << built << "\n";
        std::exit(2);
      }
    }
    fs::copy(plain, compressed);
    if (auto done = CompressTablebases(game, compressed, 2, log); !done.ok()) {
      std::cerr << done.status() << "\n";
      std::exit(2);
    }
    auto open = [](const std::string& dir) {
      absl::StatusOr<Tablebase<DavxarTb>> base = Tablebase<DavxarTb>::Open(
          DavxarTb(davxar::MillTest::kHistorical), dir, FileCheck::kHeader);
      if (!base.ok()) {
        std::cerr << base.status() << "\n";
        std::exit(2);
      }
      return std::make_unique<Tablebase<DavxarTb>>(*std::move(base));
    };
    s->plain = open(plain);
    s->compressed = open(compressed);
    fs::remove_all(root);  // the mappings stay valid
    // Positions that can occur, drawn uniformly from every slice's indices.
    std::vector<SliceKey> keys;
    for (const auto& [key, slice] : s->plain->tables().all()) keys.push_back(key);
    std::sort(keys.begin(), keys.end());
    const DavxarTb& tb = s->plain->tb();
    std::mt19937_64 random(1);
    while (s->positions.size() < (1 << 16)) {
      const SliceKey key = keys[random() % keys.size()];
      Bitboard own, opponent;
      const uint64_t index = random() % tb.index().Size(key.own, key.opponent);
      if (tb.index().Unrank(key.own, key.opponent, index, own, opponent) &&
          MayOccur(tb, key, own, opponent)) {
        s->positions.push_back(tb.Make(key, own, opponent));
      }
    }
    return s;
  }();
  return *set;
}

template <class Probe>
void Run(benchmark::State& state, const Tablebase<DavxarTb>& base, Probe probe) {
  const std::vector<Davxar::Position>& positions = Tables().positions;
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(probe(base, positions[i]));
    i = (i + 1) % positions.size();
  }
  state.SetItemsProcessed(state.iterations());
}

TbResult ResultOf(const Tablebase<DavxarTb>& base, const Davxar::Position& p) {
  const SliceIndex at = base.tb().Locate(p);
  return base.tables().Find(at.key)->ReadResult(at.index).value();
}

void BM_ProbeResultPlain(benchmark::State& state) { Run(state, *Tables().plain, ResultOf); }
void BM_ProbeResultCompressed(benchmark::State& state) {
  Run(state, *Tables().compressed, ResultOf);
}
void BM_ProbeValuePlain(benchmark::State& state) {
  Run(state, *Tables().plain, [](const auto& base, const auto& p) { return base.Lookup(p); });
}
void BM_ProbeValueCompressed(benchmark::State& state) {
  Run(state, *Tables().compressed, [](const auto& base, const auto& p) { return base.Lookup(p); });
}
BENCHMARK(BM_ProbeResultPlain);
BENCHMARK(BM_ProbeResultCompressed);
BENCHMARK(BM_ProbeValuePlain);
BENCHMARK(BM_ProbeValueCompressed);

}  // namespace
}  // namespace lud64::tablebase::probe_bench
