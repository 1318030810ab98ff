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
            // Every page needs React and React Router, and the shell's small shared modules: two files compress
            // better than a dozen and are cached once (docs/decisions/0005-javascript-budget.md).
            manualChunks: (id: string) => {
              if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'framework';
              if (/\/app\/(lib|styles|components\/(ui|shell)|components\/product\/(ProductCard|Price))\//.test(id)) return 'shared';
              return undefined;
            },
          },
        },
  },
}));
