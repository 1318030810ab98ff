/**
 * How the container image runs the server, read from the Dockerfile's `ENV` and from runtime.env (which the
 * image and `npm start` pass to node with --env-file) so the benchmarks and the memory tests measure exactly
 * what ships: its allocator (jemalloc, where this machine has it) and V8's heap limits.
 * See docs/decisions/0018-memory-of-a-rendering-server.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

/** The file of settings the production server is started with: `node --env-file=runtime.env`. */
const runtimeEnvFile = path.join(root, 'runtime.env');
const runtimeEnv = parseEnv(readFileSync(runtimeEnvFile, 'utf8'));

/** A variable the final stage's `ENV` sets, unquoted. */
function imageEnv(name: string): string {
  const value = [...dockerfile.matchAll(new RegExp(`\\b${name}=("[^"]*"|\\S+)`, 'g'))].at(-1)?.[1];
  if (!value) throw new Error(`The Dockerfile sets no ${name}`);
  return value.replace(/^"|"$/g, '');
}

const JEMALLOC = [
  '/usr/local/lib/libjemalloc.so.2',
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
].find((file) => existsSync(file));

/** True when this machine can run the server with the image's allocator (`apt-get install libjemalloc2`). */
export const HAS_JEMALLOC = JEMALLOC !== undefined;

/** The image's memory settings, for `spawnServer`: V8's heap limits, and jemalloc where it is installed. */
export const IMAGE_RUNTIME_ENV: Record<string, string> = {
  NODE_OPTIONS: runtimeEnv.NODE_OPTIONS!,
  ...(JEMALLOC ? { LD_PRELOAD: JEMALLOC, MALLOC_CONF: imageEnv('MALLOC_CONF') } : {}),
};

export const ALLOCATOR = JEMALLOC
  ? 'jemalloc, as in the image'
  : 'glibc malloc: install libjemalloc2 to measure as the image runs';
