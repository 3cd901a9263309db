/**
 * Outbound webhooks (issue 52), in Chromium against `npm start` (with WEBHOOKS_ALLOW_LOOPBACK, which lets
 * an endpoint be on this machine: tests and development only): the owner adds an endpoint (a receiver the
 * test runs) for "Order placed" and copies its secret from the dialog that shows it once; a customer
 * orders; the receiver gets order.created, signed, and Standard Webhooks' own verifier accepts it; the
 * endpoint's log shows it delivered.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { useOwnerDesk } from './support/console';
import { payOrderOnSandbox, signUp, twoLattesToCheckout } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let receiverUrl = '';
beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

const app = useApp({ DEMO_ORDER_PROGRESS: 'false', WEBHOOKS_ALLOW_LOOPBACK: 'true' });
const browser = useBrowser();

describe.skipIf(!HAS_CHROME)('a webhook from the console to a receiver', () => {
  const owner = useOwnerDesk(browser, app, 'rosa@kopisenja.example');
  let secret = '';
  let orderName = '';

  it('the owner adds an endpoint for orders placed and copies its secret, shown once', async () => {
    const { page } = owner;
    await page.goto('/merchant/webhooks');
    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    const editor = page.getByRole('dialog', { name: 'Add an endpoint' });
    await editor.getByLabel('Address').fill(receiverUrl);
    await editor.getByLabel('What it is for (optional)').fill('The till');
    await editor.getByRole('checkbox', { name: 'Order placed' }).check();
    await editor.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByRole('dialog', { name: 'Copy the signing secret' });
    secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await page.waitForURL(/\/merchant\/webhooks\/\d+$/);
    await expect.poll(() => page.locator('main').innerText()).toContain('Nothing sent yet');
    expect(owner.errors).toEqual([]);
  });

  it('a customer orders; the receiver gets order.created, signed with that secret', async () => {
    const context = await newContext(browser, 'phone', app.url);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signUp(page, app.url, uniquePhone(), 'Maria Clara');
    await twoLattesToCheckout(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    orderName = await payOrderOnSandbox(page);
    expect(errors).toEqual([]);
    await context.close();

    // the webhooks job runs every 5 s
    await expect.poll(() => received.length, { timeout: 30_000, interval: 500 }).toBeGreaterThan(0);
    const [got] = received;
    const event = new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>) as { type: string; data: { name: string } };
    expect(event).toMatchObject({ type: 'order.created', data: { name: orderName } });
    expect(got!.headers['webhook-id']).toMatch(/^msg_/);
    // another secret does not verify it
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(got!.body, got!.headers as Record<string, string>)).toThrow();
  });

  it("the endpoint's log shows it delivered, with the body sent", async () => {
    const { page } = owner;
    await page.reload();
    const delivery = page.getByRole('list', { name: 'Deliveries' }).getByRole('listitem', { name: /^Order placed/ });
    await expect.poll(() => delivery.innerText(), { timeout: 15_000 }).toContain('Delivered');
    await delivery.getByText('Details').click();
    await expect.poll(() => delivery.innerText()).toContain(orderName);
    await expect.poll(() => delivery.innerText()).toMatch(/answered 204/);
    expect(owner.errors).toEqual([]);
  });

  it('the API reference opens from the API keys page, draws every key call from this shop, and loads nothing from elsewhere', async () => {
    const { page } = owner;
    const offsite: string[] = [];
    const blocked: string[] = [];
    // what reached another site (a request the page's policy stops never does: it fails in the browser)
    page.on('requestfinished', (r) => {
      if (new URL(r.url()).origin !== app.url && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) offsite.push(r.url());
    });
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    await page.goto('/merchant/api-keys');
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL('**/developers/');
    // Redoc draws the published document: the till's call, with its scope and this shop's address
    await expect.poll(() => page.locator('body').innerText(), { timeout: 30_000 }).toContain('Points for a purchase at a till');
    await expect.poll(() => page.locator('body').innerText()).toContain('/merchant/till/earn');
    // its search (a worker of its own) finds a call by its words
    await page.getByRole('textbox', { name: /search/i }).pressSequentially('till');
    await expect.poll(() => page.locator('[role="search"], [data-role="search:results"]').first().innerText(), { timeout: 15_000 }).toMatch(/till/i);
    // the one thing the page's policy stops is Redoc's attribution logo on Redocly's CDN (it then hides
    // the image): nothing is asked of another site, and everything it draws with is allowed
    expect(blocked.filter((m) => !m.includes("'https://cdn.redoc.ly/redoc/logo-mini.svg'"))).toEqual([]);
    expect(offsite).toEqual([]);
  });
});
