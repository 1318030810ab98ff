import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express, { type Request, type Response } from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { builtFiles } from '../../server/middleware.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'built-files-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(path.join(dir, 'favicon.ico'), 'icon');
mkdirSync(path.join(dir, 'images/home'), { recursive: true });
writeFileSync(path.join(dir, 'images/home/a.svg'), '<svg/>');
writeFileSync(path.join(dir, 'images/home/b c.svg'), '<svg id="b"/>');

describe('the files of a build', () => {
  it('are served by name, nested ones too; anything else goes on to the pages', async () => {
    const app = express();
    app.use(builtFiles(dir, { maxAge: '1h', index: false, redirect: false }));
    app.use((_req, res) => void res.status(299).send('a page'));
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    const origin = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
    try {
      const icon = await fetch(`${origin}/favicon.ico`);
      expect([icon.status, await icon.text(), icon.headers.get('cache-control')]).toEqual([
        200,
        'icon',
        'public, max-age=3600',
      ]);
      expect(await (await fetch(`${origin}/images/home/a.svg`)).text()).toBe('<svg/>');
      expect(await (await fetch(`${origin}/images/home/b%20c.svg`)).text()).toBe('<svg id="b"/>');
      for (const page of ['/', '/products', '/images', '/images/home/b.svg', '/%E0%A4%A'])
        expect((await fetch(origin + page)).status, page).toBe(299);
    } finally {
      listener.close();
    }
  });

  it('pass a page request on at once, without asking the disk for a file of its name', () => {
    let passed = false;
    builtFiles(dir, {})({ path: '/products', method: 'GET' } as Request, {} as Response, () => (passed = true));
    expect(passed).toBe(true);
  });
});
