import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { paths } from '../../app/paths.ts';
import routes from '../../app/routes.ts';

async function appModules(): Promise<Array<{ file: string; source: string }>> {
  const entries = await readdir('app', { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => `${entry.parentPath}/${entry.name}`);
  return Promise.all(files.map(async (file) => ({ file, source: await readFile(file, 'utf8') })));
}

describe('the data seam', () => {
  it('lets only app/data/*.server.ts read fixtures/: loaders and components go through it', async () => {
    const readers = (await appModules())
      .filter(({ source }) => /from\s+'[./]*fixtures\//.test(source))
      .map(({ file }) => file);
    expect(readers.length).toBeGreaterThan(0);
    expect(readers.filter((file) => !/^app\/data\/[\w-]+\.server\.ts$/.test(file))).toEqual([]);
  });

  it('keeps domain types in app/types/, which import nothing from fixtures/', async () => {
    const types = (await appModules()).filter(({ file }) => file.startsWith('app/types/'));
    expect(types.length).toBeGreaterThan(3);
    for (const { file, source } of types) expect(source, file).not.toMatch(/from\s+'[^']*fixtures\//);
  });

  it('takes every link path from the map of pages, in components and routes alike', async () => {
    const internal = /(?:\bto|\bpath|href)=["'{`]+\/(?!\/|images\/|favicon)/;
    const written = (await appModules())
      .filter(({ file }) => file.endsWith('.tsx'))
      .flatMap(({ file, source }) =>
        source
          .split('\n')
          .filter((line) => internal.test(line))
          .map((line) => `${file}: ${line.trim()}`),
      );
    expect(written).toEqual([]);
  });

  it('mounts each route at its path in the map', () => {
    const mounted = routes.map((route) => (route.index ? '/' : `/${route.path}`));
    for (const path of Object.values(paths)) expect(mounted).toContain(path);
  });
});
