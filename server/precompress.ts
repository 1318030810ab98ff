/**
 * After `react-router build`: writes a gzip (zopfli, smaller than zlib's best) and a brotli copy next to
 * every compressible file in build/client, so the server sends them without compressing on each request. Small
 * files too: a 500-byte module comes to about 330 gzipped. A copy is kept only when it is smaller.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

export const COMPRESSIBLE = /\.(js|css|svg|ico|txt|json|xml|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

const root = process.argv[2] ?? 'build/client';
let count = 0;
const started = performance.now();
for await (const file of files(root)) {
  const content = await readFile(file);
  const [gzip, brotli] = [
    await gzipAsync(content, { numiterations: 10 }),
    brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
  ];
  if (gzip.length < content.length) await writeFile(`${file}.gz`, gzip);
  if (brotli.length < content.length) await writeFile(`${file}.br`, brotli);
  count++;
}
console.log(`precompressed ${count} files in ${root} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
