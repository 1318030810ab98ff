/**
 * Load benchmark (not a test): autocannon against the production server on 127.0.0.1, asking as browsers
 * do (`Accept-Encoding: gzip, deflate, br, zstd`, cookies the app never reads), then as curl does.
 *
 *   npm run bench:load                      10 s per page and kind of client, 100 connections
 *   npm run bench:load -- --duration 60     60 s each
 *   npm run bench:load -- --soak 20000      soak: RSS before and after 20,000 browser-like requests, then
 *                                           after 1,000 distinct /products URLs and 1,000 form posts, each a
 *                                           render (--distinct N)
 *
 * It starts the production server (build/node/server.js, as `npm start` does) as its own process, so the numbers include everything an
 * operator runs, and stops it afterwards. Resident memory (RSS) is read from /proc.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { BROWSER_HEADERS, FORM_POST } from './browser-like.ts';
import { ALLOCATOR, IMAGE_RUNTIME_ENV } from '../tests/support/image-runtime.ts';
import { rssOf } from '../tests/support/attack.ts';
import { spawnServer } from '../tests/support/process.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '100' },
    soak: { type: 'string' },
    distinct: { type: 'string', default: '1000' },
    paths: { type: 'string', default: '/,/products,/productDetails' },
  },
});

const server = await spawnServer({ LOG_LEVEL: 'warn', ...IMAGE_RUNTIME_ENV });
// A server that dies under the benchmark is its finding: say how, with its last words.
let stopping = false;
// 'close', not 'exit': its output may still be on its way when it exits.
server.child.once('close', (code, signal) => {
  if (stopping) return;
  console.error(`\nthe server exited (${signal ?? `code ${code}`}); its last output:`);
  for (const line of server.logs.slice(-20)) console.error(`  ${line.raw ?? JSON.stringify(line)}`);
  process.exit(1);
});

try {
  const paths = values.paths.split(',');
  const connections = Number(values.connections);
  if (values.soak) {
    // In four rounds, so a leak (steady growth) can be told from the heap settling (growth that levels off).
    const amount = Number(values.soak);
    const rounds = 4;
    console.log(
      `soak: ${amount} browser-like requests over ${paths.join(', ')} at ${connections} connections, in ${rounds} rounds`,
    );
    console.log(`  server run as the image runs it: ${IMAGE_RUNTIME_ENV.NODE_OPTIONS}, ${ALLOCATOR}`);
    console.log(`  RSS idle: ${rssOf(server.child.pid!).now.toFixed(1)} MB`);
    let failures = 0;
    for (let round = 1; round <= rounds; round++) {
      const result = await autocannon({
        url: server.origin,
        connections,
        amount: Math.ceil(amount / rounds),
        headers: BROWSER_HEADERS,
        requests: paths.map((path) => ({ path })),
      });
      failures += result.errors + result.timeouts + result.non2xx;
      console.log(
        `  RSS after ${round * Math.ceil(amount / rounds)} requests: ${rssOf(server.child.pid!).now.toFixed(1)} MB`,
      );
    }
    // Distinct URLs (tracking parameters, say) used to be a render and a place in the page cache each; they
    // are one page now (0020). Renders that still happen are what form posts cause: as many of those.
    const distinct = Number(values.distinct);
    let next = 0;
    const distinctUrls = await autocannon({
      url: server.origin,
      connections: 10,
      amount: distinct,
      headers: BROWSER_HEADERS,
      requests: [{ setupRequest: (request) => ({ ...request, path: `/products?utm_campaign=c${next++}` }) }],
    });
    console.log(`  RSS after ${distinct} distinct /products URLs: ${rssOf(server.child.pid!).now.toFixed(1)} MB`);
    const renders = await autocannon({ url: server.origin, connections: 10, amount: distinct, requests: [FORM_POST] });
    console.log(`  RSS after ${distinct} renders (form posts): ${rssOf(server.child.pid!).now.toFixed(1)} MB`);
    for (const result of [distinctUrls, renders]) failures += result.errors + result.timeouts + result.non2xx;
    // V8 gives memory back once allocation has calmed down (its memory reducer), not at once.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    console.log(`  RSS 15 s later: ${rssOf(server.child.pid!).now.toFixed(1)} MB`);
    console.log(`  peak RSS over the whole run (VmHWM): ${rssOf(server.child.pid!).peak.toFixed(1)} MB`);
    console.log(`  errors and non-2xx: ${failures}`);
  } else {
    const duration = Number(values.duration);
    console.log(`load: ${duration} s per page, ${connections} connections, production server on 127.0.0.1`);
    for (const [label, headers] of [
      ['browser-like (Accept-Encoding: gzip, deflate, br, zstd; cookies)', BROWSER_HEADERS],
      ['curl-like (no Accept-Encoding, no cookie)', {}],
    ] as const) {
      console.log(`\n${label}`);
      console.log('page             req/s    p50 ms   p99 ms   errors  non-2xx');
      for (const path of paths) {
        const result = await autocannon({ url: server.origin + path, connections, duration, headers });
        console.log(
          `${path.padEnd(15)} ${result.requests.average.toFixed(0).padStart(6)} ${result.latency.p50.toFixed(1).padStart(9)} ${result.latency.p99
            .toFixed(1)
            .padStart(8)} ${String(result.errors + result.timeouts).padStart(8)} ${String(result.non2xx).padStart(8)}`,
        );
      }
    }
    console.log(`\nRSS after the run: ${rssOf(server.child.pid!).now.toFixed(1)} MB`);
  }
} finally {
  stopping = true;
  server.child.kill('SIGTERM');
  await server.exited;
}
