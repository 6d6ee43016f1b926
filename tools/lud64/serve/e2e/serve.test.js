// lud64 serve end to end in headless Chromium: the page draws, analysis
// streams and stops, and a davxar:pieces=3 game is played by clicking
// against the engine through a mill and a removal, with the tables' marks,
// the decision list and a takeback; a game list that comes late brings the
// tables without redrawing the board, after a failed load too. A failing
// test leaves a screenshot in $LUD64_E2E_OUT (default: the system's
// temporary directory).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTables, startServer } from './server.js';
import { clickSite, message, openBrowser, waitForMoves } from './page.js';

let tables;
let server;
let browser;
let page;
const pageErrors = [];

before(async () => {
  tables = buildTables();
  server = await startServer([`--tb=${tables.dir}`, '--threads=2']);
  browser = await openBrowser();
});

// A fresh page for each test.
async function newPage() {
  await page?.close();
  page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  page.on('pageerror', (error) => pageErrors.push(error.message));
}

after(async () => {
  await browser?.close();
  await server?.stop();
  tables?.remove();
});

// Runs `body`, keeping a screenshot of the page when it fails.
async function withScreenshot(name, body) {
  try {
    await body();
  } catch (error) {
    const path = join(process.env.LUD64_E2E_OUT || tmpdir(), `lud64-e2e-${name}.png`);
    await page.screenshot({ path }).catch(() => {});
    error.message += ` (screenshot: ${path})`;
    throw error;
  }
}

const state = () => page.evaluate(() => window.lud64.state.current);

// Opens the page on `game` (a link's #game=) and waits for its first position.
async function openGame(game) {
  await page.goto(`${server.url}#game=${game}`);
  await page.waitForFunction((g) => window.lud64.state.current?.game === g, {}, game);
}

test('the page draws within a second; analysis streams lines and stops', (t) =>
  withScreenshot('analysis', async () => {
    // The best of three loads: a load is timed on the wall clock, and CI
    // runs this test beside others on two cores (one load took 1151 ms there).
    const draws = [];
    for (let load = 0; load < 3 && !(Math.min(...draws) < 1000); ++load) {
      await newPage();
      await page.goto(server.url);
      await page.waitForSelector('#board svg');
      draws.push(await page.evaluate(() => window.lud64.timing.firstDraw));
    }
    const drawn = Math.min(...draws);
    t.diagnostic(`page drawn in ${draws.map(Math.round).join(', ')} ms`);
    assert.ok(drawn < 1000, `page drawn in ${draws.join(', ')} ms`);
    assert.equal((await state()).game, 'davxar');
    await page.$eval('#multipv', (input) => { input.value = '3'; });
    await page.$eval('#analysis-seconds', (input) => { input.value = '30'; });
    await page.click('#analyse');
    await page.waitForFunction(() => {
      const rows = document.querySelectorAll('#lines-table tbody tr');
      return rows.length === 3 && Number(rows[0].children[2].textContent) >= 4;
    }, { timeout: 10000 });
    const row = await page.$eval('#lines-table tbody tr', (tr) => tr.textContent);
    assert.match(row, /cp -?\d+/);
    await page.click('#stop');
    await page.waitForFunction(() => document.querySelector('#stop').disabled &&
      !document.querySelector('#analyse').disabled);
    assert.match(await page.$eval('#analysis-summary', (s) => s.textContent), /stopped/);
    // The stopped search gave back its slot: both answer within half a second.
    const answers = await page.evaluate(async () => {
      await new Promise((resolve) => { setTimeout(resolve, 500); });
      return Promise.all([1, 2].map(() => fetch('/api/move', {
        method: 'POST', body: JSON.stringify({ game: 'davxar', seconds: 0.05 }),
      }).then((r) => r.status)));
    });
    assert.deepEqual(answers, [200, 200]);
  }));

test('a davxar:pieces=3 game against the engine: a mill, a removal, tables, takeback', (t) =>
  withScreenshot('game', async () => {
    await newPage();
    await openGame('davxar:pieces=3');
    // The tables mark every legal decision, on the board and in the list.
    await page.waitForFunction(() => document.querySelectorAll('#table-list li').length ===
      window.lud64.state.current.legal.length && document.querySelector('.tb-mark'));
    const played = [];
    for (const site of ['G7', 'H5', 'E7', 'G3', 'C7']) {
      await clickSite(page, site);
      played.push(site);
      await waitForMoves(page, played);
    }
    // A mill: only removals are legal, and a click elsewhere is refused with the reason.
    const mill = await state();
    assert.ok(mill.legal.every((d) => d.kind === 'remove'), JSON.stringify([mill.moves, mill.legal]));
    await clickSite(page, 'E4');
    assert.match(await message(page), /refused: a mill: remove one of the opponent's pieces/);
    await clickSite(page, 'G3');
    played.push('xG3');
    await waitForMoves(page, played);
    await page.waitForSelector('.tb-mark');
    const marks = await page.$$eval('.tb-mark', (m) => m.map((e) => e.textContent));
    assert.ok(marks.length > 0 && marks.every((t) => /^(W\d+|L\d+|=)$/.test(t)), marks.join(' '));

    // The engine takes P2 and answers within its time.
    await page.$eval('#engine-seconds', (input) => { input.value = '0.2'; });
    await page.select('#engine-side', 'P2');
    await page.waitForFunction(() => window.lud64.state.current.moves.length === 7, { timeout: 5000 });
    const [latency] = await page.evaluate(() => window.lud64.timing.engineLatency);
    t.diagnostic(`engine answered in ${latency.latency.toFixed(3)} s for ${latency.seconds} s`);
    // Within its time and 100 ms, and some slack for a loaded machine.
    assert.ok(latency.latency < latency.seconds + 0.25, JSON.stringify(latency));

    // P1 moves a piece: picked up (its targets marked), then put down; the engine answers.
    const step = (await state()).legal.find((d) => d.kind === 'step');
    assert.ok(step, 'P1 has a step');
    await clickSite(page, step.from);
    await page.waitForSelector('.selected-mark');
    await page.waitForSelector(`.legal-mark[data-legal="${step.to}"]`);
    await clickSite(page, step.to);
    await page.waitForFunction(() => {
      const s = window.lud64.state;
      return s.current.moves.length === 9 || (s.current.moves.length === 8 && s.current.over);
    }, { timeout: 5000 });
    const moves = (await state()).moves;
    assert.equal(moves[7], step.text);

    // The decision list: one item a decision; a click and the keys move through the game.
    assert.equal(await page.$$eval('#decisions li', (items) => items.length), moves.length);
    await page.click('#decisions li[data-ply="2"]');
    await waitForMoves(page, moves.slice(0, 2));
    await page.keyboard.press('ArrowRight');
    await waitForMoves(page, moves.slice(0, 3));
    await page.keyboard.press('Home');
    await waitForMoves(page, []);
    await page.keyboard.press('End');
    await waitForMoves(page, moves);

    // Takeback: back before P1's step, the engine's answer with it.
    await page.click('#takeback');
    await waitForMoves(page, moves.slice(0, 7));
    assert.equal((await state()).to_move, 'P1');
    assert.deepEqual(pageErrors, []);
  }));

test('the result of a finished game, and errors, on the page', () =>
  withScreenshot('result', async () => {
    await newPage();
    await page.goto(`${server.url}#game=guettal&moves=A2 pass pass`);
    await page.waitForFunction(() => !document.querySelector('#result').hidden);
    assert.equal(await page.$eval('#result', (r) => r.textContent), 'Result: P1 wins (own rule)');
    await clickSite(page, 'B2');
    assert.match(await message(page), /refused: the game is over: P1 wins/);
    // A record with an illegal decision: the server's error, the game unchanged.
    await page.$eval('#record', (r) => { r.value = 'A2 A2'; });
    await page.click('#load-record');
    await page.waitForFunction(() => /ply 2: illegal decision/.test(
      document.querySelector('#message').textContent));
    assert.deepEqual((await state()).moves, ['A2', 'pass', 'pass']);
  }));

// A fresh page on `game` whose /api/games is held until the returned
// function is called; returns once the game's first position is drawn.
async function openWithGamesHeld(game) {
  await newPage();
  let release;
  const released = new Promise((resolve) => { release = resolve; });
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.url().endsWith('/api/games')) {
      released.then(() => request.continue());
    } else {
      request.continue();
    }
  });
  await openGame(game);
  return release;
}

test('a game list that comes after the first draw brings the tables, not a redraw', () =>
  withScreenshot('late-games', async () => {
    // A redraw then would drop a click in flight (it did, in CI: "Node is
    // detached from document").
    const releaseGames = await openWithGamesHeld('davxar:pieces=3');
    assert.match(await page.$eval('#tables-summary', (s) => s.textContent), /no tables/);
    await page.$eval('#board svg', (svg) => { svg.dataset.drawn = 'first'; });
    releaseGames();
    await page.waitForSelector('.tb-mark');
    assert.equal(await page.$eval('#board svg', (svg) => svg.dataset.drawn), 'first');
    assert.deepEqual(pageErrors, []);
  }));

test('a game list that comes after a failed load brings the tables too', () =>
  withScreenshot('late-games-failed-load', async () => {
    const releaseGames = await openWithGamesHeld('davxar:pieces=3');
    await page.$eval('#position-text', (input) => { input.value = 'garbage'; });
    await page.click('#set-position');
    await page.waitForFunction(() => !document.querySelector('#message').hidden);
    releaseGames();
    await page.waitForSelector('.tb-mark');
    assert.equal((await state()).game, 'davxar:pieces=3');
    assert.deepEqual(pageErrors, []);
  }));
