/**
 * Load benchmark (not a test): autocannon against the production server on 127.0.0.1.
 *
 *   npm run bench:load                      10 s per page, 100 connections
 *   npm run bench:load -- --duration 60     60 s per page
 *   npm run bench:load -- --soak 20000      soak: RSS before and after 20,000 requests
 *
 * It starts `node server.ts` (NODE_ENV=production) as its own process, so the numbers include everything
 * an operator runs, and stops it afterwards.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { spawnServer } from '../tests/support/process.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '100' },
    soak: { type: 'string' },
    paths: { type: 'string', default: '/,/products,/productDetails' },
  },
});

const server = await spawnServer({ LOG_LEVEL: 'warn' });
const rssOf = async () => {
  const status = await import('node:fs/promises').then((fs) => fs.readFile(`/proc/${server.child.pid}/status`, 'utf8'));
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
};

try {
  const paths = values.paths.split(',');
  const connections = Number(values.connections);
  if (values.soak) {
    // In four rounds, so a leak (steady growth) can be told from the heap settling (growth that levels off).
    const amount = Number(values.soak);
    const rounds = 4;
    console.log(`soak: ${amount} requests over ${paths.join(', ')} at ${connections} connections, in ${rounds} rounds`);
    console.log(`  RSS before: ${(await rssOf()).toFixed(1)} MB`);
    let errors = 0;
    let non2xx = 0;
    for (let round = 1; round <= rounds; round++) {
      const result = await autocannon({
        url: server.origin,
        connections,
        amount: Math.ceil(amount / rounds),
        requests: paths.map((path) => ({ path })),
      });
      errors += result.errors + result.timeouts;
      non2xx += result.non2xx;
      console.log(`  RSS after ${round * Math.ceil(amount / rounds)} requests: ${(await rssOf()).toFixed(1)} MB`);
    }
    console.log(`  errors ${errors}, non-2xx ${non2xx}`);
  } else {
    const duration = Number(values.duration);
    console.log(`load: ${duration} s per page, ${connections} connections, production server on 127.0.0.1`);
    console.log('page             req/s    p50 ms   p99 ms   errors  non-2xx');
    for (const path of paths) {
      const result = await autocannon({ url: server.origin + path, connections, duration });
      console.log(
        `${path.padEnd(15)} ${result.requests.average.toFixed(0).padStart(6)} ${result.latency.p50.toFixed(1).padStart(9)} ${result.latency.p99
          .toFixed(1)
          .padStart(8)} ${String(result.errors + result.timeouts).padStart(8)} ${String(result.non2xx).padStart(8)}`,
      );
    }
  }
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
}
