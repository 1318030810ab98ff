import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };

/** What vite.config.ts's chunk report says the browser build holds: each chunk and its source modules. */
type Chunk = {
  name: string;
  file: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
  modules: string[];
};

const chunks: Chunk[] = JSON.parse(await readFile('build/client-chunks.json', 'utf8'));
const chunk = (name: string) => chunks.find((candidate) => candidate.name === name)!;
// Source modules only: vanilla-extract's generated CSS modules ride along with their .css.ts file.
const sources = (of: Chunk) => [...new Set(of.modules.filter((id) => id && !id.endsWith('.vanilla.css')))];
const FRAMEWORK = /^node_modules\/(react|react-dom|react-router|scheduler)\//;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => `${entry.parentPath}/${entry.name}`);
}

describe('the production build', () => {
  it('imports only production dependencies, so the container runs it without dev packages', async () => {
    const server = await readFile('build/server/index.js', 'utf8');
    const bare = [...server.matchAll(/(?:from|import)\s*\(?\s*["']([^"'./][^"']*)["']/g)].map((match) => match[1]!);
    const packages = bare
      .filter((specifier) => !specifier.startsWith('node:'))
      .map((specifier) =>
        specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      );
    for (const name of new Set(packages)) expect(Object.keys(packageJson.dependencies), name).toContain(name);
  });

  it('puts React, React DOM, the scheduler and React Router, and nothing else, in the framework chunk', () => {
    const modules = sources(chunk('framework'));
    expect(modules.filter((id) => !FRAMEWORK.test(id))).toEqual([]);
    const packages = new Set(modules.map((id) => id.split('/')[1]));
    expect([...packages].sort()).toEqual(['react', 'react-dom', 'react-router', 'scheduler']);
    // Nothing of theirs is left for another chunk.
    const elsewhere = chunks
      .filter((other) => other.name !== 'framework')
      .flatMap(sources)
      .filter((id) => FRAMEWORK.test(id));
    expect(elsewhere).toEqual([]);
  });

  it('puts the root route and every module of app/components/shell/ in the shell chunk, and no page of its own', async () => {
    const modules = sources(chunk('shell'));
    const shellFiles = (await filesUnder('app/components/shell')).filter((file) => /\.tsx?$/.test(file));
    expect(shellFiles.length).toBeGreaterThan(5);
    for (const file of ['app/root.tsx', ...shellFiles]) expect(modules, file).toContain(file);
    // What only some pages use stays with them.
    expect(
      modules.filter((id) => /^(app\/routes\/|app\/components\/(home|product|carousel)\/|node_modules\/)/.test(id)),
    ).toEqual([]);
    // So do the helpers of app/lib/ that one route alone uses.
    expect(modules).not.toContain('app/lib/dates.ts');
    expect(sources(chunk('journal'))).toContain('app/lib/dates.ts');
    expect(modules).not.toContain('app/lib/pagination.ts');
    expect(sources(chunk('products'))).toContain('app/lib/pagination.ts');
    const root = chunk('root');
    expect(root.isEntry).toBe(true);
    expect(root.imports).toContain(chunk('shell').file);
  });

  it('gives each route its own entry chunk that holds its module', async () => {
    const routes = (await readdir('app/routes')).filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.css.ts'));
    for (const file of routes) {
      const entry = chunk(file.replace(/\.tsx?$/, ''));
      expect(entry?.isEntry, file).toBe(true);
      expect(sources(entry), file).toContain(`app/routes/${file}`);
    }
  });

  it('holds each module in one chunk only', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const each of chunks) {
      for (const id of sources(each)) {
        if (seen.has(id)) twice.push(`${id}: ${seen.get(id)} and ${each.name}`);
        seen.set(id, each.name);
      }
    }
    expect(twice).toEqual([]);
  });

  it('loads embla only lazily: its modules are in chunks that only a dynamic import reaches', () => {
    const embla = chunks.filter((each) => sources(each).some((id) => id.startsWith('node_modules/embla-carousel')));
    expect(embla.length).toBeGreaterThan(0);
    for (const each of embla) expect(each.isDynamicEntry, each.name).toBe(true);
    // No chunk imports them statically.
    const files = new Set(embla.map((each) => each.file));
    expect(chunks.filter((each) => each.imports.some((file) => files.has(file))).map((each) => each.name)).toEqual([]);
  });
});
