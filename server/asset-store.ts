/**
 * Hashed assets across versions of the app (docs/decisions/0021-assets-across-versions.md).
 *
 * While a new version rolls out, a page from one version asks replicas of the other for its chunks; after the
 * roll, open tabs and stored pages (the proxy's cache, a CDN's stale copy, up to a day under
 * stale-while-revalidate) still name the old version's. So a replica serves /assets/ from its own build first,
 * then from the asset store: a directory every replica of every version shares (ASSET_STORE, a volume), into
 * which each replica copies its own build's assets before it reports ready. Their names are content hashes, so
 * a name always means the same bytes: files are added, never replaced. Each running replica marks its build as
 * seen every hour; a build not seen for the retention period (ASSET_RETENTION_DAYS) is forgotten, and its files
 * with it unless a build still seen names them.
 */
import { randomUUID } from 'node:crypto';
import { constants as fs } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import express, { type RequestHandler, type Response } from 'express';
import { log } from './log.ts';
import { chooseEncoding, reads, refuseAllButReads } from './middleware.ts';

/** How long a build's assets outlive the last replica of it: above a day, the pages' stale-while-revalidate. */
export const DEFAULT_ASSET_RETENTION_DAYS = 7;

/** How often a running replica marks its build as seen, and forgets builds not seen for the retention period. */
const MARK_INTERVAL_MS = 60 * 60 * 1000;

/** The folder of build records in the store: one file per build, listing its assets; its mtime is when a replica of it was last seen. */
const BUILDS = '.builds';

/** What a file in build/client/assets is called: a name, no folders (Vite writes them flat). */
const ASSET_NAME = /^[\w.-]+$/;

export type AssetStoreOptions = {
  /** The shared directory (ASSET_STORE). */
  dir: string;
  /** This build's own assets (build/client/assets). */
  assetsDir: string;
  /** This build's version (React Router's manifest version). */
  version: string;
  retentionDays?: number;
  /** The clock, for tests. */
  now?: () => number;
};

export type AssetStore = {
  dir: string;
  /** False when the store could not be written (a read-only volume): it is still served. */
  writable: boolean;
  /** Marks this build as seen and forgets builds not seen for the retention period; done every hour by itself. */
  maintain: () => Promise<void>;
  /** Stops the hourly maintenance. */
  close: () => void;
};

/**
 * Adds this build's assets to the store and marks the build as seen, then forgets expired builds; repeats
 * every hour. A store that cannot be written is served as it is (a warning says why).
 */
export async function openAssetStore({
  dir,
  assetsDir,
  version,
  retentionDays = DEFAULT_ASSET_RETENTION_DAYS,
  now = Date.now,
}: AssetStoreOptions): Promise<AssetStore> {
  const own = (await readdir(assetsDir)).filter((name) => ASSET_NAME.test(name));
  const retentionMs = retentionDays * 24 * 60 * 60 * 1000;
  const store: AssetStore = {
    dir,
    writable: true,
    maintain: async () => {
      try {
        await addBuild(dir, assetsDir, version, own, now());
        await forgetExpired(dir, now() - retentionMs);
      } catch (error) {
        store.writable = false;
        log.warn(
          { dir, error: (error as Error).message },
          'the asset store cannot be written: it is served as it is, without this build',
        );
      }
    },
    close: () => clearInterval(timer),
  };
  await store.maintain();
  const timer = setInterval(() => void store.maintain(), MARK_INTERVAL_MS).unref();
  log.info({ dir, version, files: own.length, writable: store.writable, retentionDays }, 'asset store ready');
  return store;
}

/** Writes the build's record (its mtime: seen now), then copies in each of its files the store lacks. */
async function addBuild(dir: string, assetsDir: string, version: string, files: string[], now: number) {
  await mkdir(path.join(dir, BUILDS), { recursive: true });
  const record = path.join(dir, BUILDS, `${version}.json`);
  // The record first: a replica forgetting expired builds meanwhile keeps files a record names.
  await writeAtomically(record, (temporary) => writeFile(temporary, `${JSON.stringify({ version, files })}\n`));
  await utimes(record, now / 1000, now / 1000);
  for (const name of files) {
    const target = path.join(dir, name);
    if (await exists(target)) continue;
    // Copied under a temporary name and renamed: a reader never sees half a file.
    await writeAtomically(target, (temporary) => copyFile(path.join(assetsDir, name), temporary, fs.COPYFILE_EXCL));
  }
}

/** Forgets builds last seen before `cutoff`, then deletes files no remaining build names that are older than it. */
async function forgetExpired(dir: string, cutoff: number) {
  const kept = new Set<string>();
  for (const entry of await readdir(path.join(dir, BUILDS))) {
    if (!entry.endsWith('.json')) continue;
    const record = path.join(dir, BUILDS, entry);
    const info = await stat(record).catch(() => undefined);
    if (!info) continue;
    if (info.mtimeMs < cutoff) {
      await unlink(record).catch(() => {});
      continue;
    }
    let files: unknown;
    try {
      ({ files } = JSON.parse(await readFile(record, 'utf8')) as { files: unknown });
    } catch (error) {
      // Forgotten meanwhile by another replica: it was expired.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      files = undefined;
    }
    if (!Array.isArray(files)) {
      // Which files a record that cannot be read names, nobody can tell: in doubt, this pass deletes none.
      log.warn({ record }, 'asset store: a build record cannot be read; no file is deleted until it is removed');
      return;
    }
    for (const name of files) kept.add(String(name));
  }
  for (const name of await readdir(dir)) {
    if (name.startsWith('.') || kept.has(name)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    // A file copied in just now by a replica whose record this pass did not read yet is young: it stays.
    if (info?.isFile() && info.mtimeMs < cutoff) await unlink(file).catch(() => {});
  }
}

async function writeAtomically(target: string, write: (temporary: string) => Promise<void>) {
  const temporary = path.join(path.dirname(target), `.tmp-${randomUUID()}`);
  try {
    await write(temporary);
    await rename(temporary, target);
  } finally {
    await unlink(temporary).catch(() => {});
  }
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * /assets/: this build's files, then the store's (when there is one), each with its precompressed copy when the
 * client takes it, immutable for a year. A name neither has is a plain 404, never a page.
 */
export function serveAssets({
  assetsDir,
  store,
  setHeaders,
}: {
  assetsDir: string;
  store?: string;
  setHeaders: (res: Response, file: string) => void;
}): RequestHandler[] {
  // Hashed file names change with their content, so browsers and CDNs may keep them for a year.
  const options = { immutable: true, maxAge: '1y', index: false, redirect: false, setHeaders };
  const own = express.static(assetsDir, { ...options, fallthrough: store !== undefined });
  // An asset is not posted to: refused as any other file is (express.static's own 405 kept the connection open
  // to read the body, and said nothing of caching).
  const readsOnly: RequestHandler = (req, res, next) => (reads(req) ? next() : refuseAllButReads(res));
  if (!store) return [readsOnly, own];
  return [readsOnly, own, storeEncoding(store), express.static(store, { ...options, fallthrough: false })];
}

/**
 * Points a request for a file of the store at its .br or .gz copy when the client takes it. The store grows
 * while the server runs (replicas of a newer version add theirs), so it is looked at per request; only
 * requests for other versions' files come here.
 */
function storeEncoding(store: string): RequestHandler {
  return async (req, res, next) => {
    const name = req.path.slice(1);
    if (!ASSET_NAME.test(name) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    try {
      const variants = (
        await Promise.all(
          (['br', 'gzip'] as const).map(async (encoding) =>
            (await exists(path.join(store, `${name}.${encoding === 'br' ? 'br' : 'gz'}`))) ? encoding : undefined,
          ),
        )
      ).filter((encoding) => encoding !== undefined);
      if (variants.length > 0) {
        res.vary('Accept-Encoding');
        const chosen = chooseEncoding(req, variants);
        if (chosen) req.url = req.url.replace(req.path, `${req.path}.${chosen === 'br' ? 'br' : 'gz'}`);
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
