/**
 * A new café makes the shop its own (issue 27), in Chromium against `npm start`: the owner, at a desk,
 * archives three demo products, adds an option group and a drink with Size, Milk and that group, and
 * changes the pickup address (its location's), the points rate and the minimum order (and the wallet's quick amounts) —
 * the test prints how long those steps took. A customer whose app is already open on the pickup step
 * sees the new address, with its map link, without reloading, within 20 s; the archived products leave
 * the shop; the customer chooses a Large oat drink in the option sheet with the keyboard and orders it
 * for delivery, and earns points at the new rate on the subtotal, not on the delivery fee; the orders
 * board and the ticket show the options. (Bad input, staff refused, the currency lock, the audit and
 * PRICE_CHANGED are in tests/server/shop-settings.test.ts and tests/server/product-options.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { consoleNav, setUpOwner, useOwnerDesk } from './support/console';
import { checkoutCart, payOrderOnSandbox, signUp } from './support/customer';
import { startMapStandIns } from './support/map-stand-ins';
import { startStripeFake, type StripeFake } from '../fakes/stripe-fake';
import { fakeSid, startTwilioFake, type TwilioFake } from '../fakes/twilio-fake';
import { apiUrl } from './support/api-url';
import { undeclared } from '../support/calls';
import { addressesApi } from '#contract/addresses.calls';
import { customersApi, customersConsoleApi } from '#contract/customers.calls';
import { menuApi } from '#contract/menu.calls';
import { rewardsApi, rewardsEditorApi } from '#contract/rewards.calls';
import { shopApi } from '#contract/shop.calls';
import { walletApi } from '#contract/wallet.calls';
import { ordersApi } from '#contract/orders.calls';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

/** an open app sees a change within this long: it reads the settings every 10 s through caches of 5 s, the locations every 15 s */
const WITHIN = { timeout: 20_000, interval: 500 };
const NEW_ADDRESS = '5 Jupiter Street, Bel-Air, Makati City';
const ARCHIVED = ['Barako americano', 'Iced latte', 'Cappuccino'];
const DRINK = 'Sea salt latte';

// the map's tiles and geocoder, served on this machine (the app is pointed at them through its env)
const mapStandIns = await startMapStandIns();
afterAll(() => mapStandIns.close());
// the payment and message services the owner connects from the console (issue 46): local stand-ins,
// started before the app, which is told where they are (STRIPE_API_BASE, TWILIO_API_BASE: loopback only)
const STAND_IN_TWILIO = { accountSid: fakeSid('AC'), authToken: 'new-shop-twilio-token', from: '+14155550142' };
const appEnv: Record<string, string> = { LOG_LEVEL: 'info', DEMO_ORDER_PROGRESS: 'false', ...mapStandIns.env };
let stripeStandIn: StripeFake | undefined;
let twilioStandIn: TwilioFake | undefined;
beforeAll(async () => {
  if (!HAS_CHROME) return;
  stripeStandIn = await startStripeFake({ secretKey: 'sk_live_NEWSHOPSTANDIN0000004242' });
  twilioStandIn = await startTwilioFake({ ...STAND_IN_TWILIO, numbers: [STAND_IN_TWILIO.from] });
  appEnv.STRIPE_API_BASE = `http://127.0.0.1:${stripeStandIn.port}`;
  appEnv.TWILIO_API_BASE = twilioStandIn.origin;
});
afterAll(async () => {
  await stripeStandIn?.close();
  await twilioStandIn?.close();
});

// the set-up link is an info line of the development start; orders move only when the test moves them
const app = useApp(appEnv);
const browser = useBrowser();

describe.skipIf(!HAS_CHROME)('a new shop made its own', () => {
  const desk = useOwnerDesk(browser, app, 'rosa@kopisenja.example');
  let customer: BrowserContext;
  let phone: Page;
  let phoneErrors: string[];
  let ownerSeconds = 0;
  let order = '';

  beforeAll(async () => {
    customer = await newContext(browser, 'phone', app.url);
    phone = await customer.newPage();
    phoneErrors = watchErrors(phone);
    await signUp(phone, app.url, uniquePhone(), 'Lito Ramos');
  });

  afterAll(async () => {
    await customer?.close();
  });

  /** The customer's app open on the pickup step, showing the demo's pickup address. */
  it('the customer’s app is open on the pickup step', async () => {
    await phone.goto('/shop');
    await phone.getByRole('tab', { name: 'Non-coffee' }).click();
    await phone.getByRole('button', { name: 'Add Ube latte' }).click();
    await phone.getByRole('button', { name: 'Checkout', exact: true }).click();
    await phone.waitForURL('**/delivery');
    await phone.getByRole('radio', { name: /Pickup/ }).check();
    await expect.poll(() => phone.getByText('12 Calle Mabini, Makati City').count()).toBe(1);
  });

  it('the owner archives three demo products, adds an option group and a drink with options', async () => {
    const page = desk.page;
    const started = Date.now();
    await (await consoleNav(page)).getByRole('link', { name: 'Menu' }).click();
    await page.waitForURL('**/merchant/menu');
    for (const name of ARCHIVED) {
      await page.getByRole('button', { name: `Archive ${name}` }).click();
      await page
        .getByRole('dialog', { name: `Archive ${name}?` })
        .getByRole('button', { name: 'Archive' })
        .click();
      await page
        .getByRole('region', { name: /Archived/ })
        .getByText(name)
        .waitFor();
    }

    // an option group of the shop's own, beside the demo's Size, Milk and Extras
    await page.getByRole('link', { name: 'Sizes, milks and extras' }).click();
    await page.waitForURL('**/merchant/menu/options');
    await page.getByRole('button', { name: 'Add a group' }).click();
    const group = page.getByRole('dialog', { name: 'Add an option group' });
    await group.getByLabel('Group name', { exact: true }).fill('Sweetness');
    for (const [n, name] of ['Regular sweetness', 'Less sweet', 'No sugar'].entries()) {
      // the form starts with two options
      if (n > 1) await group.getByRole('button', { name: 'Add an option' }).click();
      await group.getByLabel(`Option ${n + 1} name`, { exact: true }).fill(name);
    }
    // a new group is optional until the owner ticks Required (issue 46)
    expect(await group.getByRole('checkbox', { name: /^Required/ }).isChecked()).toBe(false);
    await group.getByRole('button', { name: 'Add group' }).click();
    await page.getByRole('heading', { name: 'Sweetness' }).waitFor();

    await (await consoleNav(page)).getByRole('link', { name: 'Menu' }).click();
    await page.waitForURL('**/merchant/menu');
    await page.getByRole('button', { name: 'Add a product to Coffee' }).click();
    const form = page.getByRole('dialog', { name: 'Add a product' });
    await form.getByLabel('Name', { exact: true }).fill(DRINK);
    await form.getByLabel(/^Price/).fill('180');
    for (const name of ['Size', 'Milk', 'Sweetness']) await form.getByRole('checkbox', { name }).check();
    await form.getByRole('button', { name: 'Add product' }).click();
    await page.getByText(DRINK, { exact: true }).waitFor();
    ownerSeconds += (Date.now() - started) / 1000;
  });

  it('the owner changes the pickup address, the points rate, the minimum order and the quick amounts', async () => {
    const page = desk.page;
    const started = Date.now();
    // the pickup address is the location's (issue 28)
    await (await consoleNav(page)).getByRole('link', { name: 'Locations' }).click();
    await page.waitForURL('**/merchant/locations');
    await page.getByRole('button', { name: 'Edit Makati' }).click();
    await page.getByLabel('Address', { exact: true }).fill(NEW_ADDRESS);
    await page.getByRole('button', { name: 'Save location' }).click();
    await page.getByText('Saved Makati.').waitFor();
    const addressSaved = Date.now();
    await (await consoleNav(page)).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/merchant/settings');
    // one point for each ₱20.00 spent (the demo's: ₱10.00)
    await page.getByLabel(/^Spend for one point/).fill('20');
    await page.getByLabel(/^Minimum order/).fill('200');
    await page.getByLabel('Quick amount 1').fill('250');
    await page.getByLabel('Quick amount 2').fill('750');
    for (const n of [3, 4]) await page.getByLabel(`Quick amount ${n}`).fill('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved. Customers see it within 15 seconds.').waitFor();
    ownerSeconds += (Date.now() - started) / 1000;
    console.info(
      `[e2e] the owner's set-up steps (archive 3, an option group, a drink with options, the address, the settings) took ${ownerSeconds.toFixed(1)} s`,
    );
    expect(ownerSeconds).toBeLessThan(15 * 60);

    // the customer's open app: the new address and its map link, without a reload
    await expect.poll(() => phone.getByText(NEW_ADDRESS).count(), WITHIN).toBe(1);
    console.info(`[e2e] the open app showed the new pickup address ${((Date.now() - addressSaved) / 1000).toFixed(1)} s after the save`);
    expect(await phone.getByRole('link', { name: /Open in maps/ }).getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(NEW_ADDRESS)}`,
    );
  });

  it('the customer’s app follows: archived products gone, the new drink there, the new minimum, the wallet’s amounts', async () => {
    await expect
      .poll(async () => {
        await phone.goto('/shop');
        await phone.getByRole('button', { name: /^Add / }).first().waitFor();
        return [
          await phone.getByRole('button', { name: `Add ${DRINK}` }).count(),
          ...(await Promise.all(ARCHIVED.map((name) => phone.getByRole('button', { name: `Add ${name}` }).count()))),
        ];
      }, WITHIN)
      .toEqual([1, 0, 0, 0]);

    // the Ube latte in the cart (₱155.00) is now below the new minimum order
    await phone.goto('/delivery');
    await phone.getByRole('button', { name: 'Continue' }).click();
    await phone.waitForURL('**/order-confirmation');
    await phone.getByText(/The minimum order is ₱200\.00\. Add ₱45\.00 more/).waitFor();

    await phone.goto('/profile/wallet');
    const amounts = phone.getByRole('group', { name: 'Choose an amount' }).getByRole('button');
    await expect.poll(() => amounts.allTextContents(), WITHIN).toEqual([expect.stringContaining('250'), expect.stringContaining('750')]);
  });

  it('orders a Large oat drink for delivery, chosen with the keyboard; points at the new rate, without the fee', async () => {
    await phone.goto('/shop');
    // the Ube latte from the first step is still in the cart: take it out, so the order is the drink alone
    await phone.getByRole('tab', { name: 'Non-coffee' }).click();
    await phone.getByRole('button', { name: 'Remove Ube latte' }).click();
    await phone.getByRole('tab', { name: 'Coffee', exact: true }).click();
    const add = phone.getByRole('button', { name: `Add ${DRINK}` });
    await add.click();
    const sheet = phone.getByRole('dialog', { name: DRINK });
    const regular = sheet.getByRole('radio', { name: /^Regular/ }).first();
    await expect.poll(() => regular.isChecked()).toBe(true);
    const button = sheet.getByRole('button', { name: /^Add to order/ });
    await expect.poll(() => button.textContent()).toContain('180.00');
    // with the keyboard: the sizes' chosen radio, an arrow to Large; the milks', an arrow to Oat
    await regular.focus();
    await phone.keyboard.press('ArrowDown');
    await expect.poll(() => sheet.getByRole('radio', { name: /^Large/ }).isChecked()).toBe(true);
    await phone.keyboard.press('Tab');
    await phone.keyboard.press('ArrowDown');
    await expect.poll(() => sheet.getByRole('radio', { name: /^Oat/ }).isChecked()).toBe(true);
    // ₱180.00 + Large ₱20.00 + Oat ₱25.00
    await expect.poll(() => button.textContent()).toContain('225.00');
    await button.focus();
    await phone.keyboard.press('Enter');
    await sheet.waitFor({ state: 'detached' });
    expect(await add.evaluate((el) => el === document.activeElement)).toBe(true);

    await checkoutCart(phone, '1 item');
    await phone.getByRole('radio', { name: /Delivery/ }).check();
    await phone.getByRole('button', { name: 'Set location' }).click();
    await phone.waitForURL('**/set-location');
    await phone.getByLabel('Latitude').fill('14.5547');
    await phone.getByLabel('Longitude').fill('121.0244');
    await phone.getByRole('button', { name: 'Use this location' }).click();
    await phone.waitForURL('**/add-new-address');
    await phone.getByLabel('Label', { exact: true }).fill('Home');
    await phone.getByLabel('Recipient').fill('Lito Ramos');
    await phone.getByLabel('Phone number').fill('0917 555 0102');
    await phone.getByLabel('Street, building and unit').fill('Unit 7, 12 Paseo de Roxas');
    await phone.getByLabel('City').fill('Makati City');
    await phone.getByLabel('Postal code').fill('1226');
    await phone.getByRole('button', { name: 'Save and use this address' }).click();
    await phone.waitForURL('**/delivery');
    await phone.getByRole('button', { name: 'Continue' }).click();
    await phone.waitForURL('**/order-confirmation');

    // ₱225.00 + ₱49.00 delivery = ₱274.00; points on the ₱225.00 alone, one for each ₱20.00: 11 (with the fee it would be 13)
    await phone.getByRole('radio', { name: /Online payment/ }).check();
    const place = phone.getByRole('button', { name: /^Place order/ });
    await expect.poll(() => place.textContent()).toContain('274.00');
    await expect.poll(() => phone.getByText("You'll earn").locator('xpath=following-sibling::dd[1]').textContent()).toMatch(/(^|\D)11(\D|$)/);
    await place.click();
    order = await payOrderOnSandbox(phone);

    const detail = (await (await customer.request.get(`${apiUrl(ordersApi.detail)}?name=${order}`)).json()) as {
      data: {
        order: { total: number; delivery_fee: number; points_earned: number; items: Array<{ name: string; price: number; options?: Array<{ name: string }> }> };
      };
    };
    expect(detail.data.order).toMatchObject({ total: 27_400, delivery_fee: 4_900, points_earned: 11 });
    expect(detail.data.order.items).toEqual([
      expect.objectContaining({
        name: DRINK,
        price: 22_500,
        options: expect.arrayContaining([expect.objectContaining({ name: 'Large' }), expect.objectContaining({ name: 'Oat milk' })]),
      }),
    ]);
    expect(phoneErrors).toEqual([]);
  }, 120_000);

  it('a free-product voucher makes the dearest drink in the cart free, as chosen, shown before paying; no drink is added', async () => {
    // the owner's reward: the new drink, free; the customer gets the points for it at the counter
    const { id: customerId } = ((await (await customer.request.get(apiUrl(customersApi.profile))).json()) as { data: { id: number } }).data;
    const made = await desk.page.evaluate(
      async ({ drink, customerId, urls }) => {
        const post = async (url: string, body: unknown) =>
          (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
        const menu = (await (await fetch(urls.menu)).json()) as { data: { categories: Array<{ products: Array<{ id: number; name: string }> }> } };
        const productId = menu.data.categories.flatMap((c) => c.products).find((p) => p.name === drink)!.id;
        const reward = (await post(urls.createReward, {
          title: `Free ${drink.toLowerCase()}`,
          points_cost: 50,
          stock_total: null,
          valid_days: 30,
          product_id: productId,
        })) as { data: { reward: { name: string } } };
        await post(urls.adjustPoints, { customer_id: customerId, points: 50, reason: 'Welcome gift', idempotency_key: crypto.randomUUID() });
        return reward.data.reward.name;
      },
      {
        drink: DRINK,
        customerId,
        urls: { menu: apiUrl(menuApi.menu), createReward: apiUrl(rewardsEditorApi.create), adjustPoints: apiUrl(customersConsoleApi.adjustPoints) },
      },
    );
    const redeemed = await customer.request.post(apiUrl(rewardsApi.redeem), { data: { name: made, idempotency_key: crypto.randomUUID() } });
    expect(redeemed.status(), await redeemed.text()).toBe(201);

    // the last order's page, until it says paid: the cart it came from is cleared then
    await phone.goto(`/payment-success?order=${order}`);
    await phone.getByRole('heading', { name: 'Payment success' }).waitFor();
    await phone.goto('/shop');
    await phone.getByRole('tab', { name: 'Coffee', exact: true }).click();
    await phone.getByRole('button', { name: `Add ${DRINK}` }).click();
    const sheet = phone.getByRole('dialog', { name: DRINK });
    await sheet.getByRole('radio', { name: /^Large/ }).check();
    await sheet.getByRole('radio', { name: /^Oat/ }).check();
    await sheet.getByRole('button', { name: /^Add to order/ }).click();
    await sheet.waitFor({ state: 'detached' });
    // and two Regular ones, paid for: the shop's minimum order is ₱200.00
    for (let n = 0; n < 2; n++) {
      await phone.getByRole('button', { name: `Add ${DRINK}` }).click();
      await sheet.getByRole('button', { name: /^Add to order/ }).click();
      await sheet.waitFor({ state: 'detached' });
    }
    await checkoutCart(phone, '3 items');
    await phone.getByRole('radio', { name: /Pickup/ }).check();
    await phone.getByRole('button', { name: 'Continue' }).click();
    await phone.waitForURL('**/order-confirmation');
    await phone.getByRole('radio', { name: new RegExp(`Free ${DRINK.toLowerCase()}`) }).check();
    // the dearest drink as the customer chose it, made free before the subtotal: the two Regular ones paid
    await phone.getByText(`1 × ${DRINK} (Large · Oat milk), free with your voucher`).waitFor();
    await phone.getByRole('radio', { name: /Online payment/ }).check();
    const place = phone.getByRole('button', { name: /^Place order/ });
    await expect.poll(() => place.textContent()).toContain('360.00');
    await place.click();
    const name = await payOrderOnSandbox(phone);
    const detail = (await (await customer.request.get(`${apiUrl(ordersApi.detail)}?name=${name}`)).json()) as {
      data: { order: { total: number; items: Array<{ name: string; qty: number; price: number }> } };
    };
    expect(detail.data.order.total).toBe(36_000);
    // three drinks, as in the cart: the Large oat one at 0, none added
    expect(detail.data.order.items.reduce((n, i) => n + i.qty, 0)).toBe(3);
    expect(detail.data.order.items).toEqual(expect.arrayContaining([expect.objectContaining({ name: DRINK, qty: 1, price: 0 })]));
    await phone.getByRole('heading', { name: 'Payment success' }).waitFor();
    expect(phoneErrors).toEqual([]);
  }, 120_000);

  it('the orders board and the ticket show the options', async () => {
    const page = desk.page;
    await (await consoleNav(page)).getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/merchant/orders');
    const items = page.getByRole('list', { name: `Items of order ${order}` });
    await expect.poll(() => items.textContent(), { timeout: 10_000 }).toMatch(new RegExp(`${DRINK}\\s*Large · Oat`));
    await page.getByRole('link', { name: `Ticket for order ${order}` }).click();
    const ticket = page.getByRole('article', { name: `Ticket for order ${order}` });
    await expect.poll(() => ticket.textContent()).toMatch(new RegExp(`1 × ${DRINK}\\s*Large · Oat`));
  });

  it('the activity log says what the owner changed', async () => {
    const page = desk.page;
    await (await consoleNav(page)).getByRole('link', { name: 'Activity' }).click();
    await page.waitForURL('**/merchant/audit');
    await page
      .getByText(/changed the shop settings/)
      .first()
      .waitFor();
    await page
      .getByText(/archived Cappuccino/)
      .first()
      .waitFor();
    expect(desk.errors).toEqual([]);
  });
  it('the owner connects Stripe and Twilio from the console; a new customer’s sign-in code comes by the connected Twilio', async () => {
    const page = desk.page;
    await page.goto('/merchant/channels');
    await page.getByRole('heading', { name: 'Connect your services' }).waitFor();
    // a key the stand-in refuses: nothing saved, and the page says why
    const stripe = page.getByRole('form', { name: 'Connect Stripe' });
    await stripe.getByLabel(/^Secret key/).fill('sk_live_NOTTHEKEY000000000000');
    await stripe.getByLabel(/^Webhook signing secret/).fill('whsec_newshop0001');
    await stripe.getByRole('button', { name: 'Test and connect Stripe' }).click();
    await page.getByText('Not saved: Stripe said the key is invalid.').waitFor();
    await stripe.getByLabel(/^Secret key/).fill(stripeStandIn!.secretKey);
    await stripe.getByRole('button', { name: 'Test and connect Stripe' }).click();
    await page.getByText('sk_live_…4242').waitFor();

    const twilio = page.getByRole('form', { name: 'Connect Twilio' });
    await twilio.getByLabel(/^Account SID/).fill(STAND_IN_TWILIO.accountSid);
    await twilio.getByLabel(/^Auth Token/).fill(STAND_IN_TWILIO.authToken);
    await twilio.getByLabel(/^Sending number/).fill(STAND_IN_TWILIO.from);
    await twilio.getByRole('button', { name: 'Test and connect Twilio' }).click();
    await page.getByText(`${STAND_IN_TWILIO.accountSid.slice(0, 2)}…${STAND_IN_TWILIO.accountSid.slice(-4)}, sending from ••••0142`).waitFor();
    // never shown again in full
    const text = await page.locator('main').innerText();
    expect(text).not.toContain(stripeStandIn!.secretKey);
    expect(text).not.toContain(STAND_IN_TWILIO.authToken);

    // a new customer signs up: the code reaches the phone through Twilio (the stand-in), not the outbox
    const newcomer = await newContext(browser, 'phone', app.url);
    try {
      const number = uniquePhone();
      const fromTwilio = async (to: string) => {
        await expect.poll(() => twilioStandIn!.sent.filter((m) => m.to === to).length, { timeout: 10_000 }).toBe(1);
        return /\b(\d{6})\b/.exec(twilioStandIn!.sent.find((m) => m.to === to)!.body)![1]!;
      };
      await signUp(await newcomer.newPage(), app.url, number, 'Nena Cruz', fromTwilio);
      const outbox = (await (await fetch(`${app.url}/__dev/outbox?phone=${encodeURIComponent(number)}`)).json()) as { items: unknown[] };
      expect(outbox.items).toEqual([]);
      // a top-up now opens the stand-in Stripe's Checkout page, not the sandbox's
      const before = stripeStandIn!.sessions.size;
      const topup = await newcomer.request.post(apiUrl(walletApi.topup), { data: { amount: 50_000, idempotency_key: `new-shop-${Date.now()}` } });
      expect(topup.status()).toBe(201);
      expect(((await topup.json()) as { data: { payment_url: string } }).data.payment_url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
      expect(stripeStandIn!.sessions.size).toBe(before + 1);
    } finally {
      await newcomer.close();
    }

    // Activity has both, without a secret; then back to the sandbox and the outbox for whatever follows
    await (await consoleNav(page)).getByRole('link', { name: 'Activity' }).click();
    await page
      .getByText(/connected Stripe \(sk_live_…4242\)/)
      .first()
      .waitFor();
    await page.goto('/merchant/channels');
    await page.getByRole('button', { name: 'Disconnect Stripe' }).click();
    await page.getByRole('form', { name: 'Connect Stripe' }).waitFor();
    await page.getByRole('button', { name: 'Disconnect Twilio' }).click();
    await page.getByRole('form', { name: 'Connect Twilio' }).waitFor();
    // the one refusal the browser saw: the wrong key's answer, 502 BAD_GATEWAY
    expect(desk.errors).toEqual(['console.error: Failed to load resource: the server responded with a status of 502 (Bad Gateway)']);
  }, 120_000);
});

/**
 * An empty start (issue 46): the owner names the shop at set-up and starts without the demo, so the
 * customer's app shows the shop's own name, no demo product, reward or favicon, and the Overview's
 * checklist no longer offers to clear it.
 */
describe.skipIf(!HAS_CHROME)('a new shop started empty', () => {
  const fresh = useApp({ LOG_LEVEL: 'info', DEMO_ORDER_PROGRESS: 'false' });
  let owner: BrowserContext;

  afterAll(async () => {
    await owner?.close();
  });

  it('the owner names the shop and starts empty: no demo menu, rewards, wheel or favicon reach the customer', async () => {
    owner = await newContext(browser, 'desktop', fresh.url);
    const page = await owner.newPage();
    const errors = watchErrors(page);
    await setUpOwner(page, fresh.output, 'luna@cafe-luna.example', { shopName: 'Café Luna' });
    await page.getByRole('heading', { name: 'Set up your shop' }).waitFor();
    // the demo's tiers and wheel are gone with it: that step is done
    await page.getByText(/1 of 8 done/).waitFor();
    const loyalty = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Check your tiers and wheel' }) });
    expect(await loyalty.innerText()).toContain('Done');
    expect(await page.getByRole('button', { name: 'Clear the demo' }).count()).toBe(0);
    expect(errors).toEqual([]);

    const visitor = await newContext(browser, 'phone', fresh.url);
    try {
      const app = await visitor.newPage();
      await app.goto('/login');
      await app.getByRole('heading', { name: 'Welcome to Café Luna' }).waitFor();
      // the demo's favicon (which says "Kopi Senja") is gone with its logo
      await expect
        .poll(() => app.locator('link[rel="icon"]').evaluateAll((links) => links.map((l) => l.getAttribute('href'))))
        .toEqual([`/api/${undeclared('app/icon')}?size=192`]);
      const catalog = (await (await visitor.request.get(apiUrl(shopApi.catalog))).json()) as { data: { categories: Array<{ products: unknown[] }> } };
      expect(catalog.data.categories.flatMap((c) => c.products)).toEqual([]);
      const rewards = (await (await visitor.request.get(apiUrl(rewardsApi.list))).json()) as { data: { rewards: unknown[] } };
      expect(rewards.data.rewards).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});

describe.skipIf(!HAS_CHROME)('a customer puts a new address on the map', () => {
  it('finds the street with the search, drags the pin to the door, and the address is saved at the pin', async () => {
    const context = await newContext(browser, 'phone', app.url);
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signUp(page, app.url, uniquePhone(), 'Mila Cruz');
      await page.goto('/profile/add-address');
      // the customer types the label and the city; street and postal code are left for the search
      await page.getByLabel('Label', { exact: true }).fill('Home');
      await page.getByLabel('Recipient').fill('Mila Cruz');
      await page.getByLabel('Phone number').fill('0917 555 0142');
      await page.getByLabel('City').fill('Makati City');
      await page.getByRole('button', { name: 'Set location' }).click();
      await page.waitForURL('**/set-location');

      // the search goes through the gateway to the stand-in geocoder; its result moves the pin
      await page.getByRole('searchbox', { name: 'Search for an address' }).fill('Calle Mabini, Makati');
      await page.keyboard.press('Enter');
      const results = page.getByRole('list', { name: 'Search results' });
      await results.getByRole('button', { name: /21 Calle Mabini, Poblacion/ }).click();
      expect(mapStandIns.searches).toContain('Calle Mabini, Makati');
      const pin = page.getByRole('button', { name: /^Delivery pin at 14\.56490, 121\.03050/ });
      await pin.waitFor();
      expect(await page.getByLabel('Latitude').inputValue()).toBe('14.56490');
      // the map's tiles came from the local tile server (the CSP allowed its origin)
      await expect.poll(() => page.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
      expect(mapStandIns.tiles()).toBeGreaterThan(0);

      // drag the pin 40 px east and 30 px south, to the gate
      const box = (await pin.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2 + 15, { steps: 5 });
      await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 30, { steps: 5 });
      await page.mouse.up();
      await expect.poll(() => page.getByLabel('Longitude').inputValue()).not.toBe('121.03050');
      const lat = Number(await page.getByLabel('Latitude').inputValue());
      const lng = Number(await page.getByLabel('Longitude').inputValue());
      expect(lat).toBeLessThan(14.5649);
      expect(lng).toBeGreaterThan(121.0305);
      await page.getByRole('button', { name: 'Use this location' }).click();

      // back on the form: street and postal code from the search, the city as the customer typed it
      await page.waitForURL('**/profile/add-address');
      expect(await page.getByLabel('Street, building and unit').inputValue()).toBe('21 Calle Mabini');
      expect(await page.getByLabel('Postal code').inputValue()).toBe('1210');
      expect(await page.getByLabel('City').inputValue()).toBe('Makati City');
      expect(await page.getByLabel('Label', { exact: true }).inputValue()).toBe('Home');
      await page.getByRole('button', { name: 'Add address' }).click();
      await page.getByRole('heading', { name: 'Home', exact: true }).waitFor();

      const list = (await (await context.request.get(apiUrl(addressesApi.list))).json()) as {
        data: { addresses: Array<{ label: string; line1: string; city: string; postal_code: string; lat: number; lng: number }> };
      };
      expect(list.data.addresses).toEqual([
        expect.objectContaining({ label: 'Home', line1: '21 Calle Mabini', city: 'Makati City', postal_code: '1210', lat, lng }),
      ]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
