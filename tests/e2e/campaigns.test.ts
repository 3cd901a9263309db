/**
 * Automatic campaigns in the console, in Chromium against `npm start` (a fresh shop: every campaign off):
 * the owner opens Campaigns, edits win-back (on, 45 days, a title with {name}), sees the preview follow the
 * text, saves, and the page and the provider both say it is on; the Activity page says so in words.
 * A campaign e-mail's unsubscribe link opens, signed out, through the gateway: the page asks, and its
 * button unsubscribes the customer (her profile's choice says so).
 */
import { describe, expect, it } from 'vitest';
import { unsubscribeCode } from '../../server/provider/campaigns/campaigns.service';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { useOwnerDesk } from './support/console';
import { signUp } from './support/customer';
import { apiUrl } from './support/api-url';
import { undeclared } from '../support/calls';
import { campaignsApi, campaignsConsoleApi } from '#contract/campaigns.calls';
import { customersApi } from '#contract/customers.calls';

const SECRET = 'e2e-campaigns-provider-secret-0123456789abcdef';
/** An e-mail's unsubscribe link with a code signed by `secret`: a page the browser opens (a GET no declaration has). */
const unsubscribePage = (secret: string, id: number) => `/api/${undeclared('campaign/unsubscribe')}?code=${unsubscribeCode(secret, id)}`;

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const app = useApp({ PROVIDER_SECRET: SECRET });
const browser = useBrowser();

describe.skipIf(!HAS_CHROME)('campaigns in the console', () => {
  const desk = useOwnerDesk(browser, app, 'owner-campaigns@kopisenja.example');

  it('the owner turns win-back on from the editor', async () => {
    const page = desk.page;
    await page.goto('/merchant/campaigns');
    const card = page.getByRole('listitem', { name: 'Win-back' });
    await expect.poll(() => card.getByText('Off', { exact: true }).count()).toBe(1);
    await card.getByRole('button', { name: 'Edit Win-back' }).click();
    const form = page.getByRole('form', { name: 'Win-back campaign' });
    await form.getByRole('switch', { name: 'Campaign on' }).click();
    await form.getByLabel('No order for (days)').fill('45');
    await form.getByLabel('Title', { exact: true }).fill('Long time no see, {name}');
    await expect.poll(() => form.getByRole('region', { name: 'Preview' }).textContent()).toContain('Long time no see, Ana');
    await form.getByRole('button', { name: 'Save campaign' }).click();
    await expect.poll(() => page.getByRole('form', { name: 'Win-back campaign' }).count()).toBe(0);
    await expect.poll(() => card.getByText('On', { exact: true }).count()).toBe(1);
    await expect.poll(() => card.textContent()).toContain('Customers who have not ordered for 45 days');
    const saved = await page.evaluate(
      async (url) =>
        (await (await fetch(url)).json()) as {
          data: { campaigns: Array<{ kind: string; enabled: boolean; timing: number; title: string }> };
        },
      apiUrl(campaignsConsoleApi.campaigns),
    );
    expect(saved.data.campaigns.find((c) => c.kind === 'win_back')).toMatchObject({ enabled: true, timing: 45, title: 'Long time no see, {name}' });
    await page.goto('/merchant/audit');
    await expect.poll(() => page.getByText(/turned on the Win-back campaign\./).count()).toBeGreaterThan(0);
    expect(desk.errors).toEqual([]);
  });

  it("an e-mail's unsubscribe link works signed out, through the gateway", async () => {
    const phoneContext = await newContext(browser, 'phone', app.url);
    const linkContext = await newContext(browser, 'phone', app.url);
    try {
      const ana = await phoneContext.newPage();
      await signUp(ana, app.url, uniquePhone(), 'Ana Reyes');
      const id = ((await (await ana.request.get(apiUrl(customersApi.profile))).json()) as { data: { id: number } }).data.id;
      expect((await (await ana.request.get(apiUrl(campaignsApi.preferences))).json()).data).toEqual({ subscribed: true });
      const page = await linkContext.newPage();
      const errors = watchErrors(page);
      const res = await page.goto(unsubscribePage(SECRET, id));
      expect(res?.status()).toBe(200);
      expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('You are unsubscribed: no more offers from us.');
      expect((await (await ana.request.get(apiUrl(campaignsApi.preferences))).json()).data).toEqual({ subscribed: false });
      expect(errors).toEqual([]);
      // a code signed with another key: the not-found page
      expect((await page.goto(unsubscribePage('another-secret-of-32-bytes-at-least-xx', id)))?.status()).toBe(404);
    } finally {
      await phoneContext.close();
      await linkContext.close();
    }
  });
});
