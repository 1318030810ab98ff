import { describe, expect, it } from 'vitest';
import { budgetRoutes, measureRoute, overBudget } from '../../bench/size.ts';
import { server, useServer } from '../support/setup.ts';

useServer();

describe('size budgets of a first visit (gzipped)', () => {
  it.each(budgetRoutes)('%s stays within its JavaScript, CSS and HTML budgets', async (route) => {
    const size = await measureRoute(server.origin, route);
    expect(size.jsKb).toBeGreaterThan(10);
    expect(size.cssKb).toBeGreaterThan(0.5);
    expect(overBudget(size)).toEqual([]);
  });
});
