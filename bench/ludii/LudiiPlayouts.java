// Ludii's own uniform random playouts of one ruleset, timed: what lud64's
// `lud64 playouts --threads=1` is compared with (bench/ludii_playouts.sh
// builds Ludii from its source and runs this; bench/README.md has the
// figures). One thread: Game.playout with no AI, Ludii's default random
// choice, from game.start each time.
//
// Usage: java LudiiPlayouts <lud resource> <ruleset> <seconds> [warm-up seconds]
// e.g. java LudiiPlayouts /lud/.../Guettal.lud "Ruleset/Guettal (Ludii 15) (Reconstructed)" 10 2

import game.Game;
import java.util.concurrent.ThreadLocalRandom;
import other.GameLoader;
import other.context.Context;
import other.trial.Trial;

public final class LudiiPlayouts {
  private LudiiPlayouts() {}

  public static void main(String[] args) {
    if (args.length < 3 || args.length > 4) {
      System.err.println("usage: LudiiPlayouts <lud resource> <ruleset> <seconds> [warm-up seconds]");
      System.exit(2);
    }
    final String lud = args[0];
    final String ruleset = args[1];
    final double seconds = Double.parseDouble(args[2]);
    final double warmup = args.length == 4 ? Double.parseDouble(args[3]) : 0;
    final Game game = GameLoader.loadGameFromName(lud, ruleset);
    if (game == null || !ruleset.isEmpty() && !ruleset.equals(rulesetOf(game))) {
      System.err.println("error: " + lud + " has no ruleset \"" + ruleset + "\"");
      System.exit(2);
    }
    // The JIT compiles the playout code during the warm-up, which is not timed.
    run(game, warmup);
    final long[] totals = run(game, seconds);
    final long playouts = totals[0];
    final double elapsed = totals[4] / 1e9;
    System.out.printf(
        "%s | %s: %d playouts in %.2f s, %.1f playouts/s, %.2f moves/playout,"
            + " P1 %.2f%% P2 %.2f%% draws %.2f%%%n",
        game.name(), ruleset, playouts, elapsed, playouts / elapsed,
        (double) totals[1] / playouts, 100.0 * totals[2] / playouts,
        100.0 * totals[3] / playouts, 100.0 * (playouts - totals[2] - totals[3]) / playouts);
  }

  // Playouts for `seconds`: {playouts, moves, P1 wins, P2 wins, nanoseconds}.
  private static long[] run(Game game, double seconds) {
    final long begin = System.nanoTime();
    final long end = begin + (long) (seconds * 1e9);
    long playouts = 0, moves = 0, p1 = 0, p2 = 0;
    while (System.nanoTime() < end) {
      final Context context = new Context(game, new Trial(game));
      game.start(context);
      final Trial trial =
          game.playout(context, null, 1.0, null, 0, -1, ThreadLocalRandom.current());
      ++playouts;
      moves += trial.numberRealMoves();
      final int winner = trial.status() == null ? 0 : trial.status().winner();
      if (winner == 1) ++p1;
      if (winner == 2) ++p2;
    }
    return new long[] {playouts, moves, p1, p2, System.nanoTime() - begin};
  }

  private static String rulesetOf(Game game) {
    return game.getRuleset() == null ? null : game.getRuleset().heading();
  }
}
