/**
 * Render cost (not a test): requests/s of the production server for /, /products and /productDetails against
 * express.static serving the very same bytes, measured in one run on 127.0.0.1, and their ratio.
 *
 *   npm run bench:render-cost                 5 s per measurement, 50 connections, 3 rounds
 *   npm run bench:render-cost -- --duration 10 --rounds 5
 *   npm run bench:render-cost -- --no-page-cache   the same with every page rendered afresh (PAGE_CACHE=off)
 *
 * Rounds alternate the two servers so that noise from other work on the machine hits both alike; the
 * ratio uses the median of each.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { spawnServer } from '../tests/support/process.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    paths: { type: 'string', default: '/,/products,/productDetails' },
    'no-page-cache': { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const paths = values.paths.split(',');

const app = await spawnServer({ LOG_LEVEL: 'warn', PAGE_CACHE: values['no-page-cache'] ? 'off' : 'on' });
const dir = await mkdtemp(path.join(tmpdir(), 'storefront-static-'));
for (const page of paths) {
  const html = await (await fetch(app.origin + page)).text();
  await writeFile(path.join(dir, page === '/' ? 'index.html' : `${page.slice(1)}.html`), html);
}
const staticPort = app.port + 1;
const staticServer = spawn(process.execPath, ['bench/static-server.ts', dir, String(staticPort)], { stdio: 'ignore' });
for (let i = 0; i < 100; i++) {
  if (await fetch(`http://127.0.0.1:${staticPort}/`).then((r) => r.ok, () => false)) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const rate = async (url: string) => (await autocannon({ url, connections, duration })).requests.average;
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

try {
  console.log(
    `render cost: ${rounds} alternating rounds of ${duration} s, ${connections} connections, 127.0.0.1, page cache ${values['no-page-cache'] ? 'off' : 'on'}`,
  );
  console.log('page              app req/s   static req/s   app/static');
  for (const page of paths) {
    const appRates: number[] = [];
    const staticRates: number[] = [];
    for (let round = 0; round < rounds; round++) {
      appRates.push(await rate(app.origin + page));
      staticRates.push(await rate(`http://127.0.0.1:${staticPort}${page}`));
    }
    const [a, s] = [median(appRates), median(staticRates)];
    console.log(`${page.padEnd(16)} ${a.toFixed(0).padStart(10)} ${s.toFixed(0).padStart(14)} ${(a / s).toFixed(2).padStart(12)}`);
  }
} finally {
  staticServer.kill('SIGTERM');
  app.child.kill('SIGTERM');
  await app.exited;
}
