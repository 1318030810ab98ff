/**
 * The deploy test (not part of `npm test`): ships a new version to a running fleet under load, then rolls it
 * back, and counts what shoppers saw. Two real versions: A is this checkout, B a scratch copy of it with one
 * source change (deploy/version-b.ts), each built into an image of its own.
 *
 *   npm run fleet:deploy                               nginx and three replicas driven by podman (as npm run fleet)
 *   npm run fleet:deploy -- --target compose           deploy/compose.yaml under podman-compose
 *   npm run fleet:deploy -- --target kube              deploy/kubernetes/ under podman kube play
 *   npm run fleet:deploy -- --assets own|proxy-retry|previous-image   alternatives to the asset store (0021)
 *
 * Throughout both rolls: shoppers load whole pages through the proxy (the page, then every script, module
 * preload and stylesheet it names, each of which must answer 200), and a real Chromium loads pages one after
 * another, each of which must hydrate. Tabs opened on one version before a roll, once the other is live,
 * follow a link or post a form: each must land on its destination, hydrated on the new version, with one
 * document request (the destination's, never the page being left), no error screen. A page the proxy cached
 * from the old version must still load whole. Exits 1 if anything failed, 3 if it cannot run here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { parse, parseAllDocuments } from 'yaml';
import { launchBrowser } from '../tests/support/browser.ts';
import { pageLoads, subresources, type PageLoadResult } from './page-load.ts';
import {
  SetupError,
  buildAppImage,
  buildImage,
  buildImages,
  ensurePodman,
  freePort,
  log,
  onCleanup,
  podman,
  removeContainers,
  root,
  sleep,
  waitForOk,
} from './podman.ts';
import {
  ASSET_STORE_PATH,
  STOP_TIMEOUT_S,
  containerState,
  createFleetNetwork,
  runProxy,
  runReplica,
  summariseProxyLog,
} from './replicas.ts';
import { RELEASE_MARK, writeVersionB } from './version-b.ts';

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: 'fleet' },
    assets: { type: 'string', default: 'store' },
    shoppers: { type: 'string', default: '8' },
    port: { type: 'string', default: '8080' },
    'skip-build': { type: 'boolean', default: false },
    'keep-images': { type: 'boolean', default: false },
  },
});
const shoppers = Number(values.shoppers);

export const IMAGES = {
  a: 'localhost/storefront:deploy-a',
  b: 'localhost/storefront:deploy-b',
  /** --assets previous-image: B with A's hashed assets copied in at build time. */
  bCarryingA: 'localhost/storefront:deploy-b-carrying-a',
};
const PROXY_IMAGE = 'localhost/storefront-proxy:deploy';
const PAGES = ['/', '/products', '/productDetails', '/about', '/journal', '/contacts', '/cart', '/products?page=2'];
const HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-GB,en;q=0.9',
  cookie: 'theme=light; consent=1',
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 storefront-deploy',
};

/** A fleet on one target: where its proxy is, and how it replaces every replica by one of another image. */
export type Target = {
  /** The origin shoppers use: PUBLIC_URL, so that form posts pass the origin check. */
  origin: string;
  /** The proxy's container, whose error log is summarised at the end. */
  proxy: string;
  /** Rolls every replica to `image`, one at a time, as the target does; logs each step. */
  roll: (image: string) => Promise<void>;
};

const failures: string[] = [];
export const check = (ok: boolean, what: string) => {
  log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

/** The version an image serves: React Router's manifest version of its build. */
async function versionOf(image: string): Promise<string> {
  return podman([
    'run',
    '--rm',
    '--network=none',
    '--entrypoint',
    'node',
    image,
    '-e',
    "import('/app/build/server/index.js').then((build) => console.log(build.assets.version))",
  ]);
}

/** Builds A from this checkout and B from a scratch copy with one source change; the proxy image too. */
async function buildVersions(): Promise<void> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'storefront-version-b-'));
  try {
    writeVersionB(root, scratch);
    await buildAppImage(IMAGES.a, root);
    await buildAppImage(IMAGES.b, scratch);
    await buildImages({ proxy: true }, { app: IMAGES.a, proxy: PROXY_IMAGE });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The alternative measured in 0021: image B carrying A's hashed assets where the store would be. */
async function buildCarryingA(): Promise<void> {
  const context = mkdtempSync(path.join(tmpdir(), 'storefront-carrying-'));
  try {
    writeFileSync(
      path.join(context, 'Containerfile'),
      `FROM ${IMAGES.b}\nCOPY --from=${IMAGES.a} --chown=node:node /app/build/client/assets/ ${ASSET_STORE_PATH}/\n`,
    );
    await buildImage(IMAGES.bCarryingA, ['-f', path.join(context, 'Containerfile'), context]);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Chromium: pages that must hydrate, and tabs kept open across a roll.

const pageVersion = (page: Page) =>
  page.evaluate(() => (window as { __reactRouterManifest?: { version: string } }).__reactRouterManifest?.version);

/** Waits for the page to hydrate; if it does not, the error says how far it got (it hydrates after paint and load). */
async function hydrated(page: Page, timeout = 20_000): Promise<void> {
  try {
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout });
  } catch (error) {
    const state = await page
      .evaluate(() => ({
        readyState: document.readyState,
        paints: performance.getEntriesByType('paint').map((entry) => entry.name),
        moduleScripts: document.querySelectorAll('script[type="module"]').length,
        unfinished: performance
          .getEntriesByType('resource')
          .filter((entry) => (entry as PerformanceResourceTiming).responseEnd === 0)
          .map((entry) => entry.name),
      }))
      .catch((reason: unknown) => String(reason));
    throw new Error(`${page.url()} did not hydrate within ${timeout / 1000} s: ${JSON.stringify(state)}`, {
      cause: error,
    });
  }
}

type BrowserLoads = { loads: number; notHydrated: string[]; byVersion: Map<string, number> };

/** One tab loading the pages one after another until `until` settles; every one must hydrate. */
async function browserShopper(browser: Browser, origin: string, until: Promise<unknown>): Promise<BrowserLoads> {
  const result: BrowserLoads = { loads: 0, notHydrated: [], byVersion: new Map() };
  let stopped = false;
  void until.finally(() => (stopped = true));
  const context = await browser.newContext();
  for (let i = 0; !stopped; i++) {
    const page = await context.newPage();
    const failedAssets: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failedAssets.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    const pagePath = PAGES[i % PAGES.length]!;
    try {
      await page.goto(origin + pagePath, { timeout: 30_000 });
      await hydrated(page);
      const version = (await pageVersion(page)) ?? '?';
      result.byVersion.set(version, (result.byVersion.get(version) ?? 0) + 1);
    } catch (error) {
      result.notHydrated.push(`${pagePath}: ${(error as Error).message.split('\n')[0]} ${failedAssets.join(', ')}`);
    }
    result.loads++;
    await page.close();
  }
  await context.close();
  return result;
}

type OldTab = { name: string; page: Page; documents: string[]; act: () => Promise<void>; destination: string };

/**
 * Tabs opened on the current version, each with what it will do once the other version is live: follow a link
 * in the header to a route whose chunk changed between the versions (home), to one whose chunk did not, or post
 * the contact form.
 */
async function openOldTabs(browser: Browser, origin: string, version: string): Promise<OldTab[]> {
  const link = (page: Page, name: string) => () =>
    page.locator('header').getByRole('link', { name, exact: true }).first().click();
  const plans = [
    { from: '/products', destination: '/', act: (page: Page) => link(page, 'Home') },
    { from: '/about', destination: '/journal', act: (page: Page) => link(page, 'Journal') },
    {
      from: '/contacts',
      destination: '/contacts',
      act: (page: Page) => async () => {
        for (const [label, value] of Object.entries({ Name: 'Sam', Email: 'sam@example.com', Message: 'Hello' }))
          await page.getByLabel(label, { exact: true }).fill(value);
        await page.getByRole('button', { name: 'Post', exact: true }).click();
      },
    },
  ];
  return Promise.all(
    plans.map(async ({ from, destination, act }) => {
      const context = await browser.newContext();
      // The version the replicas run, not a page the proxy stored from the one before (its cache-bypass cookie).
      await context.addCookies([{ name: 'version_skew', value: '1', url: origin }]);
      const page = await context.newPage();
      await page.goto(origin + from);
      await hydrated(page);
      await context.clearCookies();
      check((await pageVersion(page)) === version, `tab opened on ${from} runs the current version`);
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document')
          documents.push(`${request.method()} ${new URL(request.url()).pathname}`);
      });
      const name = destination === from ? `${from}: post the form` : `${from} → ${destination}`;
      return { name, page, documents, act: act(page), destination };
    }),
  );
}

/** Each tab acts, and must end on its destination, hydrated on `version`, after one document request at most. */
async function useOldTabs(tabs: OldTab[], origin: string, version: string, isB: boolean): Promise<{ landed: number }> {
  let landed = 0;
  for (const tab of tabs) {
    const { page, documents } = tab;
    const problems: string[] = [];
    const seen: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') seen.push(message.text().slice(0, 200));
    });
    page.on('response', (response) => {
      if (response.status() >= 400) seen.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    try {
      // Its requests skip the proxy's cache (its bypass cookie), which would otherwise answer for the replicas
      // with the old version's chunks it happens to keep (for 10 minutes, until it restarts).
      await page.context().addCookies([{ name: 'version_skew', value: '1', url: origin }]);
      await tab.act();
      await page.waitForURL(origin + tab.destination, { timeout: 20_000 });
      await page.waitForFunction((expected) => window.__reactRouterManifest?.version === expected, version, {
        timeout: 20_000,
      });
      await hydrated(page);
      if (await page.getByText('Unexpected Application Error!').count())
        problems.push(`error screen: ${await page.locator('#error-title + p').textContent()}`);
      if (tab.destination === '/' && (await page.locator(`[${RELEASE_MARK}]`).count()) !== (isB ? 1 : 0))
        problems.push('home page of the wrong build');
      if (tab.name.includes('post') && !(await page.getByRole('status').textContent())?.includes('demo'))
        problems.push('no notice after the post');
      const expected = tab.name.includes('post') ? `POST ${tab.destination}` : `GET ${tab.destination}`;
      if (documents.join() !== expected) problems.push(`documents requested: ${documents.join(', ') || 'none'}`);
    } catch (error) {
      problems.push(
        `${(error as Error).message.split('\n')[0]} (at ${page.url()}, documents: ${documents.join(', ')})`,
      );
    }
    if (problems.length && seen.length) problems.push(`seen: ${seen.join(', ')}`);
    check(
      problems.length === 0,
      `old tab ${tab.name}: lands on its destination, hydrated on the new version${problems.length ? `: ${problems.join('; ')}` : ''}`,
    );
    if (problems.length === 0) landed++;
    await page.context().close();
  }
  return { landed };
}

declare global {
  interface Window {
    __reactRouterManifest?: { version: string };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Targets.

/** nginx and three replicas on a podman network, as `npm run fleet` runs them; a roll stops and replaces each. */
async function fleetTarget(run: string, assets: string): Promise<Target> {
  const network = run;
  const containers: string[] = [];
  const assetVolume = assets === 'store' ? `${run}-assets` : undefined;
  onCleanup(() => {
    log(
      `removing ${containers.length} containers, network ${network}${assetVolume ? ` and volume ${assetVolume}` : ''}`,
    );
    removeContainers(containers, [network], assetVolume ? [assetVolume] : []);
  });
  const { prefix, replicas } = await createFleetNetwork(network, ['app1', 'app2', 'app3']);
  containers.push(...replicas.map((replica) => replica.name), `${run}-proxy`);
  if (assetVolume) await podman(['volume', 'create', assetVolume]);
  const port = await freePort(Number(values.port));
  const origin = `http://localhost:${port}`;
  // Without the store each replica serves its own build only (the image's ASSET_STORE is emptied), but for an
  // image that carries the previous build's assets where the store would be.
  const envOf = (image: string) => ({
    PUBLIC_URL: origin,
    ...(assetVolume || image === IMAGES.bCarryingA ? {} : { ASSET_STORE: '' }),
  });
  const imageOf = (image: string) => (assets === 'previous-image' && image === IMAGES.b ? IMAGES.bCarryingA : image);
  await Promise.all(
    replicas.map((replica) => runReplica(replica, { network, image: IMAGES.a, assetVolume, env: envOf(IMAGES.a) })),
  );
  let config: string | undefined;
  if (assets === 'proxy-retry') {
    // The alternative measured in 0021: nginx passes a request that got a 404 on to the next replica.
    config = path.join(tmpdir(), `${run}-nginx.conf`);
    const file = config;
    onCleanup(() => rmSync(file, { force: true }));
    const conf = readFileSync(path.join(root, 'deploy/nginx/nginx.conf'), 'utf8');
    writeFileSync(config, conf.replace(/proxy_next_upstream (error[^;]*);/, 'proxy_next_upstream $1 http_404;'));
  }
  await runProxy({ name: `${run}-proxy`, network, ip: `${prefix}.10`, port, image: PROXY_IMAGE, config });
  log(`fleet: ${replicas.length} replicas of A behind nginx on ${origin} (assets: ${assets})`);
  return {
    origin,
    proxy: `${run}-proxy`,
    roll: async (image) => {
      for (const replica of replicas) {
        const started = Date.now();
        await podman(['stop', '-t', String(STOP_TIMEOUT_S), replica.name], { timeoutMs: 60_000 });
        const { ExitCode } = await containerState(replica.name);
        await podman(['rm', replica.name]);
        await runReplica(replica, { network, image: imageOf(image), assetVolume, env: envOf(imageOf(image)) });
        log(
          `  ${replica.alias}: drained (exit ${ExitCode}), replaced by ${image}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
        // nginx skips a replica for fail_timeout (5 s) after it failed; let it rejoin before the next one goes.
        await sleep(6_000);
      }
    },
  };
}

/**
 * deploy/compose.yaml under podman-compose: a roll replaces each replica's container by one of the new image
 * (STOREFRONT_IMAGE), as an operator would with `up -d --no-deps`, and reloads nginx, which resolves the
 * replicas' names when it starts or reloads.
 */
async function composeTarget(run: string): Promise<Target> {
  const composeFile = path.join(root, 'deploy/compose.yaml');
  // PUBLIC_URL in storefront.env names port 8080: shoppers' form posts must come from that origin.
  const publicUrl = /^PUBLIC_URL=(.*)$/m.exec(readFileSync(path.join(root, 'deploy/storefront.env'), 'utf8'))![1]!;
  const port = Number(new URL(publicUrl).port);
  if ((await freePort(port)) !== port)
    throw new SetupError(`port ${port} (PUBLIC_URL in deploy/storefront.env) is in use`);
  const compose = (args: string[], image: string) => {
    const env = { ...process.env, PROXY_PORT: String(port), STOREFRONT_IMAGE: image, PROXY_IMAGE };
    const result = spawnSync('podman-compose', ['-p', run, '-f', composeFile, ...args], { encoding: 'utf8', env });
    if (result.status !== 0)
      throw new Error(`podman-compose ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  };
  onCleanup(() => {
    log(`podman-compose down (${run})`);
    spawnSync('podman-compose', ['-p', run, '-f', composeFile, 'down', '-t', '25'], { stdio: 'ignore' });
    spawnSync('podman', ['network', 'rm', '-f', `${run}_default`], { stdio: 'ignore' });
    spawnSync('podman', ['volume', 'rm', '-f', `${run}_assets`], { stdio: 'ignore' });
  });
  compose(['up', '-d', '--no-build'], IMAGES.a);
  const proxy = `${run}_proxy_1`;
  const origin = `http://localhost:${port}`;
  await waitForOk(`http://127.0.0.1:${port}/healthz`, 120_000);
  log(`compose: project ${run}, three replicas of A behind nginx on ${origin}`);
  return {
    origin,
    proxy,
    roll: async (image) => {
      for (const service of ['app1', 'app2', 'app3']) {
        const started = Date.now();
        const container = `${run}_${service}_1`;
        await podman(['stop', '-t', String(STOP_TIMEOUT_S), container], { timeoutMs: 60_000 });
        await podman(['rm', container]);
        // --no-recreate: the other replicas stay as they are.
        compose(['up', '-d', '--no-build', '--no-deps', '--no-recreate', service], image);
        await waitForOk(`http://127.0.0.1:${port}/healthz`, 60_000);
        await whenReadyInside(container);
        await podman(['exec', proxy, 'nginx', '-e', 'stderr', '-s', 'reload']);
        log(
          `  ${service}: drained, replaced by ${image}, ready, proxy reloaded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
        await sleep(6_000);
      }
    },
  };
}

/** Polls the container's own /readyz from inside it, as its healthcheck does. */
async function whenReadyInside(container: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (spawnSync('podman', ['exec', container, 'healthcheck', '/readyz']).status === 0) return;
    await sleep(500);
  }
  throw new Error(`${container} did not get ready within ${timeoutMs / 1000} s`);
}

type Manifest = { kind: string; metadata: { name: string }; [key: string]: unknown };
type PodSpec = {
  terminationGracePeriodSeconds: number;
  containers: Array<{
    image: string;
    ports?: Array<{ name?: string; containerPort: number }>;
    readinessProbe: { httpGet: { path: string; port: string | number } };
    lifecycle?: { preStop?: { exec?: { command: string[] } } };
  }>;
  volumes: Array<{ persistentVolumeClaim?: { claimName: string } }>;
};
type DeploymentSpec = {
  replicas: number;
  strategy: { rollingUpdate: { maxSurge: number; maxUnavailable: number } };
  template: { spec: PodSpec };
};

/**
 * deploy/kubernetes/ under podman kube play, rolled as its Deployment's strategy says. podman has no
 * Deployment controller, no Service and no readiness probes, so this does their part: it plays each pod of the
 * Deployment's template (with the ConfigMap and the claim's volume, all pods sharing it), keeps the pods that are
 * ready behind one address (the Service and its endpoints; the ingress's nginx sends there), and rolls as the
 * controller does with maxSurge 1 and
 * maxUnavailable 0: a pod of the new version, ready by the template's readiness probe, joins the endpoints,
 * then an old pod leaves them, gets its preStop time, and is stopped within its grace period.
 */
async function kubeTarget(run: string): Promise<Target> {
  const dir = path.join(root, 'deploy/kubernetes');
  const { resources } = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
  const manifests = resources.flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(dir, file), 'utf8')).map((document) => document.toJS() as Manifest),
  );
  const find = (kind: string) => manifests.find((manifest) => manifest.kind === kind)!;
  const deployment = find('Deployment') as Manifest & { spec: DeploymentSpec };
  const { maxSurge, maxUnavailable } = deployment.spec.strategy.rollingUpdate;
  if (maxSurge !== 1 || maxUnavailable !== 0) throw new SetupError('the kube roll plays maxSurge 1, maxUnavailable 0');
  const template = deployment.spec.template.spec;
  const { path: readinessPath, port: probePort } = template.containers[0]!.readinessProbe.httpGet;
  // A probe names its port, or numbers it.
  const readinessPort =
    typeof probePort === 'number'
      ? probePort
      : template.containers[0]!.ports?.find(({ name }) => name === probePort)?.containerPort;
  if (!readinessPort) throw new SetupError(`the readiness probe's port ${probePort} is not one of the container's`);
  const preStop = template.containers[0]!.lifecycle?.preStop?.exec?.command;
  const preStopSeconds = preStop?.[0] === 'sleep' ? Number(preStop[1]) : 0;

  const network = run;
  const claim = `${run}-assets`;
  const files: string[] = [];
  const pods: string[] = [];
  onCleanup(() => {
    log(`removing ${pods.length} pods, the proxy, network ${network} and volume ${claim}`);
    if (pods.length) spawnSync('podman', ['pod', 'rm', '-f', '-t', '0', ...pods], { stdio: 'ignore' });
    removeContainers([`${run}-proxy`, `${run}-service`], [network], [claim]);
    for (const file of files) rmSync(file, { force: true });
  });
  await podman(['network', 'create', network]);
  const [info] = JSON.parse(await podman(['network', 'inspect', network])) as Array<{
    subnets: Array<{ subnet: string }>;
  }>;
  const prefix = info!.subnets[0]!.subnet.split('.').slice(0, 3).join('.');
  const port = await freePort(Number(values.port));
  const origin = `http://localhost:${port}`;

  /** Writes a manifest file of these objects for podman kube play. */
  const manifestFile = (name: string, objects: unknown[]) => {
    const file = path.join(tmpdir(), `${name}.yaml`);
    files.push(file);
    writeFileSync(file, objects.map((object) => JSON.stringify(object)).join('\n---\n'));
    return file;
  };
  // The claim once: podman makes a volume of it, which every pod then mounts.
  const claimManifest = find('PersistentVolumeClaim');
  // On the test's network: without one, kube play would create podman's default kube network.
  await podman([
    'kube',
    'play',
    '--network',
    network,
    manifestFile(claim, [{ ...claimManifest, metadata: { name: claim } }]),
  ]);

  /** One pod of the template running `image`, on the network, unpublished (nginx reaches it there); its address. */
  const playPod = async (name: string, image: string) => {
    const configMap = find('ConfigMap') as Manifest & { data: Record<string, string> };
    const podSpec = {
      ...template,
      containers: template.containers.map(({ ports: _ports, ...container }) => ({ ...container, image })),
      volumes: template.volumes.map((volume) =>
        volume.persistentVolumeClaim ? { ...volume, persistentVolumeClaim: { claimName: claim } } : volume,
      ),
    };
    const file = manifestFile(name, [
      // PUBLIC_URL: the origin the test's shoppers use, so that their form posts pass the origin check.
      { ...configMap, data: { ...configMap.data, PUBLIC_URL: origin } },
      {
        ...deployment,
        metadata: { ...deployment.metadata, name },
        spec: { ...deployment.spec, replicas: 1, template: { ...deployment.spec.template, spec: podSpec } },
      },
    ]);
    await podman(['kube', 'play', '--network', network, file]);
    const pod = (await podman(['pod', 'ps', '--filter', `name=^${name}-pod`, '--format', '{{.Name}}'])).split('\n')[0]!;
    pods.push(pod);
    const infra = await podman(['pod', 'inspect', pod, '--format', '{{.InfraContainerID}}']);
    const ip = await podman([
      'inspect',
      infra,
      '--format',
      `{{(index .NetworkSettings.Networks "${network}").IPAddress}}`,
    ]);
    // The readiness probe of the template, which podman does not run.
    await waitForOk(`http://${ip}:${readinessPort}${readinessPath}`, 120_000);
    return { pod, ip };
  };

  // The Service: one stable address before the ready pods, as kube-proxy keeps it. A small nginx stands in for
  // it, its upstream the endpoints, reloaded when they change. The ingress (deploy/nginx/nginx.conf, as the
  // other targets run it) sends to that address and is never reloaded during a roll: ingress-nginx follows
  // endpoints without reloading, and nginx 1.22 resets the odd new connection at a reload (docs/fleet.md).
  const serviceConfig = path.join(tmpdir(), `${run}-service.conf`);
  const config = path.join(tmpdir(), `${run}-nginx.conf`);
  files.push(serviceConfig, config);
  const service = { name: `${run}-service`, ip: `${prefix}.11` };
  const conf = readFileSync(path.join(root, 'deploy/nginx/nginx.conf'), 'utf8');
  const server = /^\s*server app\d+:3000\b([^;]*);\n/gm;
  // The replicas' lines (app1..3) become the Service's one, never taken out: a failed connection to it is a
  // failed pod behind it, which the Service retries. The pods get the replicas' options.
  const [replicaLine, options] = [...conf.matchAll(server)][0]!;
  writeFileSync(
    config,
    conf.replace(server, (line) => (line === replicaLine ? `    server ${service.ip}:8080 max_fails=0;\n` : '')),
  );
  let endpoints: Array<{ pod: string; ip: string }> = [];
  const writeEndpoints = () =>
    writeFileSync(serviceConfig, serviceConf(endpoints.map(({ ip }) => `${ip}:3000${options}`)));
  endpoints = await Promise.all(
    Array.from({ length: deployment.spec.replicas }, (_, i) => playPod(`${run}-a-${i + 1}`, IMAGES.a)),
  );
  writeEndpoints();
  const servicePort = await freePort(port + 1);
  await runProxy({ ...service, network, port: servicePort, image: PROXY_IMAGE, config: serviceConfig });
  await runProxy({ name: `${run}-proxy`, network, ip: `${prefix}.10`, port, image: PROXY_IMAGE, config });
  const reload = () => podman(['exec', service.name, 'nginx', '-e', 'stderr', '-s', 'reload']);
  log(`kube: ${endpoints.length} pods of A from deploy/kubernetes, nginx as the Service, on ${origin}`);
  let generation = 0;
  return {
    origin,
    proxy: `${run}-proxy`,
    roll: async (image) => {
      generation++;
      for (const [i, old] of [...endpoints].entries()) {
        const started = Date.now();
        // maxSurge 1: one pod more than wanted; maxUnavailable 0: the old one stays until the new one is ready.
        const fresh = await playPod(`${run}-g${generation}-${i + 1}`, image);
        endpoints = [...endpoints, fresh];
        writeEndpoints();
        await reload();
        // The old pod leaves the endpoints, gets its preStop time, then SIGTERM within its grace period.
        endpoints = endpoints.filter((endpoint) => endpoint !== old);
        writeEndpoints();
        await reload();
        await sleep(preStopSeconds * 1000);
        await podman(['pod', 'stop', '-t', String(template.terminationGracePeriodSeconds), old.pod], {
          timeoutMs: 90_000,
        });
        await podman(['pod', 'rm', old.pod]);
        pods.splice(pods.indexOf(old.pod), 1);
        log(
          `  ${fresh.pod} (${image}) ready and in the endpoints, ${old.pod} out and stopped in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      }
    },
  };
}

/**
 * The Service stand-in's nginx: the endpoints in turn, on kept-alive connections, a request whose pod failed before
 * answering passed to the next one; everything else as the ingress sent it (its X-Forwarded-* headers included).
 */
function serviceConf(servers: string[]): string {
  return `worker_processes 1;
pid /tmp/nginx.pid;
error_log stderr warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path /tmp/nginx-client-body;
  proxy_temp_path /tmp/nginx-proxy;
  fastcgi_temp_path /tmp/nginx-fastcgi;
  uwsgi_temp_path /tmp/nginx-uwsgi;
  scgi_temp_path /tmp/nginx-scgi;
  upstream endpoints {
${servers.map((server) => `    server ${server};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 8080;
    client_max_body_size 64k;
    location = /healthz { return 200 "ok\\n"; }
    location / {
      proxy_pass http://endpoints;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 1s;
      proxy_read_timeout 45s;
    }
  }
}
`;
}

// ---------------------------------------------------------------------------------------------------------

type Phase = { name: string; loads: PageLoadResult; browser: BrowserLoads };

/**
 * Load and a browser shopper through the proxy while `work` runs, and a few seconds after. Half the shoppers
 * fetch the assets past the proxy's cache (its bypass cookie), as behind another edge or after a proxy restart:
 * the replicas themselves must then answer for every asset, where the cache would answer for those it keeps.
 * (Their pages go through the cache: the proxy limits page misses per client, and all shoppers here are one.)
 */
async function underLoad(browser: Browser, origin: string, work: () => Promise<void>) {
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const url = origin.replace('localhost', '127.0.0.1');
  const half = Math.ceil(shoppers / 2);
  const loads = Promise.all([
    pageLoads({ url, shoppers: half, pages: PAGES, headers: HEADERS, until: stopped }),
    pageLoads({
      url,
      shoppers: shoppers - half,
      pages: PAGES,
      headers: HEADERS,
      assetHeaders: { ...HEADERS, cookie: `${HEADERS.cookie}; version_skew=1` },
      until: stopped,
    }),
  ]);
  const shopper = browserShopper(browser, origin, stopped);
  try {
    await work();
    await sleep(5_000);
  } finally {
    stop();
  }
  const [cached, uncached] = await loads;
  const byVersion = new Map(cached.byVersion);
  for (const [version, count] of uncached.byVersion) byVersion.set(version, (byVersion.get(version) ?? 0) + count);
  return {
    loads: {
      loads: cached.loads + uncached.loads,
      failed: [...cached.failed, ...uncached.failed].sort((a, b) => a.at - b.at),
      byVersion,
      assets: cached.assets + uncached.assets,
      retried: cached.retried + uncached.retried,
    },
    browser: await shopper,
  };
}

/** A page of the old version stored by the proxy before the roll still loads whole once the new one is live. */
async function cachedPage(origin: string, pagePath: string, version: string) {
  const url = origin.replace('localhost', '127.0.0.1');
  const response = await fetch(url + pagePath, { headers: { 'accept-encoding': 'gzip' } });
  const html = await response.text();
  // From the replicas, not from chunks the proxy happens to keep.
  const fresh = { headers: { cookie: 'version_skew=1' } };
  const statuses = await Promise.all(subresources(html).map(async (asset) => (await fetch(url + asset, fresh)).status));
  const cache = response.headers.get('x-cache-status');
  check(
    response.headers.get('x-storefront-version') === version && statuses.every((status) => status === 200),
    `${pagePath} from the proxy's cache (${cache}), HTML of the old version: all ${statuses.length} assets answer 200 from the replicas`,
  );
}

function printPhases(phases: Phase[], versions: Record<'a' | 'b', string>): void {
  const name = (version: string) => (version === versions.a ? 'A' : version === versions.b ? 'B' : version);
  const split = (byVersion: Map<string, number>) =>
    [...byVersion].map(([version, count]) => `${name(version)} ${count}`).join(', ');
  console.log(
    '\nphase                 page loads   failed   HTML by version     assets  sent again   | Chromium loads   not hydrated   by version',
  );
  for (const { name: phase, loads, browser } of phases) {
    console.log(
      `${phase.padEnd(21)} ${String(loads.loads).padStart(10)} ${String(loads.failed.length).padStart(8)}   ${split(loads.byVersion).padEnd(18)} ${String(loads.assets).padStart(7)} ${String(loads.retried).padStart(11)}   | ${String(browser.loads).padStart(14)} ${String(browser.notHydrated.length).padStart(14)}   ${split(browser.byVersion)}`,
    );
    for (const { at, what } of loads.failed.slice(0, 10))
      console.log(`  failed load at ${(at / 1000).toFixed(1)} s: ${what.slice(0, 300)}`);
    if (loads.failed.length > 10) console.log(`  … and ${loads.failed.length - 10} more`);
    for (const what of browser.notHydrated.slice(0, 10)) console.log(`  not hydrated: ${what.slice(0, 300)}`);
  }
}

async function main(): Promise<void> {
  ensurePodman(values.target === 'compose' ? ['podman-compose'] : []);
  if (!values['keep-images']) {
    onCleanup(() => {
      log(`removing images ${[...Object.values(IMAGES), PROXY_IMAGE].join(', ')} (--keep-images keeps them)`);
      spawnSync('podman', ['rmi', '-f', '--ignore', ...Object.values(IMAGES), PROXY_IMAGE], { stdio: 'ignore' });
    });
  }
  if (!values['skip-build']) await buildVersions();
  if (values.assets === 'previous-image') await buildCarryingA();
  const versions = { a: await versionOf(IMAGES.a), b: await versionOf(IMAGES.b) };
  check(versions.a !== versions.b, `two versions: A ${versions.a}, B ${versions.b}`);
  const run = `sf-deploy-${process.pid}`;
  const target =
    values.target === 'compose'
      ? await composeTarget(run)
      : values.target === 'kube'
        ? await kubeTarget(run)
        : await fleetTarget(run, values.assets!);
  const browser = await launchBrowser();
  const { origin } = target;

  // Pages the proxy keeps from A (s-maxage, then stale while it refreshes them).
  for (let i = 0; i < 2; i++)
    await (
      await fetch(`${origin.replace('localhost', '127.0.0.1')}/journal?deploy-cached`, {
        headers: { 'accept-encoding': 'gzip' },
      })
    ).text();

  const phases: Phase[] = [];
  const oldTabsA = await openOldTabs(browser, origin, versions.a);
  log(`roll to B under load (${shoppers} shoppers loading whole pages, one Chromium tab)`);
  phases.push({ name: 'roll A → B', ...(await underLoad(browser, origin, () => target.roll(IMAGES.b))) });
  const forward = await useOldTabs(oldTabsA, origin, versions.b, true);
  await cachedPage(origin, '/journal?deploy-cached', versions.a);

  const oldTabsB = await openOldTabs(browser, origin, versions.b);
  log('roll back to A under load');
  phases.push({ name: 'roll back B → A', ...(await underLoad(browser, origin, () => target.roll(IMAGES.a))) });
  const back = await useOldTabs(oldTabsB, origin, versions.a, false);

  printPhases(phases, versions);
  summariseProxyLog(target.proxy);
  const failedLoads = phases.reduce((sum, phase) => sum + phase.loads.failed.length, 0);
  const notHydrated = phases.reduce((sum, phase) => sum + phase.browser.notHydrated.length, 0);
  const tabs = oldTabsA.length + oldTabsB.length;
  console.log(
    `\npage loads ${phases.reduce((sum, phase) => sum + phase.loads.loads, 0)}, failed ${failedLoads}; Chromium page loads ${phases.reduce((sum, phase) => sum + phase.browser.loads, 0)}, not hydrated ${notHydrated}; old-tab navigations ${forward.landed + back.landed}/${tabs} landed (A→B ${forward.landed}/${oldTabsA.length}, B→A ${back.landed}/${oldTabsB.length})`,
  );
  check(failedLoads === 0, `0 failed page loads (${failedLoads})`);
  check(notHydrated === 0, `0 pages that failed to hydrate (${notHydrated})`);
  await browser.close();
}

try {
  await main();
  console.log(failures.length === 0 ? '\ndeploy: PASS' : `\ndeploy: FAIL\n  ${failures.join('\n  ')}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error instanceof SetupError ? `deploy: cannot run: ${error.message}` : error);
  // Exit now: a browser left open would keep the process, and with it the pods and the proxy, alive (the
  // cleanup runs on exit).
  process.exit(error instanceof SetupError ? 3 : 1);
}
