import { reactRouter } from '@react-router/dev/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [vanillaExtractPlugin(), reactRouter(), chunkReport()],
  // vanilla-extract is a build tool: whatever runtime it needs goes into the bundle, so production installs
  // no dev packages (tests/ssr/build.test.ts checks).
  ssr: { noExternal: [/^@vanilla-extract\//] },
  build: {
    // React Router preloads each route's modules itself (its <link rel="modulepreload"> tags).
    modulePreload: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Chunks by folder, for what every page loads (docs/decisions/0015-build-chunks-by-folder.md):
            // `framework` is React, React DOM and React Router; `shell` is the root route and the page shell,
            // with everything they import (the bundler follows their imports), so a module the shell starts
            // using joins it by itself. The helpers of app/lib/ go with it, but those only one route uses
            // (dates: the journal; pagination: the product list), which stay with their route. Routes and what
            // they alone use are split as the bundler decides.
            // tests/ssr/build.test.ts asserts what each chunk holds.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
                  priority: 2,
                },
                {
                  name: 'shell',
                  test: /[\\/]app[\\/](root\.tsx|components[\\/]shell[\\/]|styles[\\/]|lib[\\/](?!(dates|pagination)\.ts))/,
                  priority: 1,
                },
              ],
            },
          },
        },
  },
}));

/**
 * Writes build/client-chunks.json (beside the public files, not among them): each browser chunk's file and
 * the source modules it holds, for tests/ssr/build.test.ts. The bundle itself is not touched.
 */
function chunkReport(): Plugin {
  return {
    name: 'storefront:chunk-report',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    async writeBundle(options, bundle) {
      const root = process.cwd();
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                name: output.name,
                file: output.fileName,
                isEntry: output.isEntry,
                isDynamicEntry: output.isDynamicEntry,
                imports: output.imports,
                modules: output.moduleIds.map((id) => relative(root, id.replace(/\?.*$/, ''))),
              },
            ]
          : [],
      );
      const file = join(dirname(options.dir ?? 'build/client'), 'client-chunks.json');
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(chunks, null, 2)}\n`);
    },
  };
}
