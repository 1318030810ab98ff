/**
 * Probes for bench/overload.ts, run as a process of their own: in the benchmark's process, timers and sockets
 * wait behind the load it generates, and the probes would time the load generator as much as the server.
 * Every 100 ms, on new connections: /healthz on the metrics port and a cached page on the shop's port; one JSON
 * line per round on stdout, `{"health":ms,"cached":ms}` (null for no 200 within 5 s), after a first line
 * `{"ready":true}`. Ends with its stdin.
 *
 *   node bench/prober.ts <metrics port> <port>
 */
import { BROWSER_HEADERS } from './browser-like.ts';
import { probe } from '../tests/support/attack.ts';

const [metricsPort, port] = process.argv.slice(2).map(Number);
let done = false;
process.stdin.on('end', () => (done = true)).resume();
// One round untimed first, then a line that says so: the probes' own first run (loading and compiling their
// code) is not the server's latency, and the benchmark starts its load once the probes are ready.
await Promise.all([probe(metricsPort!, '/healthz', 5_000), probe(port!, '/about', 5_000, BROWSER_HEADERS)]);
process.stdout.write('{"ready":true}\n');
while (!done) {
  const [health, cached] = await Promise.all([
    probe(metricsPort!, '/healthz', 5_000),
    probe(port!, '/about', 5_000, BROWSER_HEADERS),
  ]);
  // JSON has no Infinity: a probe without an answer is null.
  process.stdout.write(`${JSON.stringify({ health, cached }, (_key, value) => (value === Infinity ? null : value))}\n`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
