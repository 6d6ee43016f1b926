#include <ostream>
#include <type_traits>
#include <variant>

#include "absl/strings/str_format.h"
#include "play/peak_memory.h"
#include "play/playouts_run.h"
#include "play/wilson_interval.h"

namespace lud64 {
namespace {

void PrintJson(const PlayoutsRequest& request, const std::string& game, const PlayoutRun& run,
               std::ostream& out) {
  const PlayoutStats& s = run.stats;
  const double seconds = run.seconds > 0 ? run.seconds : 1e-9;
  out << absl::StreamFormat(
      "{\"game\": \"%s\", \"playouts\": %d, \"decisions\": %d, \"seconds\": %.6f, "
      "\"playouts_per_second\": %.1f, \"decisions_per_second\": %.1f, \"p1_wins\": %d, "
      "\"p2_wins\": %d, \"draws\": %d, \"mean_plies\": %.4f, \"max_plies\": %d, "
      "\"ended_own_rule\": %d, \"ended_all_pass\": %d, \"ended_turn_limit\": %d, "
      "\"threads\": %d, \"seed\": %d, \"peak_rss_bytes\": %d, \"interrupted\": %s}\n",
      game, s.playouts, s.decisions, run.seconds, s.playouts / seconds, s.decisions / seconds,
      s.count(Outcome::kP1Wins), s.count(Outcome::kP2Wins), s.count(Outcome::kDraw), s.mean_plies(),
      s.max_plies, s.count(EndReason::kOwnRule), s.count(EndReason::kAllPass),
      s.count(EndReason::kTurnLimit), request.threads, request.seed, PeakRssBytes(),
      run.interrupted ? "true" : "false");
}

void PrintShare(const char* label, uint64_t k, uint64_t n, std::ostream& out) {
  const Interval ci = Wilson95(k, n);
  out << absl::StreamFormat("%-11s %10d  %6.2f%%  (95%% CI %.2f%% to %.2f%%)\n", label, k,
                            n ? 100.0 * k / n : 0.0, 100 * ci.low, 100 * ci.high);
}

}  // namespace

void PrintPlayoutReport(const PlayoutsRequest& request, const std::string& game,
                        const PlayoutRun& run, std::ostream& out) {
  if (request.json) return PrintJson(request, game, run, out);
  const PlayoutStats& s = run.stats;
  const double seconds = run.seconds > 0 ? run.seconds : 1e-9;
  out << absl::StreamFormat("game        %s from %s\n", game, request.position)
      << absl::StreamFormat("playouts    %d (threads %d, seed %d)%s\n", s.playouts, request.threads,
                            request.seed, run.interrupted ? " interrupted" : "")
      << absl::StreamFormat("decisions   %d\n", s.decisions)
      << absl::StreamFormat("time        %.3f s\n", run.seconds)
      << absl::StreamFormat("speed       %.0f playouts/s, %.0f decisions/s\n", s.playouts / seconds,
                            s.decisions / seconds);
  PrintShare("P1 wins", s.count(Outcome::kP1Wins), s.playouts, out);
  PrintShare("P2 wins", s.count(Outcome::kP2Wins), s.playouts, out);
  PrintShare("draws", s.count(Outcome::kDraw), s.playouts, out);
  out << absl::StreamFormat("plies       mean %.2f, sd %.2f, max %d\n", s.mean_plies(),
                            s.stddev_plies(), s.max_plies)
      << absl::StreamFormat("ended by    own rule %d, all-pass draw %d, turn limit %d\n",
                            s.count(EndReason::kOwnRule), s.count(EndReason::kAllPass),
                            s.count(EndReason::kTurnLimit))
      << absl::StreamFormat("memory      peak RSS %.1f MiB\n", Mebibytes(PeakRssBytes()));
}

PlayoutRun RunAnyPlayouts(const AnyGame& game, const AnyPosition& start,
                          const PlayoutRequest& request, const PlayoutProgress& on_progress) {
  return std::visit(
      [&](const auto& g) {
        using G = std::decay_t<decltype(g)>;
        return RunGamePlayouts(g, std::get<typename G::Position>(start), request, on_progress);
      },
      game);
}

}  // namespace lud64
