/**
 * A second version of the code, for the tests that ship one (deploy/deploy-test.ts, tests/browser/version-skew):
 * a scratch copy of this checkout (the files git tracks or would track, as they are on disk) with one real
 * source change, one attribute in a home-page component and one rule in its stylesheet, so that a build of it
 * gives the home route's chunk, its CSS and the manifest new hashes, as a release does.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What version B's home page carries and version A's does not. */
export const RELEASE_MARK = 'data-release="b"';

const EDITS: Array<{ file: string; from: string; to: string }> = [
  {
    file: 'app/components/home/Benefits/Benefits.tsx',
    from: 'aria-labelledby="benefits-title">',
    to: `aria-labelledby="benefits-title" ${RELEASE_MARK}>`,
  },
  {
    file: 'app/components/home/Benefits/Benefits.css.ts',
    from: 'export const root = style({ borderBottom: `1px solid ${vars.color.line}` });',
    to: 'export const root = style({ borderBottom: `2px solid ${vars.color.line}` });',
  },
];

/** Copies the checkout at `root` into `dir` and makes the change there. */
export function writeVersionB(root: string, dir: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && existsSync(path.join(root, file)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(path.join(root, file), path.join(dir, file));
  }
  for (const { file, from, to } of EDITS) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    if (!source.includes(from)) {
      throw new Error(`version B's change no longer applies: ${file} has no "${from}" (update deploy/version-b.ts)`);
    }
    writeFileSync(path.join(dir, file), source.replace(from, to));
  }
}
