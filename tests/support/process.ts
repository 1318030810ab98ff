import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerProcess = {
  child: ChildProcess;
  origin: string;
  port: number;
  /** Every JSON log line the process has written so far, from stdout and stderr. */
  logs: Array<Record<string, unknown>>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
};

/**
 * The production server runs compiled (build/node); a test run straight after editing server.ts or server/
 * without `npm run build` would test the code from before the edit. Refuse to.
 */
function assertBuildIsCurrent(root: string): void {
  const compiled = path.join(root, 'build/node/server.js');
  if (!existsSync(compiled)) throw new Error('No build/node/server.js: run `npm run build` first.');
  const sources = ['server.ts', ...readdirSync(path.join(root, 'server')).map((file) => `server/${file}`)];
  const newer = sources.filter((file) => statSync(path.join(root, file)).mtimeMs > statSync(compiled).mtimeMs);
  if (newer.length) throw new Error(`${newer.join(', ')} changed since the last build: run \`npm run build\` first.`);
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Why the server refuses to start with `env`: its error, or "it started" (then it is stopped at once, so that a
 * test of a refusal that fails leaves no server behind).
 */
export async function refusalToStart(env: Record<string, string>): Promise<string> {
  try {
    const server = await spawnServer(env);
    server.child.kill('SIGKILL');
    await server.exited;
    return 'it started';
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Runs the server in production mode as its own process on a free port, as an operator would (`npm start`,
 * the image: the compiled build/node/server.js; `node server.ts` in development), and resolves once it is
 * ready (/readyz answers 200, after its warm-up), as a load balancer would wait.
 */
export async function spawnServer(
  env: Record<string, string | undefined> = {},
  root = projectRoot,
): Promise<ServerProcess> {
  const port = await freePort();
  const development = env.NODE_ENV === 'development';
  if (!development) assertBuildIsCurrent(root);
  // As `npm start` runs it: with runtime.env's heap settings, which a NODE_OPTIONS in `env` replaces. (A
  // checkout from before runtime.env, as a benchmark's baseline, has none.)
  const runtimeEnv = existsSync(path.join(root, 'runtime.env')) ? ['--env-file=runtime.env'] : [];
  const args = development ? ['server.ts'] : [...runtimeEnv, 'build/node/server.js'];
  const { NODE_OPTIONS: _inherited, ...inherited } = process.env;
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...inherited, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Array<Record<string, unknown>> = [];
  const onLine = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ raw: line });
      }
    }
  };
  child.stdout!.on('data', onLine);
  child.stderr!.on('data', onLine);
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${JSON.stringify(logs)}`);
    const ok = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (attempt > 200) throw new Error(`server did not answer within 20 s: ${JSON.stringify(logs)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, origin, port, logs, exited };
}

/** The port the server's metrics listener got (spawned with METRICS_PORT=0), from its log. */
export async function metricsPortOf(server: ServerProcess): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const line = server.logs.find((entry) => entry.msg === 'metrics listening');
    if (typeof line?.port === 'number') return line.port;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no "metrics listening" log line: ${JSON.stringify(server.logs)}`);
}
