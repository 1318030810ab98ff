import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageSizes, shopListing } from '../../fixtures/shop.ts';

// The catalogue as a backend would give it: how many products there are, and a window of them.
const catalog = vi.hoisted(() => ({ total: 0, asked: [] as Array<[number, number]> }));
vi.mock('../../app/data/catalog.server.ts', () => ({
  getListingOptions: async () => ({ ...shopListing, pageSizes, total: catalog.total }),
  getProducts: async (offset: number, count: number) => {
    catalog.asked.push([offset, count]);
    return [];
  },
}));

const { loader } = await import('../../app/routes/products.tsx');
type LoaderArgs = Parameters<typeof loader>[0];

async function load(search: string) {
  const request = new Request(`http://localhost/products${search}`);
  return loader({ request, params: {}, context: {} } as unknown as LoaderArgs);
}

describe('the product list asks its backend for the products of one page', () => {
  beforeEach(() => {
    catalog.asked = [];
  });

  it.each([
    [140, '', [0, 12]],
    [140, '?page=2', [12, 12]],
    [140, '?page=12', [132, 8]],
    [140, '?page=3&limit=48', [96, 44]],
    // An empty catalogue: none (it asked for one).
    [0, '', [0, 0]],
  ] as const)('%i products, %s: offset and count %j', async (total, search, window) => {
    catalog.total = total;
    await load(search);
    expect(catalog.asked).toEqual([window]);
  });
});
