// The endgame tables' view (lud64 serve --tb): every legal decision's value
// (win, draw or loss, with the turns to the end), on the board and in a list.
import { request } from './api.js';

const ORDER = { win: 0, draw: 1, unknown: 2, loss: 3 };

export async function probe(body) {
  return request('/api/probe', body);
}

// Lists `answer`'s decisions, best first, each clickable; the values by
// decision text, for the board.
export function showProbe(answer, summary, list, onClick) {
  list.innerHTML = '';
  if (!answer.held) {
    summary.textContent = `tables: ${answer.reason}`;
    return null;
  }
  summary.textContent = `tables (${answer.family}): ${answer.value}` +
    (answer.value === 'draw' ? '' : ` in ${answer.turns} turns`) + ' for the player to move';
  const decisions = [...answer.decisions].sort((a, b) => ORDER[a.value] - ORDER[b.value] ||
    (a.value === 'win' ? a.turns - b.turns : b.turns - a.turns));
  const values = {};
  for (const d of decisions) {
    values[d.text] = d;
    const li = document.createElement('li');
    li.className = d.value;
    li.dataset.decision = d.text;
    li.textContent = `${d.text} ${d.value}${d.value === 'draw' || d.value === 'unknown' ? '' : ` ${d.turns}`}`;
    li.addEventListener('click', () => onClick(d.text));
    list.appendChild(li);
  }
  return values;
}
