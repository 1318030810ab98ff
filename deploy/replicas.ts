/**
 * The fleet as deploy/fleet.ts and deploy/deploy-test.ts run it with podman: a network of their own with fixed
 * addresses, replicas of an app image with the limits of the Kubernetes manifests and the shared asset store,
 * and nginx in front.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { podman, root, waitForOk } from './podman.ts';

export type Replica = { name: string; alias: string; ip: string; mac: string; port: number; metricsPort: number };

export const REPLICA_MEMORY = '256m';
/** Above SHUTDOWN_TIMEOUT_MS (20 s): podman's SIGKILL never cuts a drain short. */
export const STOP_TIMEOUT_S = 25;
export const ENV_FILE = path.join(root, 'deploy/storefront.env');
/** Where each replica mounts the asset store volume (ASSET_STORE in deploy/storefront.env). */
export const ASSET_STORE_PATH = '/var/lib/storefront/assets';

/**
 * Creates the network, and the replicas' names and fixed addresses on it (not yet running): a restarted or
 * replaced replica comes back where nginx resolved it.
 */
export async function createFleetNetwork(
  network: string,
  aliases: string[],
): Promise<{ prefix: string; replicas: Replica[] }> {
  await podman(['network', 'create', network]);
  const [info] = JSON.parse(await podman(['network', 'inspect', network])) as Array<{
    subnets: Array<{ subnet: string }>;
  }>;
  const prefix = info!.subnets[0]!.subnet.split('.').slice(0, 3).join('.');
  const replicas = aliases.map((alias, i) => {
    const ip = `${prefix}.${11 + i}`;
    // Derived from the address, as Docker does: 02:42 and the four octets.
    const mac = ['02', '42', ...ip.split('.').map((octet) => Number(octet).toString(16).padStart(2, '0'))].join(':');
    return { name: `${network}-${alias}`, alias, ip, mac, port: 0, metricsPort: 0 };
  });
  return { prefix, replicas };
}

async function hostPort(container: string, port: number): Promise<number> {
  const mapping = await podman(['port', container, `${port}/tcp`]);
  return Number(mapping.split('\n')[0]!.split(':').pop());
}

/** Runs a new container for the replica from `image` and waits until it is ready. */
export async function runReplica(
  replica: Replica,
  {
    network,
    image,
    assetVolume,
    env = {},
  }: { network: string; image: string; assetVolume?: string; env?: Record<string, string> },
): Promise<void> {
  await podman([
    'run',
    '-d',
    '--name',
    replica.name,
    '--hostname',
    replica.alias,
    // Fixed address and MAC: nginx resolved the name once, and its neighbour (ARP) cache keeps the MAC for
    // a while, so a replica that came back with a new MAC would not be reachable for half a minute.
    '--network',
    network,
    '--ip',
    replica.ip,
    '--mac-address',
    replica.mac,
    '--network-alias',
    replica.alias,
    '--env-file',
    ENV_FILE,
    ...Object.entries(env).flatMap(([name, value]) => ['--env', `${name}=${value}`]),
    // The limits of the Kubernetes manifests: 256 MiB and no swap, read-only root, no capabilities.
    `--memory=${REPLICA_MEMORY}`,
    `--memory-swap=${REPLICA_MEMORY}`,
    // Not even /tmp is writable: proof that the app writes nothing but the asset store, as
    // readOnlyRootFilesystem requires.
    '--read-only',
    '--read-only-tmpfs=false',
    ...(assetVolume ? ['--volume', `${assetVolume}:${ASSET_STORE_PATH}`] : []),
    '--cap-drop=ALL',
    '--security-opt=no-new-privileges',
    '--stop-timeout',
    String(STOP_TIMEOUT_S),
    '--restart=no',
    '--log-opt',
    'max-size=50mb',
    // Published to 127.0.0.1 only, for the scripts' readiness polls and scrapes; the proxy uses the network.
    '--publish',
    '127.0.0.1::3000',
    '--publish',
    '127.0.0.1::9464',
    image,
  ]);
  await whenReady(replica);
}

/** Starts a stopped replica's container again and waits until it is ready. */
export async function startReplica(replica: Replica): Promise<void> {
  await podman(['start', replica.name]);
  await whenReady(replica);
}

async function whenReady(replica: Replica): Promise<void> {
  replica.port = await hostPort(replica.name, 3000);
  replica.metricsPort = await hostPort(replica.name, 9464);
  await waitForOk(`http://127.0.0.1:${replica.port}/readyz`, 60_000);
}

export async function containerState(container: string) {
  const [info] = JSON.parse(await podman(['inspect', container])) as Array<{
    RestartCount: number;
    State: { Running: boolean; OOMKilled: boolean; ExitCode: number; StartedAt: string };
  }>;
  return { ...info!.State, RestartCount: info!.RestartCount };
}

/** nginx on the network at `ip`, published on 127.0.0.1:`port`; `config` replaces the image's nginx.conf. */
export async function runProxy({
  name,
  network,
  ip,
  port,
  image,
  config,
}: {
  name: string;
  network: string;
  ip: string;
  port: number;
  image: string;
  config?: string;
}): Promise<string> {
  await podman([
    'run',
    '-d',
    '--name',
    name,
    '--network',
    network,
    '--ip',
    ip,
    '--publish',
    `127.0.0.1:${port}:8080`,
    ...(config ? ['--volume', `${config}:/etc/nginx/nginx.conf:ro`] : []),
    '--read-only',
    '--cap-drop=ALL',
    '--security-opt=no-new-privileges',
    '--memory=256m',
    '--log-opt',
    'max-size=50mb',
    image,
  ]);
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(`${url}/healthz`, 30_000);
  return url;
}

/**
 * What nginx logged besides the access log: each upstream error it answered by trying another replica (or,
 * if it logged a 502, could not). The whole log is kept in a file for reading.
 */
export function summariseProxyLog(proxy: string): void {
  const output = spawnSync('podman', ['logs', proxy], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  const file = path.join(tmpdir(), `${proxy}.log`);
  writeFileSync(file, output.stdout + output.stderr);
  const counts = new Map<string, number>();
  for (const line of output.stderr.split('\n')) {
    const match = /\[(error|warn|crit|alert|emerg)\] \d+#\d+: (?:\*\d+ )?(.*?)(?:, client:|$)/.exec(line);
    if (!match) continue;
    const message = `${match[1]}: ${match[2]!.replace(/\d+\.\d+\.\d+\.\d+:\d+/g, 'ADDR')}`;
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  console.log(`proxy error log (full log: ${file}):${counts.size === 0 ? ' nothing' : ''}`);
  for (const [message, count] of [...counts].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(count).padStart(6)} × ${message.slice(0, 150)}`);
}
