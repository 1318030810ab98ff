import { reactRouter } from '@react-router/dev/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [vanillaExtractPlugin(), reactRouter()],
  // vanilla-extract is a build tool: bundle its small runtime (recipes) so production needs no dev packages.
  ssr: { noExternal: [/^@vanilla-extract\//] },
});
