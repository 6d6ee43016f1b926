// The evaluation bar beside the board and the graph of the score over the
// game (P1's share at each ply analysed or played by the engine).

export function drawEvalBar(fill, label, share, text) {
  fill.style.height = `${Math.round(share * 100)}%`;
  label.textContent = text;
}

// `shares[ply]`: P1's share after `ply` decisions, or undefined; `current`: the ply shown.
export function drawGraph(svg, shares, plies, current) {
  const width = 300;
  const height = 80;
  const count = Math.max(plies, 1);
  const x = (ply) => (ply / count) * width;
  const y = (share) => height - share * height;
  const points = [];
  for (let ply = 0; ply <= plies; ++ply) {
    if (shares[ply] !== undefined) points.push(`${x(ply).toFixed(1)},${y(shares[ply]).toFixed(1)}`);
  }
  svg.innerHTML = `<line class="axis" x1="0" y1="${height / 2}" x2="${width}" y2="${height / 2}"/>` +
    `<polyline class="score" points="${points.join(' ')}"/>` +
    `<line class="now" x1="${x(current)}" y1="0" x2="${x(current)}" y2="${height}"/>`;
}
