import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../support/process.ts';

// `npm run dev` itself, in a copy of the project (the test edits server files): an edit to server.ts or server/
// restarts the server, however the editor saves it.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const copy = mkdtempSync(path.join(tmpdir(), 'storefront-dev-'));
let output = '';
let dev: ReturnType<typeof spawn>;
let port: number;

const starts = () => output.split('\n').filter((line) => line.includes('"msg":"listening"')).length;
/** Until the server has said `listening` `count` times (each start says it once), for a minute at most. */
async function waitForStarts(count: number): Promise<void> {
  for (const deadline = Date.now() + 60_000; starts() < count && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(starts(), output.slice(-2_000)).toBe(count);
}

beforeAll(async () => {
  for (const entry of ['app', 'fixtures', 'public', 'server', 'server.ts', 'package.json', 'nodemon.json']) {
    cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  for (const file of ['vite.config.ts', 'react-router.config.ts', 'tsconfig.json', 'runtime.env']) {
    cpSync(path.join(root, file), path.join(copy, file));
  }
  // The packages by link, each, so that Vite's cache of optimized modules (node_modules/.vite) is the copy's own,
  // not the project's, which a dev server of the project's own may be using at the same time.
  mkdirSync(path.join(copy, 'node_modules'));
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry !== '.vite') symlinkSync(path.join(root, 'node_modules', entry), path.join(copy, 'node_modules', entry));
  }
  port = await freePort();
  dev = spawn('npm', ['run', 'dev'], {
    cwd: copy,
    env: { ...process.env, PORT: String(port), NODE_ENV: 'development', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  dev.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForStarts(1);
}, 90_000);

afterAll(async () => {
  // npm, nodemon and the server: the whole process group, then the copy once npm has gone.
  if (dev?.pid && dev.exitCode === null) {
    const exited = once(dev, 'exit');
    process.kill(-dev.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
  rmSync(copy, { recursive: true, force: true });
}, 20_000);

it('restarts on every edit of a server file, also after one saved by renaming a new file over it', async () => {
  const file = path.join(copy, 'server/health.ts');
  const atomically = (text: string) => {
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
  };
  const original = readFileSync(file, 'utf8');
  // As JetBrains' safe write, many editors' backups and `sed -i` save.
  atomically(`${original}\n// one\n`);
  await waitForStarts(2);
  // Written in place: Node's own --watch-path lost the file after the rename and missed this.
  writeFileSync(file, `${original}\n// two\n`);
  await waitForStarts(3);
  atomically(original);
  await waitForStarts(4);
  const response = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
  expect(response?.status).toBe(200);
}, 180_000);

it('lives through an exception thrown outside any request by the app’s code, and logs it', async () => {
  // As a backend client's callback might: thrown from a timer, where no request's error handling reaches.
  const route = path.join(copy, 'app/routes/about.tsx');
  writeFileSync(
    route,
    readFileSync(route, 'utf8').replace(
      'export async function loader() {',
      "export async function loader() {\n  setTimeout(() => {\n    throw new Error('thrown from a timer');\n  });",
    ),
  );
  expect((await fetch(`http://127.0.0.1:${port}/about`)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect((await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status).toBe(200);
  expect(output).toMatch(/"level":"error".*thrown from a timer/);
}, 60_000);
