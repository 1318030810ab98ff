import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

// Four projects: pure logic, the real server's HTML, real Chromium, and attacks on the server process. `npm
// test` builds first, since the SSR, browser and attack tests run the production build (the server itself
// compiled to build/node when started as a process, as the image runs it).
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}', 'app/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        // Many start the server as its own process, which renders its public pages before it is ready.
        test: {
          name: 'ssr',
          include: ['tests/ssr/**/*.test.ts'],
          exclude: ['tests/ssr/attacks.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        // Floods measure memory and whether /healthz answers within a second: they run last, on their own, so
        // that other test files do not take the cores they measure.
        test: {
          name: 'attacks',
          include: ['tests/ssr/attacks.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 30_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
