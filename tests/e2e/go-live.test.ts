/**
 * Going live (issue 27), in Chromium against `npm start`: a new shop's owner sees the set-up checklist
 * on the Overview and the frame's test-mode bar; follows it to Payments and messages, which says the
 * shop runs on the sandbox and the development outbox and what going live needs; sends themselves a
 * test e-mail and a test text message, both read back from the outbox; publishes the brand and sees the
 * step ticked; opens "View my shop as a customer". The bar and its link on a phone too.
 */
import { describe, expect, it } from 'vitest';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { useOwnerDesk } from './support/console';
import { apiUrl } from './support/api-url';
import { mediaApi } from '#contract/media.calls';
import { themeApi } from '#contract/theme.calls';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

// the set-up link is an info line of the development start
const app = useApp({ LOG_LEVEL: 'info' });
const browser = useBrowser();
const OWNER_EMAIL = 'rosa@kopisenja.example';

async function outbox(query: string): Promise<Array<{ subject?: string; body: string }>> {
  const r = await fetch(`${app.url}/__dev/outbox?${query}`);
  return ((await r.json()) as { items: Array<{ subject?: string; body: string }> }).items;
}

describe.skipIf(!HAS_CHROME)('going live from the console', () => {
  const desk = useOwnerDesk(browser, app, OWNER_EMAIL);

  it('a new shop: the Overview is the set-up checklist, and the frame says the shop is in test mode', async () => {
    await desk.page.getByRole('heading', { name: 'Set up your shop' }).waitFor();
    await desk.page.getByText(/0 of 8 done/).waitFor();
    for (const step of [
      'Make it your brand',
      'Set up the shop',
      'Set your location and hours',
      'Put your own menu in',
      'Choose your rewards',
      'Check your tiers and wheel',
      'Invite your team',
      'Take real payments and send real messages',
    ]) {
      await desk.page.getByRole('link', { name: step }).waitFor();
    }
    await desk.page.getByText('card payments are simulated and messages go to the development outbox').waitFor();
  });

  it('Payments and messages: the sandbox, the outbox, what going live needs, and no secret', async () => {
    await desk.page.getByRole('link', { name: 'What going live needs' }).click();
    await desk.page.waitForURL('**/merchant/channels');
    await desk.page.getByText('Your shop is in test mode').waitFor();
    await desk.page.getByText(/^Connect Stripe below \(or set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET\)/).waitFor();
    const text = await desk.page.locator('main').innerText();
    expect(text).toContain('Sandbox');
    expect(text).not.toMatch(/sk_(live|test)_|whsec_/);
    // the page itself needs no bar of its own
    expect(await desk.page.getByRole('link', { name: 'What going live needs' }).count()).toBe(0);
  });

  it('sends the owner a test e-mail and a test text message, each in the development outbox', async () => {
    await desk.page.getByRole('button', { name: 'Send test message' }).click();
    await desk.page.getByText(`Test e-mail sent to ${OWNER_EMAIL}`).waitFor();
    await expect.poll(async () => (await outbox(`email=${encodeURIComponent(OWNER_EMAIL)}`)).map((m) => m.subject)).toContain('Test message from Kopi Senja');

    const phone = uniquePhone();
    await desk.page.getByRole('radio', { name: /A text message/ }).check();
    await desk.page.getByRole('textbox', { name: /Phone number/ }).fill(phone.slice(3));
    await desk.page.getByRole('button', { name: 'Send test message' }).click();
    await desk.page.getByText(`Test text message sent to ${phone}`).waitFor();
    const texts = await outbox(`phone=${encodeURIComponent(phone)}`);
    expect(texts[0]?.body).toMatch(/^Test message from Kopi Senja's merchant console/);
  });

  it("publishing the brand with the shop's own logo and favicon ticks its step; the preview shows the shop as a customer sees it", async () => {
    // a 1×1 PNG uploaded as the logo and the favicon (the demo's say "Kopi Senja": they do not tick it)
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const urls = { publish: apiUrl(themeApi.publish), upload: apiUrl(mediaApi.upload), draft: apiUrl(themeApi.draft) };
    const published = await desk.page.evaluate(
      async ({ file, urls }) => {
        const post = (url: string, body: unknown) =>
          fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const before = (await (await post(urls.publish, {})).json()) as { data: unknown };
        const image = (await (await post(urls.upload, { file, purpose: 'favicon' })).json()) as { data: { url: string } };
        const draft = (await (await fetch(urls.draft)).json()) as { data: { theme: Record<string, unknown> } };
        await post(urls.draft, { ...draft.data.theme, post_file: image.data.url, post_title: image.data.url });
        return { before: Boolean(before.data), after: (await post(urls.publish, {})).status };
      },
      { file: png, urls },
    );
    expect(published).toEqual({ before: true, after: 200 });
    await desk.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Overview' }).click();
    await desk.page.getByText(/1 of 8 done/).waitFor();
    const brand = desk.page.getByRole('listitem').filter({ has: desk.page.getByRole('link', { name: 'Make it your brand' }) });
    expect(await brand.innerText()).toContain('Done');

    await desk.page.getByRole('button', { name: 'View my shop as a customer' }).click();
    const dialog = desk.page.getByRole('dialog', { name: 'Your shop as a customer sees it' });
    await dialog.waitFor();
    const phone = dialog.locator('iframe[data-version="Full"]');
    await phone.waitFor();
    // the app's own home screen, with the shop's rewards, at a phone's width
    const frame = desk.page.frameLocator('iframe[data-version="Full"]');
    await frame.getByText('Rewards for you').waitFor();
    expect(await phone.evaluate((el: HTMLIFrameElement) => el.contentWindow!.innerWidth)).toBe(390);
    await desk.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(desk.errors).toEqual([]);
  });

  it('on a phone: the test-mode bar and its link', async () => {
    const phoneContext = await newContext(browser, 'phone', app.url);
    try {
      await phoneContext.addCookies(await desk.context.cookies());
      const p = await phoneContext.newPage();
      const phoneErrors = watchErrors(p);
      await p.goto('/merchant');
      await p.getByText(/1 of 8 done/).waitFor();
      await p.getByRole('link', { name: 'What going live needs' }).click();
      await p.waitForURL('**/merchant/channels');
      await p.getByRole('heading', { name: 'Payments and messages' }).waitFor();
      expect(phoneErrors).toEqual([]);
    } finally {
      await phoneContext.close();
    }
  });
});
