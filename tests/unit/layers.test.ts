import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The project's own ESLint configuration (the one `npm run lint` runs) on small sources placed at virtual
// paths: each arrow the layers forbid is an error there, each arrow they allow is none (0024).
const eslint = new ESLint();

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter(({ ruleId }) => ruleId === 'no-restricted-imports' || ruleId === 'no-restricted-syntax')
    .map(({ message }) => message);
}

const forbidden: Array<[string, string]> = [
  ['app/lib/x.ts', "import { getPage } from '../data/content.server';"],
  ['app/lib/x.ts', "export { getPage } from '../data/content.server';"],
  ['app/lib/x.ts', "import { Shell } from '../components/shell/Shell/Shell';"],
  ['app/lib/x.ts', "import { loader } from '../routes/home';"],
  ['app/lib/nested/x.ts', "import { getCart } from '../../data/cart.server';"],
  ['app/lib/x.ts', "import type { RouteHandle } from '../root';"],
  ['app/styles/x.css.ts', "import { buttonStyle } from '../components/ui/Button/Button';"],
  ['app/types/x.ts', "import type { getProducts } from '../data/catalog.server';"],
  ['app/components/ui/X/X.tsx', "import { getPage } from '../../../data/content.server';"],
  ['app/components/ui/X/X.tsx', "const data = () => import('../../../data/catalog.server');"],
  ['app/components/ui/X/X.tsx', "import { loader } from '../../../routes/home';"],
  ['app/data/x.server.ts', "import { ProductCard } from '../components/product/ProductCard/ProductCard';"],
  ['app/entry.server.tsx', "import { getPage } from './data/content.server';"],
  ['app/paths.ts', "export { getPage } from './data/content.server';"],
  ['server/x.ts', "import { paths } from '../app/paths.ts';"],
  ['server/x.ts', "const build = await import('../app/entry.server.tsx');"],
  ['server.ts', "import { paths } from './app/paths.ts';"],
];

const allowed: Array<[string, string]> = [
  ['app/routes/x.tsx', "import { getPage } from '../data/content.server';"],
  ['app/routes/x.tsx', "import { Shell } from '../components/shell/Shell/Shell';"],
  ['app/routes/x.tsx', "import type { RouteHandle } from '../root';"],
  ['app/root.tsx', "import { getMiniCart } from './data/cart.server';"],
  ['app/components/ui/X/X.tsx', "import { cx } from '../../../lib/class-names';"],
  ['app/components/ui/X/X.tsx', "import { paths } from '../../../paths';"],
  ['app/components/ui/X/X.tsx', "import type { Image } from '../../../types/site';"],
  ['app/components/ui/X/X.tsx', "import { vars } from '../../../styles/theme.css';"],
  ['app/components/ui/X/X.tsx', "import { Button } from '../Button/Button';"],
  ['app/components/ui/X/X.tsx', "const embla = () => import('embla-carousel');"],
  ['app/lib/x.ts', "import type { PageCopy } from '../types/site';"],
  ['app/lib/x.ts', "import { paths } from '../paths';"],
  ['app/lib/x.ts', "import { formatPrice } from './money';"],
  ['app/data/x.server.ts', "import { site } from '../../fixtures/site';"],
  ['app/data/x.server.ts', "import type { Image } from '../types/site';"],
  ['app/entry.server.tsx', "import { contentSecurityPolicy } from './lib/csp';"],
  ['app/entry.server.tsx', "import { log } from '../server/log';"],
  ['server/x.ts', "import { log } from './log.ts';"],
  ['server.ts', "import { log } from './server/log.ts';"],
  // Tests, benchmarks and deploy scripts stand outside the layers: a test may call a data module.
  ['tests/unit/x.test.ts', "import { getProducts } from '../../app/data/catalog.server.ts';"],
];

describe('the layers, kept by the linter', () => {
  // The first lint loads the configuration, its plugins and TypeScript's parser: seconds on a busy machine.
  beforeAll(() => eslint.lintText('', { filePath: 'app/lib/x.ts' }), 60_000);

  it.each(forbidden)('rejects, in %s: %s', async (file, code) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('(0024)');
  });

  it.each(allowed)('accepts, in %s: %s', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
