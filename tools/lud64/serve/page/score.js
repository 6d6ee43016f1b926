// Scores as the page shows them: the server's are for the player to move
// ({cp} centi-pieces, or {win}/{loss} in plies); the bar and the graph show
// P1's share of the expected result.

// P1's expected result, 0 to 1, from a score for `mover`.
export function p1Share(score, mover) {
  let share;
  if (score.win !== undefined) share = 1;
  else if (score.loss !== undefined) share = 0;
  else share = 1 / (1 + Math.exp(-score.cp / 150));
  return mover === 'P1' ? share : 1 - share;
}

// Short text for P1: "+1.35", "-0.20", "#7" (P1 wins in 7 plies), "-#7".
export function p1Text(score, mover) {
  const sign = mover === 'P1' ? 1 : -1;
  if (score.win !== undefined) return `${sign > 0 ? '' : '-'}#${score.win}`;
  if (score.loss !== undefined) return `${sign > 0 ? '-' : ''}#${score.loss}`;
  const value = (sign * score.cp) / 100;
  return `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;
}
