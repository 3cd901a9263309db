/**
 * A designer finds what they mean in Storybook's sidebar (issue 55): searching "checkout" finds the
 * checkout screen and flow, "hours" the locations' hours editor, "Lite" a Lite theme's story. The
 * Storybook the stage before built for its tests (storybook-static/, built here when it is missing), served
 * as a designer opens it, its own search box typed into with the keyboard. The built-for-tests Storybook
 * has no docs pages; the full one (`npm run build-storybook`, CI's artifact) finds the design-system pages too.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import express from 'express';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROME, newContext, useBrowser } from './support/app';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const STATIC = resolve('storybook-static');
const browser = useBrowser();

describe.skipIf(!HAS_CHROME)("Storybook's sidebar search", () => {
  let server: Server;
  let page: Page;

  beforeAll(async () => {
    if (!existsSync(resolve(STATIC, 'index.json'))) {
      const built = spawnSync('npx', ['storybook', 'build', '--quiet', '--test', '-o', STATIC], { stdio: 'inherit' });
      expect(built.status).toBe(0);
    }
    const app = express().use(express.static(STATIC));
    server = await new Promise<Server>((done) => {
      const s = app.listen(0, '127.0.0.1', () => done(s));
    });
    const context = await newContext(browser, 'desktop', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    page = await context.newPage();
    await page.goto('/');
  }, 300_000);
  afterAll(() => server?.close());

  /** The ids of the stories and pages the search box offers now. */
  function offered(): Promise<string[]> {
    return page.getByRole('option').evaluateAll((options) => options.map((o) => o.getAttribute('data-id') ?? ''));
  }

  it.each([
    ['checkout', ['screens-orders-checkout-order-confirmation', 'flows-checkout']],
    ['hours', ['console-locations-locations-and-hours']],
    ['Lite', ['--customer-preview-lite']],
  ])('"%s" finds what a designer means', async (words, wanted) => {
    // each search on a Storybook opened afresh, as a designer's first search: on a busy host the sidebar
    // could still be drawing the last search's results when the next was typed, and kept them (CI)
    await page.goto('/');
    // Typed too early, the words are lost (CI, twice: "Lite" typed, nothing offered after 20 s): the
    // sidebar draws again once the story index has loaded, and the preview's first story, loading in its
    // frame, can take the focus from the box, which closes its results. So wait for both first.
    await page.locator('[data-item-id]').first().waitFor();
    await page.frameLocator('#storybook-preview-iframe').locator('#storybook-root > *, #root > *').first().waitFor();
    const box = page
      .getByRole('searchbox')
      .or(page.getByPlaceholder(/search/i))
      .first();
    let typedAt = 0;
    const search = async () => {
      await box.fill('');
      await box.click();
      await box.pressSequentially(words);
      typedAt = Date.now();
    };
    await search();
    // the results list follows the typing after a moment: until it does, it may still show the last
    // search's, so wait for what is wanted, and name what was offered instead if it never comes. The
    // wait is long: expect.poll's own second was too short for a slow host's first search.
    let found: string[] = [];
    let typed = '';
    await expect
      .poll(
        async () => {
          typed = await box.inputValue();
          found = await offered();
          // the words lost, or no results 3 s after typing (the box lost its focus, which closes them): typed again
          if (typed !== words || (found.length === 0 && Date.now() - typedAt > 3000)) await search();
          return wanted.filter((id) => !found.some((f) => f.includes(id)));
        },
        { timeout: 20_000, interval: 200 },
      )
      .toEqual([])
      .catch((error: unknown) => {
        throw new Error(`"${words}" did not offer ${wanted.join(', ')}; it offered ${found.join(', ') || 'nothing'} (the box held "${typed}")`, {
          cause: error,
        });
      });
  });
});
