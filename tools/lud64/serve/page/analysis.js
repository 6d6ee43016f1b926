// The analysis panel: one stream from /api/analyse at a time, its lines
// (multi-PV) in a table with score, depth, nodes, speed and line, the
// summary, and the best decision for the board and "play best".
import { analyse, request } from './api.js';
import { p1Text } from './score.js';

function count(n) {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return String(n);
}

export class Analysis {
  // `on.best(decision)`: the best so far (null when cleared); `on.score(ply,
  // score, mover)`: the best line's score; `on.error(message)`; `on.state(running)`.
  constructor(tableBody, summary, on) {
    this.tableBody = tableBody;
    this.summary = summary;
    this.on = on;
    this.stream = null;
    this.lines = new Map();
    this.generation = 0;
  }

  get running() { return this.stream !== null; }

  // Analyses `request` (an /api/analyse body) of the position after `ply`
  // decisions, where `mover` is to move.
  start(request, ply, mover) {
    this.stop();
    this.clear();
    const generation = ++this.generation;
    this.mover = mover;
    this.id = undefined;
    this.summary.textContent = 'starting…';
    const stream = analyse(request, (name, data) => {
      if (generation !== this.generation) return;
      if (name === 'start') this.id = data.id;
      if (name === 'info') this.info(data, ply);
      if (name === 'best') this.finish(data, ply);
      if (name === 'error') this.on.error(data.error);
    });
    this.stream = stream;
    this.on.state(true);
    stream.done.catch((error) => {
      if (error.name !== 'AbortError' && generation === this.generation) this.on.error(error.message);
    }).finally(() => {
      if (generation !== this.generation) return;
      this.stream = null;
      this.on.state(false);
    });
  }

  // Closes the stream: the server stops the search.
  stop() {
    if (!this.stream) return;
    // The server stops a search whose stream closes within its heartbeat;
    // asked by id, at once.
    if (this.id !== undefined) request('/api/stop', { id: this.id }).catch(() => {});
    this.stream.abort();
    this.stream = null;
    this.summary.textContent += ' (stopped)';
    this.on.state(false);
  }

  clear() {
    ++this.generation;
    this.lines.clear();
    this.tableBody.innerHTML = '';
    this.summary.textContent = '';
    this.best = null;
    this.on.best(null);
  }

  info(data, ply) {
    this.lines.set(data.multipv, data);
    if (data.multipv === 1) {
      this.on.score(ply, data.score, this.mover);
      if (data.pv.length) this.on.best({ text: data.pv[0] });
    }
    this.render();
    this.summary.textContent = `${data.engine}: depth ${data.depth}, ${count(data.nodes)} nodes, ` +
      `${count(data.nps)} per second, ${data.seconds.toFixed(1)} s`;
  }

  finish(data, ply) {
    this.best = data.best;
    this.on.best(data.best);
    if (data.lines.length) {
      this.lines.clear();
      for (const line of data.lines) this.lines.set(line.multipv, line);
    } else {
      this.lines.set(1, data.info);
    }
    this.on.score(ply, data.info.score, this.mover);
    this.render();
    this.summary.textContent = `best ${data.best.text} (${data.stopped ? 'stopped' : 'done'}), ` +
      `depth ${data.info.depth}, ${count(data.info.nodes)} nodes in ${data.seconds.toFixed(1)} s`;
  }

  render() {
    const rows = [...this.lines.values()].sort((a, b) => a.multipv - b.multipv);
    this.tableBody.innerHTML = '';
    for (const line of rows) {
      const tr = document.createElement('tr');
      const cells = [line.multipv, `${p1Text(line.score, this.mover)} (${line.score.text})`,
        line.depth, count(line.nodes), count(line.nps), line.pv.join(' ')];
      cells.forEach((value, i) => {
        const td = document.createElement('td');
        td.textContent = value;
        if (i === 5) td.className = 'pv';
        tr.appendChild(td);
      });
      this.tableBody.appendChild(tr);
    }
  }
}
