// Headless Chromium (Debian's, /usr/bin/chromium, or $CHROMIUM) driven by
// puppeteer-core, and what the test does on the page.
import puppeteer from 'puppeteer-core';

export async function openBrowser() {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    // Root in a container has no user namespace for Chromium's sandbox.
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

// Clicks the site `name` on the board.
export async function clickSite(page, name) {
  await page.click(`#board circle.site-target[data-site="${name}"]`);
}

// Waits until the game's decisions are `moves` (an array), then the board is drawn.
export async function waitForMoves(page, moves, timeout = 5000) {
  const want = moves.join(' ');
  await page.waitForFunction(
    (w) => window.lud64.state.current && window.lud64.state.current.moves.join(' ') === w,
    { timeout }, want);
}

export async function message(page) {
  return page.$eval('#message', (m) => (m.hidden ? '' : m.textContent));
}

export const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
