import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

// Three projects: pure logic, the real server's HTML, and real Chromium. `npm test` builds first, since the
// SSR and browser tests run the production build through server.ts.
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
        test: { name: 'ssr', include: ['tests/ssr/**/*.test.ts'], hookTimeout: 30_000 },
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
