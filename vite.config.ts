import { reactRouter } from '@react-router/dev/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [vanillaExtractPlugin(), reactRouter()],
  // vanilla-extract is a build tool: bundle its small runtime (recipes) so production needs no dev packages.
  ssr: { noExternal: [/^@vanilla-extract\//] },
  build: {
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Every page needs React and React Router: one file compresses better than four and is cached once.
            manualChunks: (id: string) => (id.includes('/node_modules/react') || id.includes('/node_modules/scheduler/') ? 'framework' : undefined),
          },
        },
  },
}));
