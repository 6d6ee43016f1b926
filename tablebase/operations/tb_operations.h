// The tablebase operations behind `lud64 tb` and the engines, independent of
// any command line: build, probe and info (verify: tablebase/tb_verify.h),
// for any game with a tablebase adapter (TablebaseFor<G>; include
// tablebase/games/game_tablebases.h). Opening a game's tables and probing one
// position fully: probe/game_tables.h.
// Guettal has none: its enclosure rule depends on the order of neighbours,
// which board symmetries do not preserve.
#ifndef LUD64_TABLEBASE_OPERATIONS_TB_OPERATIONS_H_
#define LUD64_TABLEBASE_OPERATIONS_TB_OPERATIONS_H_

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "tablebase/format/compress.h"
#include "tablebase/probe/game_tables.h"
#include "tablebase/probe/probe.h"
#include "tablebase/solve/builder.h"
#include "tablebase/tb_game.h"

namespace lud64::tablebase {

// Compresses every slice file of `game`'s family in `dir` not yet in the current version
// (compress.h), `threads` files at a time; setting `stop` returns Cancelled.
template <Game G>
absl::StatusOr<CompressReport> CompressTablebases(const G& game, const std::string& dir_or_empty,
                                                  int threads, std::ostream& progress,
                                                  StopFlag stop = nullptr) {
  if constexpr (!TablebaseFor<G>::kSupported) {
    return NoTablebaseError(game.name());
  } else {
    using Tb = typename TablebaseFor<G>::Type;
    const Tb tb = Tb::ForGame(game);
    const std::string dir = TablebaseDir(dir_or_empty);
    absl::StatusOr<std::vector<SliceFile>> files = SliceFilesIn(tb.family(), dir);
    if (!files.ok()) return files.status();
    if (files->empty()) {
      return absl::NotFoundError(absl::StrCat("no ", tb.family(), " tablebase in ", dir));
    }
    std::vector<std::pair<SliceKey, std::string>> slices;
    for (const SliceFile& file : *files) slices.emplace_back(file.key, file.path);
    return CompressSliceFiles(tb, slices, threads, progress, stop);
  }
}

// Builds every slice `options` asks for (resuming: complete files are kept);
// progress lines go to `progress`. Setting options.stop returns a Cancelled
// status; files written so far are complete and reused by
// the next build.
template <Game G>
absl::Status BuildTablebases(const G& game, const TbBuildOptions& options, std::ostream& progress) {
  if constexpr (!TablebaseFor<G>::kSupported) {
    return NoTablebaseError(game.name());
  } else {
    using Tb = typename TablebaseFor<G>::Type;
    const Tb tb = Tb::ForGame(game);
    absl::StatusOr<std::vector<SliceKey>> slices = tb.Slices(game, options.upto);
    if (!slices.ok()) return slices.status();
    SliceTables tables;
    return BuildSlices(tb, *slices, options, progress, tables);
  }
}

// Opens the tables for `game` in `dir` and probes one position.
template <Game G>
absl::StatusOr<TbProbeResult> ProbeTablebase(const G& game, const typename G::Position& position,
                                             const std::string& dir) {
  if constexpr (!TablebaseFor<G>::kSupported) {
    return NoTablebaseError(game.name());
  } else {
    using Tb = typename TablebaseFor<G>::Type;
    absl::StatusOr<Tablebase<Tb>> base = OpenTablebase(game, dir, FileCheck::kHeader);
    if (!base.ok()) return base.status();
    return ProbeOpen(*base, position);
  }
}

inline const char* ResultName(TbResult r) {
  return r == TbResult::kWin ? "win" : r == TbResult::kLoss ? "loss" : "draw";
}

// Text for people: the value, the best decision, each decision's value, the line.
template <Game G>
std::string FormatProbeText(const G& game, const TbProbeResult& r) {
  const SiteNames& names = game.site_names();
  auto turns = [](const TbValue& v) {
    return absl::StrCat(ValueText(v), v.result == TbResult::kDraw ? "" : " turns");
  };
  std::string text = absl::StrCat(r.family, ": ", turns(r.value), " for the player to move");
  if (r.under_limit != r.value) {
    absl::StrAppend(&text, " (", turns(r.under_limit), " under the turn limit)");
  }
  absl::StrAppend(&text, "\n");
  if (r.best) absl::StrAppend(&text, "best: ", FormatDecision(*r.best, names), "\n");
  for (const RankedDecision& d : r.decisions) {
    absl::StrAppend(&text, "  ", FormatDecision(d.decision, names), ": ", ValueText(d.value), "\n");
  }
  if (!r.line.empty()) {
    absl::StrAppend(&text, "line:");
    for (Decision d : r.line) absl::StrAppend(&text, " ", FormatDecision(d, names));
    absl::StrAppend(&text, " (", r.line.size(), " plies)\n");
  }
  return text;
}

// One line per slice file: slice, positions, bytes, value shares, longest
// distance, checksum. Opening verifies every file.
template <Game G>
absl::StatusOr<std::string> TablebaseInfo(const G& game, const std::string& dir_or_empty) {
  if constexpr (!TablebaseFor<G>::kSupported) {
    return NoTablebaseError(game.name());
  } else {
    using Tb = typename TablebaseFor<G>::Type;
    const std::string dir = TablebaseDir(dir_or_empty);
    absl::StatusOr<Tablebase<Tb>> base = OpenTablebase(game, dir);
    if (!base.ok()) return base.status();
    std::vector<const MappedSlice*> slices;
    for (const auto& [key, slice] : base->tables().all()) slices.push_back(slice.get());
    std::sort(slices.begin(), slices.end(), [](auto* a, auto* b) { return a->path() < b->path(); });
    std::string text =
        absl::StrCat(base->tb().family(), " in ", dir, ": ", slices.size(), " slices\n");
    uint64_t positions = 0, bytes = 0, result_bytes = 0, distance_bytes = 0, compressed = 0;
    for (const MappedSlice* s : slices) {
      const SliceHeader& h = s->header();
      const uint64_t n = h.wins + h.draws + h.losses;
      const double pct = 100.0 / std::max<uint64_t>(n, 1);
      const SliceKey key{h.key[0], h.key[1], h.key[2], h.key[3], h.key[4] != 0};
      absl::StrAppend(&text,
                      absl::StrFormat("%-16s %12d positions %12d bytes  win %5.1f%% draw %5.1f%% "
                                      "loss %5.1f%%  max %d turns  "
                                      "checksum %016x\n",
                                      key.Name(), n, s->file_bytes(), h.wins * pct, h.draws * pct,
                                      h.losses * pct, h.max_turns, h.checksum));
      positions += n;
      bytes += s->file_bytes();
      if (const CompressedSlice* c = s->compressed(); c != nullptr) {
        result_bytes += c->result_bytes();
        distance_bytes += c->distance_bytes();
        compressed += n;
      }
    }
    absl::StrAppend(
        &text, absl::StrFormat("total: %d positions, %d bytes (%.3f bits/position)\n", positions,
                               bytes, 8.0 * bytes / std::max(1.0, 1.0 * positions)));
    if (compressed > 0) {
      absl::StrAppend(&text, absl::StrFormat("compressed: %d positions; win/draw/loss %.3f "
                                             "bits/position, distances %.3f bits/position\n",
                                             compressed, 8.0 * result_bytes / compressed,
                                             8.0 * distance_bytes / compressed));
    }
    return text;
  }
}

// The value of a decision for its mover; `child` is the stored entry of a
// kChild successor's position (ignored for the others).
inline TbValue DecisionValue(const Successor& s, Entry child) {
  if (s.kind == Successor::kWin) return {TbResult::kWin, 1};
  if (s.kind == Successor::kChild) return FromParent(ValueOf(child), s.same_mover);
  return TbValue{};  // the all-pass draw
}

// The table holding a decision's position: null for a decision that ends
// the game, an error when its slice is not in `tables`.
inline absl::StatusOr<const MappedSlice*> SuccessorSlice(const SliceTables& tables,
                                                         const Successor& s) {
  if (s.kind != Successor::kChild) return nullptr;
  const MappedSlice* slice = tables.Find(s.at.key);
  if (slice == nullptr) {
    return absl::NotFoundError(absl::StrCat("slice ", s.at.key.Name(), " missing"));
  }
  return slice;
}

// The value a position should have from its decisions' stored values.
template <TablebaseGame Tb>
absl::StatusOr<TbValue> ValueFromSuccessors(const Tb& tb, const SliceTables& tables,
                                            const typename Tb::Position& position) {
  TbValue best{TbResult::kLoss, 0};
  absl::Status status;
  tb.ForEachSuccessor(position, [&](const Successor& s) {
    const absl::StatusOr<const MappedSlice*> slice = SuccessorSlice(tables, s);
    if (!slice.ok()) {
      status = slice.status();
      return;
    }
    absl::StatusOr<Entry> child = *slice != nullptr ? (*slice)->Read(s.at.index) : kDrawEntry;
    if (!child.ok()) {
      status = child.status();
      return;
    }
    const TbValue v = DecisionValue(s, *child);
    if (Better(v, best)) best = v;
  });
  if (!status.ok()) return status;
  return best;
}

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_OPERATIONS_TB_OPERATIONS_H_
