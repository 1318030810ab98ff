/**
 * Screenshots of pages at desktop and phone width, taken with the Chromium the tests use:
 * `npm run screenshots -- / /products` (defaults to every route) writes docs/screenshots/*.png.
 */
import { mkdir } from 'node:fs/promises';
import { launchBrowser, loadLazyImages, openPage, waitForHydration } from '../tests/support/browser.ts';
import { paths } from '../app/paths.ts';
import { startServer } from '../tests/support/server.ts';

const widths = { desktop: 1280, mobile: 375 } as const;
const asked = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const routes = asked.length > 0 ? asked : Object.values(paths);
const fullPage = !process.argv.includes('--viewport');

await mkdir('docs/screenshots', { recursive: true });
const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
try {
  for (const route of routes) {
    for (const [name, width] of Object.entries(widths)) {
      const { page, close } = await openPage(browser, { width, height: name === 'mobile' ? 812 : 900 });
      await page.goto(server.origin + route);
      await waitForHydration(page);
      // Lazy images load only near the viewport: the full-page shot needs them all.
      if (fullPage) await loadLazyImages(page);
      const file = `docs/screenshots/${route === '/' ? 'home' : route.slice(1)}-${name}.png`;
      await page.screenshot({ path: file, fullPage });
      console.log(file);
      await close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
