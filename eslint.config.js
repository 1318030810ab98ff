// Lint rules for correctness only: formatting is Prettier's business, so no stylistic rule is enabled here.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The app's layers (docs/decisions/0024): routes → root → components and data → lib, styles, types and paths,
// and the server apart. An import is matched as written: a relative path that climbs (`../`, or `./` from app/
// itself) into a folder the importer must not read. Static imports, re-exports and `import()` alike.
const into = (climb, targets) => `^${climb}(?:${targets})`;
const UP = '(?:\\.\\./)+';
const DOWN = '\\./';
const layers = [
  {
    files: ['app/lib/**', 'app/styles/**', 'app/types/**'],
    forbidden: into(UP, '(?:routes|components|data)(?:/|$)|root(?:\\.|$)'),
    message:
      'app/lib, app/styles and app/types sit below routes, components and data: they import none of them (0024).',
  },
  {
    files: ['app/components/**'],
    forbidden: into(UP, '(?:routes|data)(?:/|$)|root(?:\\.|$)'),
    message:
      'Components take data as props from a route or the root, never from app/data, app/routes or app/root (0024).',
  },
  {
    files: ['app/data/**'],
    forbidden: into(UP, '(?:routes|components)(?:/|$)|root(?:\\.|$)'),
    message: 'app/data answers the routes: it imports no route, component or the root (0024).',
  },
  {
    // app/entry.server.tsx renders the routes' data; app/routes.ts and app/paths.ts map pages. Only the root reads data.
    files: ['app/*.{ts,tsx}'],
    ignores: ['app/root.tsx'],
    forbidden: into(DOWN, 'data(?:/|$)'),
    message: 'Only route modules and app/root.tsx read app/data (0024).',
  },
  {
    // The server loads the app's build at run time (a computed path), never the app's source.
    files: ['server.ts', 'server/**'],
    forbidden: into(`(?:${DOWN}|${UP})`, 'app(?:/|$)'),
    message: 'server.ts and server/ import nothing from app/: they load the build at run time (0024).',
  },
];

export default defineConfig(
  globalIgnores(['build/', '.react-router/', 'node_modules/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // As TypeScript's noUnusedParameters: a leading underscore marks a parameter required by position
      // (Express tells an error handler by its four parameters). A rest sibling is how a key is left out.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // React code: the app, and tests that render components (tests' own use* helpers are vitest fixtures, not hooks).
    files: ['app/**/*.{ts,tsx}', 'tests/**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
  layers.map(({ forbidden, message, ...where }) => ({
    ...where,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: forbidden, message }] }],
      // esquery ends a regular expression at its first unescaped slash.
      'no-restricted-syntax': [
        'error',
        { selector: `ImportExpression[source.value=/${forbidden.replaceAll('/', '\\/')}/]`, message },
      ],
    },
  })),
);
