// The page: the game (its line of decisions and the ply shown), the board,
// play against the engine, navigation, analysis, tables, the record in and
// out and the link; every error shown in the message bar.
import { request } from './api.js';
import { Board } from './board.js';
import { Analysis } from './analysis.js';
import { drawEvalBar, drawGraph } from './graph.js';
import { installKeys } from './keys.js';
import { hashOf, parseHash, parseRecord, recordText } from './record.js';
import { p1Share, p1Text } from './score.js';
import { probe, showProbe } from './tables.js';

const $ = (id) => document.getElementById(id);
const state = {
  game: 'davxar', start: 'start', moves: [], ply: 0, engineSide: '',
  shares: [], scoreTexts: [], movers: [], current: null, tables: false, thinking: false,
};
const timing = { firstDraw: null, engineLatency: [] };
window.lud64 = { state, timing };
let loadToken = 0; // counts load()s; an answer for an older one is dropped
let drawnToken = 0; // the load() whose position is drawn
let loadPending = false; // the latest load() has not answered yet

function showMessage(text, kind = 'error') {
  const bar = $('message');
  bar.textContent = text;
  bar.className = kind;
  bar.hidden = false;
}
function clearMessage() { $('message').hidden = true; }

const board = new Board($('board'), (text) => play(text), (reason) => showMessage(`refused: ${reason}`));
const analysis = new Analysis($('lines-table').querySelector('tbody'), $('analysis-summary'), {
  best: (decision) => {
    board.setBest(decision && state.current ? state.current.legal.find((d) => d.text === decision.text) : null);
    $('play-best').disabled = !decision;
  },
  score: (ply, score, mover) => {
    state.shares[ply] = p1Share(score, mover);
    state.scoreTexts[ply] = p1Text(score, mover);
    if (ply === state.ply) drawEvalBar($('eval-fill'), $('eval-text'), state.shares[ply], p1Text(score, mover));
    drawGraph($('graph'), state.shares, state.moves.length, state.ply);
  },
  error: (message) => showMessage(`analysis: ${message}`),
  state: (running) => { $('analyse').disabled = running; $('stop').disabled = !running; },
});

// --- The game and its options

function gameSpec() {
  const name = $('game').value;
  if (name !== 'davxar') return name;
  const options = [];
  if ($('pieces').value !== '12') options.push(`pieces=${$('pieces').value}`);
  if ($('lines').value !== 'historical') options.push(`lines=${$('lines').value}`);
  return options.length ? `davxar:${options.join(',')}` : 'davxar';
}

function showGameOptions(spec) {
  const [name, options = ''] = spec.split(':');
  // The games list may not have come yet: the select must still name the game
  // shown, since the next request reads it (gameSpec).
  if (![...$('game').options].some((o) => o.value === name)) $('game').add(new Option(name, name));
  $('game').value = name;
  $('davxar-options').hidden = name !== 'davxar';
  const values = Object.fromEntries(options.split(',').filter(Boolean).map((o) => o.split('=')));
  $('pieces').value = values.pieces || '12';
  $('lines').value = values.lines || 'historical';
}

// The games (davxar is there from the start, for the first position) and
// whether the server has tables; probes the position shown once it knows.
async function loadGames() {
  const answer = await request('/api/games');
  state.tables = answer.tables;
  $('game').innerHTML = '';
  for (const game of answer.games) {
    const option = new Option(game.name, game.name);
    option.title = game.title;
    $('game').add(option);
  }
  showGameOptions(state.game);
  // Without tables nothing is new; a load under way probes by itself.
  // Otherwise only the tables are new: the position drawn keeps its board (a
  // redraw would drop a click in flight), unless the last load failed and
  // the board is not the game's.
  if (!state.tables || !state.current || loadPending) return;
  if (drawnToken === loadToken) {
    showTables(drawnToken, state.current);
  } else {
    run(load());
  }
}

// --- Positions

function currentBody(ply = state.ply) {
  return { game: state.game, position: state.start, moves: state.moves.slice(0, ply) };
}

// Draws the position after state.ply decisions; then the tables, and the
// engine's turn.
async function load() {
  const token = ++loadToken;
  loadPending = true;
  let data;
  try {
    data = await request('/api/position', currentBody());
  } finally {
    if (token === loadToken) loadPending = false;
  }
  if (token !== loadToken) return;
  state.current = data;
  drawnToken = token;
  state.game = data.game;
  state.movers[state.ply] = data.to_move;
  board.draw(data);
  if (timing.firstDraw === null) {
    timing.firstDraw = performance.now();
    $('timing').textContent = `page drawn in ${Math.round(timing.firstDraw)} ms`;
  }
  showPosition(data);
  showTables(token, data);
  if (analysis.running) startAnalysis();
  engineTurn();
}

// The tables' values of the position `data`, drawn by load() `token`.
function showTables(token, data) {
  if (state.tables && !data.over) {
    probe(currentBody()).then((answer) => {
      if (token !== loadToken) return;
      board.setTableValues(showProbe(answer, $('tables-summary'), $('table-list'), play));
    }).catch((error) => showMessage(`tables: ${error.message}`));
  } else {
    $('table-list').innerHTML = '';
    $('tables-summary').textContent = state.tables ? 'tables: the game is over' : 'no tables (start lud64 serve with --tb=DIR)';
  }
}

function showPosition(data) {
  const passOnly = data.legal.length === 1 && data.legal[0].kind === 'pass';
  $('status').textContent = data.status + (passOnly ? ': no decision but a pass' : '');
  if (passOnly && !engineToMove()) {
    const button = document.createElement('button');
    button.textContent = 'pass';
    button.id = 'pass';
    button.addEventListener('click', () => play('pass'));
    $('status').append(' ', button);
  }
  $('result').hidden = !data.over;
  $('result').textContent = data.over ? `Result: ${data.result.text}` : '';
  $('position-text').value = data.position;
  $('record').value = recordText(state.start, state.moves);
  const hash = hashOf(state);
  $('link').href = hash;
  history.replaceState(null, '', hash);
  renderDecisions();
  const share = state.shares[state.ply];
  drawEvalBar($('eval-fill'), $('eval-text'), share ?? 0.5, state.scoreTexts[state.ply] ?? '');
  drawGraph($('graph'), state.shares, state.moves.length, state.ply);
  board.setInteractive(!engineToMove());
}

function renderDecisions() {
  const list = $('decisions');
  list.innerHTML = '';
  state.moves.forEach((text, i) => {
    const li = document.createElement('li');
    li.textContent = text;
    li.dataset.ply = String(i + 1);
    const mover = state.movers[i];
    if (mover) li.className = mover.toLowerCase();
    if (i + 1 === state.ply) li.classList.add('current');
    li.addEventListener('click', () => goTo(i + 1));
    list.appendChild(li);
  });
  list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}

function run(promise) {
  promise.catch((error) => showMessage(error.message));
}

// Plays `text` after the ply shown (dropping the decisions after it).
function play(text) {
  clearMessage();
  state.moves = state.moves.slice(0, state.ply);
  state.shares.length = Math.min(state.shares.length, state.ply + 1);
  state.moves.push(text);
  state.ply += 1;
  run(load().catch((error) => {
    state.moves.pop();
    state.ply -= 1;
    throw error;
  }));
}

function goTo(ply) {
  if (ply < 0 || ply > state.moves.length || ply === state.ply) return;
  state.ply = ply;
  run(load());
}

// --- The engine

function engineToMove() {
  const data = state.current;
  return Boolean(state.engineSide && data && !data.over && data.to_move === state.engineSide &&
    state.ply === state.moves.length);
}

async function engineTurn() {
  if (!engineToMove() || state.thinking) return;
  state.thinking = true;
  const body = { ...currentBody(), engine: $('engine-kind').value, seconds: Number($('engine-seconds').value) };
  const key = JSON.stringify(currentBody());
  $('status').textContent = `${state.current.status}: the engine is thinking…`;
  const started = performance.now();
  try {
    const answer = await request('/api/move', body);
    const latency = (performance.now() - started) / 1000;
    timing.engineLatency.push({ seconds: body.seconds, latency });
    state.thinking = false;
    if (key !== JSON.stringify(currentBody())) return engineTurn();
    state.shares[state.ply] = p1Share(answer.info.score, state.current.to_move);
    state.scoreTexts[state.ply] = p1Text(answer.info.score, state.current.to_move);
    $('timing').textContent = `engine: ${answer.decision.text} (${answer.info.score.text}, depth ` +
      `${answer.info.depth}) in ${latency.toFixed(2)} s for ${body.seconds} s`;
    play(answer.decision.text);
  } catch (error) {
    state.thinking = false;
    showMessage(`engine: ${error.message}`);
  }
}

// The player to move after `ply` decisions.
async function moverAt(ply) {
  if (!state.movers[ply]) state.movers[ply] = (await request('/api/position', currentBody(ply))).to_move;
  return state.movers[ply];
}

// Back to the player's last decision: the engine's answers after it go too.
async function takeback() {
  if (state.moves.length === 0 || state.thinking) return;
  analysis.stop();
  let ply = state.moves.length - 1;
  while (state.engineSide && ply > 0 && (await moverAt(ply)) === state.engineSide) --ply;
  state.moves = state.moves.slice(0, ply);
  state.shares.length = Math.min(state.shares.length, ply + 1);
  state.ply = ply;
  clearMessage();
  await load();
}

function newGame(start = 'start', moves = []) {
  analysis.stop();
  analysis.clear();
  clearMessage();
  const old = { ...state, moves: [...state.moves] };
  Object.assign(state, { game: gameSpec(), start, moves, ply: moves.length, shares: [], scoreTexts: [], movers: [] });
  run(load().catch((error) => {
    Object.assign(state, old);
    showGameOptions(state.game);
    throw error;
  }));
}

// --- Analysis

function startAnalysis() {
  const data = state.current;
  if (!data || data.over) return showMessage('analysis: the game is over');
  clearMessage();
  analysis.start({ ...currentBody(), engine: $('analysis-kind').value,
    multipv: Number($('multipv').value), seconds: Number($('analysis-seconds').value) },
  state.ply, data.to_move);
}

function playBest() {
  if (analysis.best && state.current.legal.some((d) => d.text === analysis.best.text)) {
    const text = analysis.best.text;
    analysis.stop();
    play(text);
  } else if (analysis.lines.get(1)?.pv.length) {
    const text = analysis.lines.get(1).pv[0];
    analysis.stop();
    play(text);
  }
}

// --- Wiring

const actions = {
  previous: () => goTo(state.ply - 1), next: () => goTo(state.ply + 1),
  first: () => goTo(0), last: () => goTo(state.moves.length),
  analyse: startAnalysis, stop: () => analysis.stop(), playBest,
  takeback: () => run(takeback()), newGame: () => newGame(), flip: () => board.flip(),
  deselect: () => board.deselect(),
};

function wire() {
  $('new-game').addEventListener('click', actions.newGame);
  $('game').addEventListener('change', () => { showGameOptions(gameSpec()); newGame(); });
  $('pieces').addEventListener('change', () => newGame());
  $('lines').addEventListener('change', () => newGame());
  $('engine-side').addEventListener('change', () => {
    state.engineSide = $('engine-side').value;
    if (state.current) showPosition(state.current);
    engineTurn();
  });
  $('takeback').addEventListener('click', actions.takeback);
  $('flip').addEventListener('click', actions.flip);
  $('first').addEventListener('click', actions.first);
  $('previous').addEventListener('click', actions.previous);
  $('next').addEventListener('click', actions.next);
  $('last').addEventListener('click', actions.last);
  $('analyse').addEventListener('click', actions.analyse);
  $('stop').addEventListener('click', actions.stop);
  $('play-best').addEventListener('click', actions.playBest);
  $('set-position').addEventListener('click', () => newGame($('position-text').value.trim() || 'start'));
  $('load-record').addEventListener('click', () => {
    const { start, moves } = parseRecord($('record').value);
    newGame(start, moves);
  });
  installKeys(actions, $('help'));
  window.addEventListener('hashchange', () => {
    const wanted = parseHash(location.hash);
    if (wanted && location.hash !== hashOf(state)) openHash(wanted);
  });
}

function openHash(wanted) {
  analysis.stop();
  analysis.clear();
  showGameOptions(wanted.game);
  state.engineSide = wanted.engineSide;
  $('engine-side').value = wanted.engineSide;
  Object.assign(state, { game: wanted.game, start: wanted.start, moves: wanted.moves, ply: wanted.ply,
    shares: [], scoreTexts: [], movers: [] });
  run(load().then(() => { if (wanted.analyse) startAnalysis(); }));
}

async function main() {
  wire();
  // The games and the first position are asked for at once.
  const games = loadGames();
  for (let n = 3; n <= 16; ++n) $('pieces').add(new Option(String(n), String(n)));
  $('game').add(new Option('davxar', 'davxar'));
  const wanted = parseHash(location.hash);
  if (wanted) {
    openHash(wanted);
  } else {
    showGameOptions('davxar');
    newGame();
  }
  try {
    await games;
  } catch (error) {
    showMessage(error.message);
  }
}

main();
