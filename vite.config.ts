import { reactRouter } from '@react-router/dev/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig, type Plugin } from 'vite';

/**
 * The root route and what it renders on every page: the shell's components and the helpers and styles they
 * use. One file: both load on every page and change together.
 */
const SHELL_MODULES =
  /\/app\/(root\.tsx|styles\/|lib\/(nonce|page-title|meta|money|structured-data|class-names)\.ts|components\/shell\/|components\/ui\/(Button|Dropdown|Icon|SearchBox|JsonLd)\/)/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [smallPreloadHelper(), vanillaExtractPlugin(), reactRouter()],
  // vanilla-extract is a build tool: whatever runtime it needs goes into the bundle, so production installs
  // no dev packages (tests/ssr/build.test.ts checks).
  ssr: { noExternal: [/^@vanilla-extract\//] },
  build: {
    // React Router preloads each route's modules itself; Vite's helper would only add 1.3 KB to every page
    // that imports something lazily (the carousels' embla).
    modulePreload: false,
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Every page needs React and React Router, and the shell with the few modules it uses: two files
            // compress better than a dozen and are cached once (docs/decisions/0005-javascript-budget.md).
            manualChunks: (id: string) => {
              if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'framework';
              if (SHELL_MODULES.test(id)) return 'shell';
              return undefined;
            },
          },
        },
  },
}));

/**
 * Vite's helper for dynamic imports preloads their JavaScript and CSS and reports failures: 1.2 KB on every
 * page that imports anything lazily. React Router already preloads what a page needs, so all a lazily
 * imported chunk still needs is its stylesheets: this stand-in loads those (once) and then the chunk.
 */
function smallPreloadHelper(): Plugin {
  const id = '\0vite/preload-helper.js';
  return {
    name: 'storefront:small-preload-helper',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    load(source) {
      if (source !== id) return null;
      return `export const __vitePreload = (load, deps) => Promise.all((deps || []).filter((dep) => dep.endsWith('.css')).map((dep) => {
  const href = '/' + dep;
  if (document.querySelector('link[rel="stylesheet"][href="' + href + '"]')) return undefined;
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
  document.head.append(link);
  return new Promise((resolve) => { link.onload = link.onerror = resolve; });
})).then(load);`;
    },
  };
}
