/**
 * The theme studio's preview tells the truth: each page it previews (sign-in, Home, Shop, a reward),
 * drawn in a preview phone at full size, is the real customer app's page at 390×844 with the same
 * settings, pixel for pixel within the visual threshold (tests/visual/compare.ts). The phone is the
 * studio's own, only undrawn at full size (its scale set to 1 for the screenshot).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Frame, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customersApi, customersConsoleApi } from '#contract/customers.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { to } from '#contract/routes';
import { settingsApi } from '#contract/settings.calls';
import { comparePngs, MAX_DIFF_RATIO } from '../visual/compare';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, VIEWPORTS, watchErrors } from './support/app';
import { setUpOwner } from './support/console';
import { signUp } from './support/customer';
import { apiUrl } from './support/api-url';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const app = useApp({ LOG_LEVEL: 'info' });
const browser = useBrowser();

/**
 * Pixels that differ beyond the per-pixel threshold, as a share of all (the visual check's own comparison,
 * tests/visual/compare.ts); when they fail it, the three pictures are written for a person to look at.
 */
function differ(name: string, preview: Buffer, real: Buffer): number {
  const c = comparePngs(real, preview);
  expect(c.reason ?? '').not.toMatch(/size changed/);
  if (c.diff) {
    const dir = join(process.cwd(), '.tmp', 'theme-preview-truth');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}-preview.png`), preview);
    writeFileSync(join(dir, `${name}-app.png`), real);
    writeFileSync(join(dir, `${name}-diff.png`), c.diff);
  }
  console.log(`${name}: ${c.diffPixels} pixels differ (${(c.diffRatio * 100).toFixed(3)} %)`);
  return c.diffRatio;
}

/**
 * A frame's stylesheets loaded, its fonts ready and the pictures on its screen loaded and decoded (whatever the
 * frame was given): a shot taken while the menu's pictures still arrive is not the page (a rehearsal compared
 * a preview with its pictures against an app with three still blank, 2.5 % of pixels).
 */
async function settled(frame: Frame | Page) {
  await frame.waitForFunction(() => Array.from(document.querySelectorAll('link[rel="stylesheet"]')).every((l) => (l as HTMLLinkElement).sheet !== null));
  await frame.evaluate(() => document.fonts.ready.then(() => undefined));
  // the pictures within the screen (a lazy one below it may never load): each loaded, or failed, then decoded
  await frame.waitForFunction(() =>
    Array.from(document.images)
      .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
      .every((img) => img.complete),
  );
  await frame.evaluate(() =>
    Promise.all(
      Array.from(document.images)
        .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
        .map((img) => img.decode().catch(() => undefined)),
    ).then(() => undefined),
  );
}

describe.skipIf(!HAS_CHROME)('the theme preview tells the truth', () => {
  let owner: BrowserContext;
  let studio: Page;
  let phone: BrowserContext;
  let customer: Page;
  let version: 'Lite' | 'Full';
  let errors: string[];

  beforeAll(async () => {
    owner = await newContext(browser, 'desktop', app.url);
    studio = await owner.newPage();
    errors = watchErrors(studio);
    await setUpOwner(studio, app.output, 'rosa@kopisenja.example');
    // the preview's sample customer is Maria Clara with 420 points: a real one, for the real app
    phone = await newContext(browser, 'phone', app.url);
    customer = await phone.newPage();
    await signUp(customer, app.url, uniquePhone(), 'Maria Clara');
    const { id } = ((await (await customer.request.get(apiUrl(customersApi.profile))).json()) as { data: { id: number } }).data;
    const adjusted = await studio.evaluate(
      async ({ url, body }) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
      { url: apiUrl(customersConsoleApi.adjustPoints), body: { customer_id: id, points: 420, reason: 'Preview check', idempotency_key: crypto.randomUUID() } },
    );
    expect(adjusted).toBe(201);
    // room for a phone at full size, so its screenshot is the frame, not a scrolled part of it
    await studio.setViewportSize({ width: 1600, height: 1400 });
    await studio.goto('/merchant/theme');
    await studio.locator('iframe[data-device="phone"][data-version="Full"]').waitFor();
    const settings = (await (await customer.request.get(apiUrl(settingsApi.mainSetting))).json()) as { data: { version?: string } };
    version = settings.data.version === 'Lite' ? 'Lite' : 'Full';
  });
  afterAll(async () => {
    await owner?.close();
    await phone?.close();
  });

  /** The studio's phone (or desktop) for the shop's version on `tab`, drawn at full size, as a PNG of its size. */
  async function previewShot(tab: string, shown: string, masks: Masks, device: 'phone' | 'desktop' = 'phone'): Promise<Buffer> {
    await studio.getByRole('tab', { name: tab, exact: true }).click();
    const selector = `iframe[data-device="${device}"][data-version="${version}"]`;
    const iframe = studio.locator(selector);
    const frame = (await (await iframe.elementHandle())!.contentFrame())!;
    await frame.getByText(shown).first().waitFor();
    await settled(frame);
    // the device undrawn at full size (its scale, only, set to 1; its rounded corners squared: they are the
    // device's, not the screen's), at the page's top left corner for the screenshot
    await iframe.evaluate((el: HTMLIFrameElement) => {
      el.style.transform = 'none';
      Object.assign(el.parentElement!.style, { width: `${el.offsetWidth}px`, height: `${el.offsetHeight}px`, borderRadius: '0' });
      Object.assign(el.parentElement!.parentElement!.style, { position: 'fixed', top: '0', left: '0', zIndex: '100', border: '0', borderRadius: '0' });
    });
    const size = device === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 };
    return studio.screenshot({ animations: 'disabled', clip: { x: 0, y: 0, ...size }, mask: masks(studio.frameLocator(selector)) });
  }

  async function appShot(page: Page, path: string, shown: string, masks: Masks): Promise<Buffer> {
    await page.goto(path);
    await page.getByText(shown).first().waitFor();
    await settled(page);
    return page.screenshot({ animations: 'disabled', mask: masks(page) });
  }

  /**
   * The parts of a page that are the sample customer's own figures, which the real customer's cannot be
   * made to equal (the wallet's balance, the tier's progress): covered in both shots, by the same box
   * when the layout is the same. Everything else is compared: the name, the points (the real customer
   * is given the sample's 420), the rewards, the menu, the shop's look.
   */
  type Masks = (root: Page | FrameLocator) => Locator[];
  const none: Masks = () => [];
  const homeFigures: Masks = (root) => [root.locator('button:has-text("Wallet")'), root.locator('[role="progressbar"]').locator('..')];

  const pages = [
    { tab: 'Sign-in', path: () => '/login', shown: 'Send code', signedIn: false, masks: none },
    { tab: 'Home', path: () => '/home', shown: 'Rewards for you', signedIn: true, masks: homeFigures },
    { tab: 'Shop', path: () => '/shop', shown: 'Spanish latte', signedIn: true, masks: none },
    { tab: 'A reward', path: () => to.rewardRedeem(firstReward.name), shown: 'Redeem', signedIn: true, masks: none },
  ];
  let firstReward: { name: string; title: string };
  beforeAll(async () => {
    if (!HAS_CHROME) return;
    // the preview's reward is the shop's first, as the app lists them
    const list = (await (await customer.request.get(apiUrl(rewardsApi.list))).json()) as { data: { rewards: Array<{ name: string; title: string }> } };
    firstReward = list.data.rewards[0]!;
  });

  for (const p of pages) {
    it(`${p.tab}: the preview phone is the app at 390×844, within ${MAX_DIFF_RATIO * 100} % of pixels`, async () => {
      const shown = p.tab === 'A reward' ? firstReward.title : p.shown;
      const preview = await previewShot(p.tab, shown, p.masks);
      let real: Buffer;
      if (p.signedIn) real = await appShot(customer, p.path(), shown, p.masks);
      else {
        const anonymous = await newContext(browser, 'phone', app.url);
        real = await appShot(await anonymous.newPage(), p.path(), shown, p.masks);
        await anonymous.close();
      }
      expect(differ(p.tab.toLowerCase(), preview, real)).toBeLessThanOrEqual(MAX_DIFF_RATIO);
    });
  }

  it('says under the phones that Home shows a sample customer', async () => {
    await studio.getByRole('tab', { name: 'Home', exact: true }).click();
    await studio
      .getByText(
        /^Sample customer: Maria Clara, with 420 points and ₱1,250\.00 in the wallet; her tier (and stamp cards )?(is a sample|are samples) too\. Your customers see their own\.$/,
      )
      .waitFor();
  });

  it('shows a desktop beside the phones, with a name, reached by the keyboard: the app at 1280×800 (Shop), within the threshold', async () => {
    const desktop = studio.locator(`iframe[title="${version} version on a desktop, shop page"]`);
    await studio.getByRole('tab', { name: 'Shop', exact: true }).click();
    await desktop.waitFor();
    // the keyboard reaches it: Tab from the last phone (whose own document takes a Tab of its own: nothing in it is focusable)
    await studio.locator(`iframe[data-device="phone"][data-version="Full"]`).focus();
    const focused = () => desktop.evaluate((el) => el === document.activeElement);
    for (let tabs = 0; tabs < 3 && !(await focused()); tabs++) await studio.keyboard.press('Tab');
    expect(await focused()).toBe(true);
    const frame = (await (await desktop.elementHandle())!.contentFrame())!;
    expect(await frame.evaluate(() => [window.innerWidth, window.matchMedia('(min-width: 768px)').matches])).toEqual([1280, true]);
    const preview = await previewShot('Shop', 'Spanish latte', none, 'desktop');
    // the same customer at a desktop (their session and stored sign-in)
    const wide = await browser.newContext({
      ...VIEWPORTS.desktop,
      baseURL: app.url,
      locale: 'en-PH',
      timezoneId: 'Asia/Manila',
      storageState: await phone.storageState(),
    });
    const page = await wide.newPage();
    const real = await appShot(page, '/shop', 'Spanish latte', none);
    await wide.close();
    expect(differ('shop-desktop', preview, real)).toBeLessThanOrEqual(MAX_DIFF_RATIO);
  });

  it('no errors in the studio', () => {
    expect(errors.filter((e) => !/status of 40[0-9]/.test(e))).toEqual([]);
  });
});
