import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoFormNotice } from '../../fixtures/forms.ts';
import { openPage, topBarLink, waitForHydration } from '../support/browser.ts';
import { browser, server, useServerAndBrowser } from '../support/setup.ts';

useServerAndBrowser();

describe('a click to another page', () => {
  // 0029: React Router's updates are not transitions, so React renders the new page in one task instead of
  // slices of 5 ms that let other tasks (images arriving, their SVG documents) in between, each a delay.
  it('renders the new page in one task once its data is in', async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto(`${server.origin}/`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    // A task of our own that keeps posting itself, counted from the router's history entry for the new page
    // (made once the data is in, just before React is told) until the new heading is in the document. React's
    // scheduler posts its tasks the same way, so each slice of a rendering in slices lets one of ours in.
    const tasksBetween = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let tasks = -1;
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            tasks++;
            channel.port2.postMessage(null);
          };
          const pushState = history.pushState;
          history.pushState = function (...args) {
            tasks = 0;
            channel.port2.postMessage(null);
            return pushState.apply(this, args);
          };
          const observer = new MutationObserver(() => {
            if (document.querySelector('main h1')?.textContent !== 'Products') return;
            observer.disconnect();
            channel.port1.close();
            resolve(tasks);
          });
          observer.observe(document.body, { childList: true, subtree: true });
          setTimeout(() => resolve(Number.NaN), 10_000);
        }),
    );
    const cdp = await page.context().newCDPSession(page);
    // A phone's CPU (Lighthouse's 4×): a rendering in slices takes many of them (13–20 on this click with them).
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await topBarLink(page, 'Shop').click();
    const tasks = await tasksBetween;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(tasks, 'tasks of ours between the history entry and the new heading').toBeGreaterThanOrEqual(0);
    expect(tasks, 'tasks of ours between the history entry and the new heading').toBeLessThanOrEqual(3);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('a navigation whose data does not come', () => {
  // 0033 (app/lib/version-skew.ts): the navigation goes again as a document load, instead of the error boundary
  // saying "Failed to fetch" under the new page's address.
  it.each([
    ['the connection drops', (route: Route) => route.abort('connectionreset')],
    [
      'a gateway answers 502 with a page of its own',
      (route: Route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }),
    ],
  ])('loads the page as a document when %s', async (_, fail) => {
    const { page, close } = await openPage(browser);
    await page.goto(`${server.origin}/`);
    await waitForHydration(page);
    await page.route('**/*.data*', fail);
    await page.evaluate(() => Object.assign(window, { leftAlone: true }));
    const document = page.waitForEvent('load');
    await topBarLink(page, 'Shop').click();
    await document;
    expect(page.url()).toBe(`${server.origin}/products`);
    expect(await page.evaluate(() => 'leftAlone' in window), 'a new document').toBe(false);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Products');
    await close();
  });

  // On Back the browser has moved the address to the page being loaded before the router asks for its data.
  it('loads the page as a document on Back too', async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${server.origin}/about`);
    await waitForHydration(page);
    await topBarLink(page, 'Shop').click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Products');
    await page.route('**/*.data*', (route) => route.abort('connectionreset'));
    await page.evaluate(() => Object.assign(window, { leftAlone: true }));
    const document = page.waitForEvent('load');
    await page.goBack();
    await document;
    expect(page.url()).toBe(`${server.origin}/about`);
    expect(await page.evaluate(() => 'leftAlone' in window), 'a new document').toBe(false);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('About');
    await close();
  });

  // The app's own failures would fail the same way as a document; the server's busy page (503) asks to come back
  // in a few seconds, not at once.
  it.each([
    ['a 500 of the app', 500],
    ['the busy page (503)', 503],
  ])('shows the error boundary for %s, without loading the page again', async (_, status) => {
    const { page, close } = await openPage(browser);
    await page.goto(`${server.origin}/`);
    await waitForHydration(page);
    await page.route('**/*.data*', (route) => route.fulfill({ status, contentType: 'text/plain', body: 'No' }));
    await page.evaluate(() => Object.assign(window, { leftAlone: true }));
    await topBarLink(page, 'Shop').click();
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    expect(await page.evaluate(() => 'leftAlone' in window), 'the same document').toBe(true);
    await close();
  });

  // A load of the page on show is never sent again as a document: it could fail again and again. The address's
  // hash (the skip link's #main) is not part of what React Router asks for.
  it('leaves the revalidation after a post alone, hash in the address or not', async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${server.origin}/contacts#main`);
    await waitForHydration(page);
    await page.route('**/*.data*', (route) =>
      route.request().method() === 'GET' ? route.abort('connectionreset') : route.continue(),
    );
    await page.evaluate(() => Object.assign(window, { leftAlone: true }));
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    expect(await page.evaluate(() => 'leftAlone' in window), 'the same document').toBe(true);
    await close();
  });
});

describe('a post that gets no answer', () => {
  // 0033: the page stays, what was typed with it, and the form says so; the post is not sent again.
  it.each([
    ['the connection drops', (route: Route) => route.abort('connectionreset')],
    [
      'a gateway answers 502 with a page of its own',
      (route: Route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }),
    ],
    ['the server is too busy (503)', (route: Route) => route.fulfill({ status: 503, body: 'Busy' })],
  ])('keeps the form and what was typed when %s, and says so', async (_, fail) => {
    const { page, problems, close } = await openPage(browser);
    await page.goto(`${server.origin}/contacts`);
    await waitForHydration(page);
    const sent: string[] = [];
    await page.route('**/*.data*', (route) => {
      sent.push(route.request().method());
      return fail(route);
    });
    await page.evaluate(() => Object.assign(window, { leftAlone: true }));
    const message = page.getByLabel('Message', { exact: true });
    await message.fill('Do you have the linen shirt in XL?');
    const post = page.getByRole('button', { name: 'Post', exact: true });
    await post.click();
    const status = page.getByRole('status').filter({ hasText: 'No answer from the shop' });
    await status.waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => 'leftAlone' in window), 'the same document').toBe(true);
    expect(await message.inputValue()).toBe('Do you have the linen shirt in XL?');
    expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    // Sent once, and the page's data not asked for again (it would fail too).
    expect(sent).toEqual(['POST']);
    // Once the shop answers again, the same form posts as ever.
    await page.unroute('**/*.data*');
    await post.click();
    await page.getByRole('status').filter({ hasText: demoFormNotice }).waitFor();
    expect(problems.filter((problem) => !problem.includes('Failed to load resource'))).toEqual([]);
    await close();
  });

  it('is not held more than a few seconds by a version check that hangs', async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${server.origin}/contacts`);
    await waitForHydration(page);
    // The replica asked for the version never answers (the post itself goes through).
    await page.route('**/__version*', () => {});
    const started = Date.now();
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByRole('status').filter({ hasText: demoFormNotice }).waitFor({ timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    await close();
  });
});
