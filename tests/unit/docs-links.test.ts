import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { anchors, brokenLinks, targets, type Files } from '../support/markdown-links.ts';

/** Files held in memory, as the checker sees a repository. */
function inMemory(files: Record<string, string>): Files {
  return {
    exists: (file) =>
      file in files || Object.keys(files).some((name) => name.startsWith(file.endsWith('/') ? file : `${file}/`)),
    read: (file) => files[file] ?? '',
  };
}

describe('the link checker', () => {
  it('makes anchors as GitHub does: lower case, hyphens, no punctuation, repeats numbered', () => {
    const page = [
      '# Running one container',
      '## Size budgets: `npm run bench:size`',
      '## What the fleet test measured',
      '## Compose: nginx and three replicas',
      '## Memory',
      '## Memory',
      '## Memory',
      '## [Linked](elsewhere.md) **and** bold',
    ].join('\n\n');
    expect([...anchors(page)]).toEqual([
      'running-one-container',
      'size-budgets-npm-run-benchsize',
      'what-the-fleet-test-measured',
      'compose-nginx-and-three-replicas',
      'memory',
      'memory-1',
      'memory-2',
      'linked-and-bold',
    ]);
  });

  it('finds links and images inline, in tables, by reference and in HTML, not in code', () => {
    const page = [
      'See [a](a.md) and ![b](b.png).',
      '| c | d |\n|---|---|\n| [c](c.md#x) | <img src="d.png"> |',
      'By [reference][e].\n\n[e]: e.md',
      '`[not](code.md)`\n\n```\n[nor](block.md)\n```',
    ].join('\n\n');
    expect(targets(page).sort()).toEqual(['a.md', 'b.png', 'c.md#x', 'd.png', 'e.md']);
  });

  it('reports a missing file, a missing heading and a link out of the repository, and nothing else', () => {
    const files = inMemory({
      'README.md': [
        '# Storefront',
        '[ok](docs/guide.md#set-it-up) ![ok](docs/shot.png) [ok](docs/) [ok](#storefront) [ok](https://example.com/x)',
        '[gone](docs/missing.md) [bad anchor](docs/guide.md#nowhere) [bad anchor here](#nowhere) [out](../x.md)',
      ].join('\n\n'),
      'docs/guide.md': '# Set it up\n\n[back](../README.md#storefront) [gone](../README.md#operating-at-scale)',
      'docs/shot.png': '',
    });
    expect(brokenLinks(['README.md', 'docs/guide.md'], files)).toEqual([
      'README.md: docs/missing.md (no such file)',
      'README.md: docs/guide.md#nowhere (no such heading)',
      'README.md: #nowhere (no such heading)',
      'README.md: ../x.md (no such file)',
      'docs/guide.md: ../README.md#operating-at-scale (no such heading)',
    ]);
  });
});

describe('README.md and docs/', () => {
  it('has every relative link and image resolve, anchors included', async () => {
    const docs = (await readdir('docs', { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
      .map((entry) => `${entry.parentPath}/${entry.name}`);
    const pages = ['README.md', ...docs];
    expect(pages.length).toBeGreaterThan(20);
    const repository: Files = { exists: existsSync, read: (file) => readFileSync(file, 'utf8') };
    expect(pages.flatMap((page) => targets(repository.read(page))).length).toBeGreaterThan(40);
    expect(brokenLinks(pages, repository)).toEqual([]);
  });
});
