// Starts `lud64 serve` on a free port for a test, and the tables it needs.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The lud64 binary: $LUD64 (ctest sets it), else the ci-release build's.
export const lud64 = process.env.LUD64 ||
  new URL('../../../../build/ci-release/tools/lud64/lud64', import.meta.url).pathname;

// A temporary directory with the davxar:pieces=3 tables, built now (a few seconds).
export function buildTables() {
  const dir = mkdtempSync(join(tmpdir(), 'lud64-e2e-tables-'));
  execFileSync(lud64, ['tb', 'build', '--game=davxar:pieces=3', '--threads=2', `--tb=${dir}`],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// `lud64 serve --port=0 ...args`: resolves to {url, stop()} once it prints its URL.
export function startServer(args) {
  const child = spawn(lud64, ['serve', '--port=0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = stdout.match(/^(http:\/\/\S+\/)\n/m);
      if (match) {
        resolve({
          url: match[1],
          stop: () => new Promise((done) => { child.once('exit', done); child.kill('SIGINT'); }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`lud64 serve exited with ${code}: ${stderr}`)));
  });
}
