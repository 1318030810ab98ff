/**
 * What deploy/fleet.ts, deploy/compose-smoke.ts and deploy/kube-smoke.ts share: podman made to work on this
 * kind of host (rootful, runc; the same setup as ../shared/tools/container-smoke), the images built from
 * this checkout, and cleanup of what a script started, also when it is interrupted.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const APP_IMAGE = 'localhost/storefront:fleet';
export const PROXY_IMAGE = 'localhost/storefront-proxy:fleet';
/** The base image the Dockerfile names; on a host without registry access container-smoke makes it locally. */
const NODE_BASE = 'docker.io/library/node:24-bookworm-slim';
const CACHE = '/var/cache/storefront-fleet';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

export class SetupError extends Error {}

/** Runs podman and resolves with its trimmed stdout; rejects with its stderr. */
export function podman(args: string[], options: { timeoutMs?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'podman',
      args,
      { maxBuffer: 256 * 1024 * 1024, timeout: options.timeoutMs ?? 600_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`podman ${args.slice(0, 3).join(' ')} failed: ${stderr.trim() || error.message}`));
        else resolve(stdout.trim());
      },
    );
  });
}

/**
 * Podman, rootful, with runc (crun fails on this cgroup-v1 hybrid host) and explicit ulimits; installs the
 * Debian packages if they are missing, and the local node:24 base image through container-smoke.
 */
export function ensurePodman(packages: string[] = []): void {
  if (process.getuid?.() !== 0) {
    throw new SetupError(
      'must run as root: the fleet uses rootful podman (networks with fixed addresses, memory limits).',
    );
  }
  const wanted = ['podman', 'buildah', 'runc', 'fuse-overlayfs', 'slirp4netns', 'uidmap', ...packages];
  const missing = wanted.filter(
    (name) =>
      spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout?.includes(
        'install ok installed',
      ) !== true,
  );
  if (missing.length > 0) {
    log(`installing ${missing.join(' ')} (apt-get)`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () => spawnSync('apt-get', ['install', '-y', ...missing], { stdio: 'inherit', env }).status === 0;
    if (!install() && !(spawnSync('apt-get', ['update'], { stdio: 'inherit', env }).status === 0 && install())) {
      throw new SetupError(`apt-get install ${missing.join(' ')} failed; install them and run again.`);
    }
  }
  if (!process.env.CONTAINERS_CONF) {
    mkdirSync(CACHE, { recursive: true });
    const conf = path.join(CACHE, 'containers.conf');
    writeFileSync(
      conf,
      '[containers]\ndefault_ulimits = ["nofile=20000:20000", "nproc=4096:4096"]\n[engine]\nruntime = "runc"\n',
    );
    process.env.CONTAINERS_CONF = conf;
  }
  // Without systemd, a container with a HEALTHCHECK would try to make a systemd timer and log an error.
  if (!existsSync('/run/systemd/system')) process.env.DISABLE_HC_SYSTEMD = 'true';

  if (spawnSync('podman', ['image', 'exists', NODE_BASE]).status !== 0) {
    const smoke = path.resolve(root, '../shared/tools/container-smoke');
    if (!existsSync(smoke)) {
      throw new SetupError(
        `the base image ${NODE_BASE} is missing and cannot be pulled here; ${smoke} (which builds it locally) is not ` +
          'there either. Pull or build that image, then run again.',
      );
    }
    log(`no ${NODE_BASE}: running ${smoke} once to build it locally (a few minutes)`);
    if (
      spawnSync(smoke, [], { cwd: root, stdio: 'inherit' }).status !== 0 ||
      spawnSync('podman', ['image', 'exists', NODE_BASE]).status !== 0
    ) {
      throw new SetupError(`${smoke} did not leave ${NODE_BASE} behind; see its output above.`);
    }
  }
}

/** Builds the app image from ./Dockerfile and the proxy image from deploy/nginx; layers are kept between runs. */
export async function buildImages(
  which: { app?: boolean; proxy?: boolean } = { app: true, proxy: true },
  tags: { app: string; proxy: string } = { app: APP_IMAGE, proxy: PROXY_IMAGE },
): Promise<void> {
  if (which.app) await buildAppImage(tags.app, root);
  // Debian's nginx on the same local Debian base: no registry needed.
  if (which.proxy) await buildImage(tags.proxy, ['--build-arg', `BASE=${NODE_BASE}`, path.join(root, 'deploy/nginx')]);
}

/** Builds the app image of the checkout at `checkout` (this one, or a scratch copy of another version). */
export function buildAppImage(tag: string, checkout: string): Promise<void> {
  return buildImage(tag, ['-f', path.join(checkout, 'Dockerfile'), checkout]);
}

/** podman build with the options every image here needs (host network for npm, docker format for HEALTHCHECK). */
export async function buildImage(tag: string, args: string[]): Promise<void> {
  const started = Date.now();
  log(`podman build ${tag}`);
  await podman(['build', '--network=host', '--format', 'docker', '-t', tag, ...args], { timeoutMs: 1_200_000 });
  log(`built ${tag} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** A TCP port on 127.0.0.1 nobody listens on, starting from `preferred`. */
export async function freePort(preferred: number): Promise<number> {
  for (let port = preferred; port < preferred + 100; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer().once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${preferred}`);
}

/**
 * Registers a synchronous cleanup that runs once: on normal exit, on an error, and on SIGINT/SIGTERM (then
 * the process exits 130/143). Synchronous so that it completes even while the process is exiting.
 */
export function onCleanup(cleanup: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cleanup();
  };
  process.on('exit', once);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      log(`${signal}: cleaning up`);
      once();
      process.exit(code);
    });
  }
}

/** Removes containers (and then networks and volumes) by name, synchronously; missing ones are ignored. */
export function removeContainers(containers: string[], networks: string[] = [], volumes: string[] = []): void {
  if (containers.length > 0)
    spawnSync('podman', ['rm', '-f', '-t', '0', '--ignore', ...containers], { stdio: 'ignore' });
  for (const network of networks) spawnSync('podman', ['network', 'rm', '-f', network], { stdio: 'ignore' });
  for (const volume of volumes) spawnSync('podman', ['volume', 'rm', '-f', volume], { stdio: 'ignore' });
}

/** Polls a URL until it answers 2xx, or throws after `timeoutMs`. */
export async function waitForOk(url: string, timeoutMs = 60_000, init?: RequestInit): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = String((error as Error).cause ?? error);
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer 2xx within ${timeoutMs / 1000} s (${last})`);
}
