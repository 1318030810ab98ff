import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };

describe('the production build', () => {
  it('imports only production dependencies, so the container runs it without dev packages', async () => {
    const server = await readFile('build/server/index.js', 'utf8');
    const bare = [...server.matchAll(/(?:from|import)\s*\(?\s*["']([^"'./][^"']*)["']/g)].map((match) => match[1]!);
    const packages = bare
      .filter((specifier) => !specifier.startsWith('node:'))
      .map((specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
    for (const name of new Set(packages)) expect(Object.keys(packageJson.dependencies), name).toContain(name);
  });
});
