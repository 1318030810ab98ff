/**
 * The fleet test (not part of `npm test`): nginx in front of three replicas, each in a 256 MiB container,
 * under browser-like load through the proxy while every replica is restarted in turn, one is SIGKILLed and
 * the proxy reloads; then a soak at the same limits. Exits non-zero if any client saw a failure.
 *
 *   npm run fleet                                   build, check, 60 s of load with the disruptions, 300 s soak
 *   npm run fleet -- --soak-seconds 0               skip the soak
 *   npm run fleet -- --load-seconds 60 --connections 32
 *
 * Needs root (rootful podman); installs podman and builds the local node:24 base image if missing (see
 * deploy/podman.ts). It drives podman directly, with the same images, settings (deploy/storefront.env) and
 * proxy configuration as deploy/compose.yaml, because it needs what podman-compose 1.0 cannot express: fixed
 * addresses on its own network, replicas' ports published to 127.0.0.1 for scraping, per-container stops
 * and kills. Everything it starts (containers, network) is removed at the end, also on Ctrl-C.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { browserLoad, type LoadResult } from './browser-load.ts';
import { checkProtection } from './protection.ts';
import {
  ENV_FILE,
  REPLICA_MEMORY,
  STOP_TIMEOUT_S,
  containerState,
  createFleetNetwork,
  runProxy,
  runReplica,
  startReplica,
  summariseProxyLog,
  type Replica,
} from './replicas.ts';
import {
  APP_IMAGE,
  PROXY_IMAGE,
  SetupError,
  buildImages,
  ensurePodman,
  freePort,
  log,
  onCleanup,
  podman,
  removeContainers,
  sleep,
} from './podman.ts';

const { values } = parseArgs({
  options: {
    'load-seconds': { type: 'string', default: '60' },
    'soak-seconds': { type: 'string', default: '300' },
    connections: { type: 'string', default: '32' },
    port: { type: 'string', default: '8080' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const loadSeconds = Number(values['load-seconds']);
const soakSeconds = Number(values['soak-seconds']);
const connections = Number(values.connections);

const run = `sf-fleet-${process.pid}`;
const network = run;
const REPLICAS = ['app1', 'app2', 'app3'];
/** The asset store all replicas share (ASSET_STORE). */
const assetVolume = `${run}-assets`;
const settings = Object.fromEntries(
  readFileSync(ENV_FILE, 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);
const publicUrl = settings.PUBLIC_URL!;

const containers: string[] = [];
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

async function scrape(replica: Replica): Promise<Map<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${replica.metricsPort}/metrics`)).text();
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line === '') continue;
    const space = line.lastIndexOf(' ');
    values.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return values;
}

const sum = (metrics: Map<string, number>, prefix: string) =>
  [...metrics].filter(([series]) => series.startsWith(prefix)).reduce((total, [, value]) => total + value, 0);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The routes a shopper's browser requests, pages and their assets, with the headers a browser sends. */
function browserMix(assets: string[]) {
  const pages = [
    '/',
    '/products',
    '/products?page=2',
    '/productDetails',
    '/about',
    '/journal',
    '/contacts',
    '/cart',
    '/no-such-page',
  ];
  return {
    paths: [
      ...pages.flatMap((page, i) => [page, assets[i % assets.length]!]),
      '/favicon.ico',
      '/sitemap.xml',
      '/robots.txt',
    ],
    headers: {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'accept-encoding': 'br, gzip',
      'accept-language': 'en-GB,en;q=0.9',
      cookie: 'theme=light; consent=1',
      'user-agent':
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 storefront-fleet',
    },
  };
}

/** Load through the proxy for at least `seconds`, and on until `until` settles. */
function load(
  proxyUrl: string,
  seconds: number,
  assets: string[],
  until: Promise<unknown> = Promise.resolve(),
): Promise<LoadResult> {
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  stopLoad = stop;
  void Promise.all([sleep(seconds * 1000), until]).then(stop);
  return browserLoad({ url: proxyUrl, connections, ...browserMix(assets), until: stopped });
}
let stopLoad = () => {};

/** Prints the load's table; returns the number of failed requests (socket errors, timeouts, cut-off responses, 5xx). */
function printLoad(title: string, result: LoadResult): number {
  const count = (from: number, to: number) =>
    [...result.statuses].filter(([status]) => status >= from && status < to).reduce((sum, [, n]) => sum + n, 0);
  console.log(`\n${title}`);
  console.log('requests   req/s   p50 ms   p99 ms   max ms   2xx/3xx    4xx   retried*   failed (socket errors, 5xx)');
  console.log(
    `${String(result.requests).padStart(8)} ${(result.requests / result.seconds).toFixed(0).padStart(7)} ${result.latency.p50.toFixed(0).padStart(8)} ${result.latency.p99
      .toFixed(0)
      .padStart(
        8,
      )} ${result.latency.max.toFixed(0).padStart(8)} ${String(count(200, 400)).padStart(9)} ${String(count(400, 500)).padStart(6)} ${String(
      result.retried,
    ).padStart(10)}   ${result.failures.length}`,
  );
  console.log(
    '* GETs sent again after their reused keep-alive connection was closed before any response, as browsers do',
  );
  for (const { at, what } of result.failures.slice(0, 20))
    console.log(`  failure at ${(at / 1000).toFixed(1)} s: ${what}`);
  return result.failures.length;
}

async function main(): Promise<void> {
  ensurePodman();
  onCleanup(() => {
    stopLoad();
    log(`removing ${containers.length} containers, network ${network} and volume ${assetVolume}`);
    removeContainers(containers, [network], [assetVolume]);
  });
  if (!values['skip-build']) await buildImages();

  // Our own network; fixed addresses, so a restarted replica comes back where nginx resolved it.
  const { prefix, replicas } = await createFleetNetwork(network, REPLICAS);
  containers.push(...replicas.map((replica) => replica.name));
  await podman(['volume', 'create', assetVolume]);
  log(`network ${network} (${prefix}.0/24); starting ${replicas.length} replicas (--memory=${REPLICA_MEMORY})`);
  await Promise.all(replicas.map((replica) => runReplica(replica, { network, image: APP_IMAGE, assetVolume })));

  const proxy = `${run}-proxy`;
  containers.push(proxy);
  const proxyPort = await freePort(Number(values.port));
  const proxyUrl = await runProxy({ name: proxy, network, ip: `${prefix}.10`, port: proxyPort, image: PROXY_IMAGE });
  log(`proxy on ${proxyUrl}`);

  const assets = await checkProxy(proxyUrl, replicas);
  // How the proxy protects the replicas (issue 20): cache key, limits per client, no retry of a shed request.
  await checkProtection({
    proxyUrl,
    replicaPort: replicas[0]!.port,
    proxyLog: () => podman(['logs', proxy]),
    check,
  });
  // The limits' buckets refill before the load, which comes from one client too.
  await sleep(5_000);

  // 60 s of load, and during it: each replica restarted in turn, one SIGKILLed, the proxy reloaded.
  log(`load: ${loadSeconds} s, ${connections} connections through the proxy, with restarts, a SIGKILL and a reload`);
  const disruptions = (async () => {
    const t0 = Date.now();
    const at = () => `t=${((Date.now() - t0) / 1000).toFixed(1)} s`;
    await sleep(3_000);
    for (const replica of replicas) {
      const stopping = Date.now();
      await podman(['stop', '-t', String(STOP_TIMEOUT_S), replica.name], { timeoutMs: 60_000 });
      const { ExitCode } = await containerState(replica.name);
      log(
        `  ${at()} ${replica.alias}: SIGTERM, exited ${ExitCode} after ${((Date.now() - stopping) / 1000).toFixed(1)} s`,
      );
      check(ExitCode === 0, `${replica.alias} drained and exited 0 on SIGTERM`);
      await startReplica(replica);
      log(`  ${at()} ${replica.alias}: started and ready`);
      // nginx skips a replica for fail_timeout (5 s) after it failed; let it rejoin before the next one goes.
      await sleep(6_000);
    }
    const victim = replicas[1]!;
    await podman(['kill', '--signal', 'KILL', victim.name]);
    await podman(['wait', victim.name]);
    log(`  ${at()} ${victim.alias}: SIGKILL, exited ${(await containerState(victim.name)).ExitCode}`);
    await sleep(2_000);
    await startReplica(victim);
    log(`  ${at()} ${victim.alias}: started and ready`);
    await sleep(2_000);
    await podman(['exec', proxy, 'nginx', '-e', 'stderr', '-s', 'reload']);
    log(`  ${at()} proxy: nginx -s reload`);
  })().catch((error: unknown) => check(false, `disruptions went wrong: ${String(error)}`));
  // The load goes on until the last disruption is over (and at least loadSeconds).
  const loadResult = await load(
    proxyUrl,
    loadSeconds,
    assets,
    disruptions.then(() => sleep(3_000)),
  );
  const failedDuringLoad = printLoad(
    `load through the proxy: ${loadResult.seconds.toFixed(0)} s, ${connections} connections, browser-like mix`,
    loadResult,
  );
  check(failedDuringLoad === 0, `no client saw a failure during restarts, SIGKILL and reload (${failedDuringLoad})`);
  summariseProxyLog(proxy);

  await printMetrics('metrics scraped from each replica after the load', replicas);

  if (soakSeconds > 0) {
    const before = await Promise.all(replicas.map((replica) => containerState(replica.name)));
    log(`soak: ${soakSeconds} s at the same limits`);
    const peaks = new Map<string, number>();
    const sampler = setInterval(() => {
      for (const replica of replicas) {
        void scrape(replica).then(
          (metrics) =>
            peaks.set(
              replica.alias,
              Math.max(peaks.get(replica.alias) ?? 0, metrics.get('process_resident_memory_bytes') ?? 0),
            ),
          () => {},
        );
      }
    }, 5_000);
    const soakResult = await load(proxyUrl, soakSeconds, assets);
    clearInterval(sampler);
    const failedDuringSoak = printLoad(
      `soak through the proxy: ${soakResult.seconds.toFixed(0)} s, ${connections} connections`,
      soakResult,
    );
    check(failedDuringSoak === 0, `no client saw a failure during the soak (${failedDuringSoak})`);
    console.log('replica   OOM-killed   restarts   running   RSS peak MB   RSS end MB   cgroup memory MB (limit 256)');
    const stats = JSON.parse(
      await podman(['stats', '--no-stream', '--format', 'json', ...replicas.map((replica) => replica.name)]),
    ) as Array<{
      name: string;
      mem_usage: string;
    }>;
    for (const [i, replica] of replicas.entries()) {
      const after = await containerState(replica.name);
      const rss = (await scrape(replica)).get('process_resident_memory_bytes') ?? 0;
      const usage =
        stats
          .find((entry) => entry.name === replica.name)
          ?.mem_usage.split('/')[0]
          ?.trim() ?? '?';
      console.log(
        `${replica.alias.padEnd(9)} ${String(after.OOMKilled).padStart(10)} ${String(after.RestartCount).padStart(10)} ${String(after.Running).padStart(9)} ${mb(
          peaks.get(replica.alias) ?? rss,
        ).padStart(13)} ${mb(rss).padStart(12)}   ${usage}`,
      );
      check(
        !after.OOMKilled && after.Running && after.RestartCount === 0 && after.StartedAt === before[i]!.StartedAt,
        `${replica.alias} neither OOM-killed nor restarted during the soak`,
      );
    }
    await printMetrics('metrics scraped from each replica after the soak', replicas);
  }
}

/** Functional checks through the proxy before the load; returns asset paths for the load mix. */
async function checkProxy(proxyUrl: string, replicas: Replica[]): Promise<string[]> {
  const get = (requestPath: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(proxyUrl + requestPath, {
      method,
      headers: { 'accept-encoding': 'br, gzip', ...headers },
      redirect: 'manual',
    });

  const home = await get('/', { 'x-request-id': `fleet-check-${process.pid}` });
  const html = await home.text();
  check(home.status === 200, 'GET / through the proxy: 200');
  check(
    home.headers.get('x-request-id') === `fleet-check-${process.pid}`,
    "X-Request-Id passed to the replica (it echoes the proxy's id)",
  );

  // Published URLs come from PUBLIC_URL, never from the Host a client sends.
  for (const requestPath of ['/about', '/sitemap.xml', '/robots.txt']) {
    const forged = await get(requestPath, { host: 'evil.example' });
    const body = await forged.text();
    check(
      forged.status === 200 && !body.includes('evil.example') && body.includes(publicUrl),
      `${requestPath} with Host: evil.example carries ${publicUrl}, not the forged host`,
    );
  }
  const about = await (await get('/about', { host: 'evil.example' })).text();
  check(
    about.includes(`<link rel="canonical" href="${publicUrl}/about"/>`),
    `canonical link of /about is ${publicUrl}/about`,
  );

  // The cache honours the app's Cache-Control, per encoding.
  const first = await get('/about?fleet-cache-check');
  await first.arrayBuffer();
  const shareable =
    /\bpublic\b|s-maxage/.test(first.headers.get('cache-control') ?? '') &&
    !/private|no-store/.test(first.headers.get('cache-control') ?? '');
  const second = await get('/about?fleet-cache-check');
  await second.arrayBuffer();
  const status = second.headers.get('x-cache-status');
  check(
    shareable ? status === 'HIT' || status === 'STALE' || status === 'UPDATING' : status !== 'HIT',
    `page with Cache-Control "${first.headers.get('cache-control')}": ${shareable ? 'served from the proxy cache' : 'never served from the proxy cache'} (X-Cache-Status ${status})`,
  );
  const gzip = await get('/about?fleet-cache-check', { 'accept-encoding': 'gzip' });
  await gzip.arrayBuffer();
  const identity = await get('/about?fleet-cache-check', { 'accept-encoding': 'identity' });
  const identityBody = await identity.text();
  check(
    (gzip.headers.get('content-encoding') ?? '') !== 'br' &&
      identity.headers.get('content-encoding') === null &&
      identityBody.includes('<html'),
    `a gzip-only client never gets br, an identity client gets plain HTML (got ${gzip.headers.get('content-encoding')}, ${identity.headers.get('content-encoding')})`,
  );

  const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:css|js))"/g)].map((match) => match[1]!);
  check(assets.length > 0, `the home page links ${assets.length} assets`);
  const asset = await get(assets[0]!);
  await asset.arrayBuffer();
  const assetAgain = await get(assets[0]!);
  await assetAgain.arrayBuffer();
  check(
    /immutable/.test(asset.headers.get('cache-control') ?? '') && assetAgain.headers.get('x-cache-status') === 'HIT',
    `${assets[0]} keeps "${asset.headers.get('cache-control')}" and is served from the proxy cache`,
  );

  const metrics = await get('/metrics');
  check(
    metrics.status === 404 && !(await metrics.text()).includes('http_request_duration_seconds'),
    'metrics are not reachable through the proxy',
  );

  // POST: limited per client (5/s, burst 10), never answered from the cache.
  // 30 at once, so the limit is reached however slowly the replicas answer.
  const responses = await Promise.all(
    Array.from({ length: 30 }, async () => {
      const response = await get('/contacts', { 'content-type': 'application/x-www-form-urlencoded' }, 'POST');
      await response.arrayBuffer();
      return { status: response.status, cache: response.headers.get('x-cache-status') };
    }),
  );
  const posts = responses.map((response) => response.status);
  const postCache = responses.map((response) => response.cache);
  check(
    !postCache.includes('HIT'),
    `a POST is never answered from the cache (X-Cache-Status: ${[...new Set(postCache)].join(', ')})`,
  );
  const limited = posts.filter((code) => code === 429).length;
  check(
    limited > 0 && limited < posts.length,
    `30 simultaneous POSTs from one client: ${limited} answered 429 by the proxy's rate limit, the rest passed`,
  );

  const scraped = await Promise.all(replicas.map(scrape));
  check(
    scraped.every((metrics) => metrics.has('nodejs_eventloop_lag_seconds')),
    'every replica serves /metrics on METRICS_PORT',
  );
  return assets.slice(0, 4);
}

async function printMetrics(title: string, replicas: Replica[]): Promise<void> {
  console.log(`\n${title}`);
  console.log('replica   requests   5xx*  RSS MB   heap used MB   event-loop lag p99 ms   page cache hits/misses');
  for (const replica of replicas) {
    const metrics = await scrape(replica);
    const requests = sum(metrics, 'http_request_duration_seconds_count');
    // Not /readyz: its 503 while a replica warms up or drains is the signal, not an error.
    const errors = [...metrics]
      .filter(
        ([series]) =>
          series.startsWith('http_request_duration_seconds_count') &&
          /status="5/.test(series) &&
          !/route="\/readyz"/.test(series),
      )
      .reduce((total, [, value]) => total + value, 0);
    console.log(
      `${replica.alias.padEnd(9)} ${String(requests).padStart(8)} ${String(errors).padStart(5)} ${mb(metrics.get('process_resident_memory_bytes') ?? 0).padStart(8)} ${mb(
        metrics.get('nodejs_heap_size_used_bytes') ?? 0,
      ).padStart(
        14,
      )} ${((metrics.get('nodejs_eventloop_lag_p99_seconds') ?? 0) * 1000).toFixed(1).padStart(23)}   ${metrics.get(
        'page_cache_requests_total{result="hit"}',
      )}/${metrics.get('page_cache_requests_total{result="miss"}')}`,
    );
  }
  console.log('(counters restart with a replica: the counts are since its last start; * other than /readyz)');
}

try {
  await main();
  console.log(failures.length === 0 ? '\nfleet: PASS' : `\nfleet: FAIL\n  ${failures.join('\n  ')}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error instanceof SetupError ? `fleet: cannot run: ${error.message}` : error);
  // What the containers said last, before cleanup removes them.
  for (const container of containers) {
    const output = spawnSync('podman', ['logs', '--tail', '15', container], { encoding: 'utf8' });
    if (output.status === 0) console.error(`--- ${container}\n${output.stdout}${output.stderr}`);
  }
  process.exitCode = error instanceof SetupError ? 3 : 1;
}
