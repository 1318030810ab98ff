/**
 * Pixel-identical check for refactors: full-page screenshots of every route at phone and desktop width, taken
 * from the production build, then compared pixel by pixel with another set.
 *
 *   npm run build && node bench/compare-screens.ts capture /tmp/before
 *   ...change the code...
 *   npm run build && node bench/compare-screens.ts capture /tmp/after
 *   node bench/compare-screens.ts compare /tmp/before /tmp/after     (writes *-diff.png next to the second set)
 *   node bench/compare-screens.ts capture /tmp/after /cart /checkOut   (only these routes)
 *
 * Carousels autoplay and fade: the pages are opened with reduced motion, which stops autoplay and
 * transitions, so two captures of the same build are identical (capture twice and compare to check).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { launchBrowser, loadLazyImages, openPage, waitForHydration } from '../tests/support/browser.ts';
import { startServer } from '../tests/support/server.ts';
import { paths } from '../app/paths.ts';

const widths = { desktop: 1280, mobile: 375 } as const;
const routes = [...Object.values(paths), '/no-such-page'];

async function capture(dir: string, only: string[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  try {
    for (const route of only.length ? only : routes) {
      for (const [name, width] of Object.entries(widths)) {
        const { page, problems, close } = await openPage(browser, {
          width,
          height: name === 'mobile' ? 812 : 900,
          reducedMotion: 'reduce',
        });
        await page.goto(server.origin + route);
        await waitForHydration(page);
        // Lazy images load only near the viewport: the full-page shot needs them all.
        await loadLazyImages(page);
        await page.evaluate(() => document.fonts.ready);
        const file = join(dir, `${route === '/' ? 'home' : route.slice(1)}-${name}.png`);
        await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
        console.log(file, problems.length ? `(console: ${problems.join(' | ')})` : '');
        await close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

async function compare(before: string, after: string): Promise<number> {
  let different = 0;
  for (const file of (await readdir(before))
    .filter((name) => name.endsWith('.png') && !name.endsWith('-diff.png'))
    .sort()) {
    const a = PNG.sync.read(await readFile(join(before, file)));
    let b: PNG;
    try {
      b = PNG.sync.read(await readFile(join(after, file)));
    } catch {
      console.log(`${file.padEnd(32)} missing in ${after}`);
      different++;
      continue;
    }
    if (a.width !== b.width || a.height !== b.height) {
      console.log(`${file.padEnd(32)} size ${a.width}x${a.height} -> ${b.width}x${b.height}`);
      different++;
      continue;
    }
    const diff = new PNG({ width: a.width, height: a.height });
    const pixels = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: 0 });
    console.log(`${file.padEnd(32)} ${a.width}x${a.height} ${pixels === 0 ? 'identical' : `${pixels} pixels differ`}`);
    if (pixels > 0) {
      different++;
      await writeFile(join(after, file.replace(/\.png$/, '-diff.png')), PNG.sync.write(diff));
    }
  }
  console.log(different === 0 ? 'all screenshots pixel-identical' : `${different} screenshots differ`);
  return different;
}

const [command, first, second, ...rest] = process.argv.slice(2);
if (command === 'capture' && first)
  await capture(first, [second, ...rest].filter((arg) => arg?.startsWith('/')) as string[]);
else if (command === 'compare' && first && second) process.exitCode = (await compare(first, second)) ? 1 : 0;
else {
  console.error('usage: node bench/compare-screens.ts capture DIR | compare BEFORE_DIR AFTER_DIR');
  process.exitCode = 2;
}
