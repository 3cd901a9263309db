/**
 * Shop and orders as a customer does them, in Chromium against `npm start`, on a phone: a delivery order
 * to a new address (coordinates typed on /set-location, then /add-new-address) paid
 * from the wallet after a sandbox top-up; the order's page following the merchant's status changes as
 * it polls; a pickup order paid through the gateway; a declined payment; history and home. On a desktop,
 * once: the shop to checkout with the navigation above the page and the cart in a dialog in the middle.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { HAS_CHROME, newContext, uniquePhone, watchErrors, useApp, useBrowser } from './support/app';
import { SANDBOX_PAGE, setOrderStatus, signUp } from './support/customer';
import { desktopCustomer, expectCentredDialog, expectDesktopPage, expectNoSidewaysScroll } from './support/desktop';
import { apiUrl } from './support/api-url';
import { ordersApi } from '#contract/orders.calls';
import { shopApi } from '#contract/shop.calls';
import { walletApi } from '#contract/wallet.calls';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

// Orders move only when the test moves them.
const app = useApp({ DEMO_ORDER_PROGRESS: 'false' });
const browser = useBrowser();

const orderNameIn = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');

/**
 * From the shop: add products from the first tab (Coffee) and check out. A product with options (issue
 * #27) is added through its option sheet, as it comes (its defaults).
 */
async function fillCart(page: Page, lines: Array<[product: string, qty: number]>) {
  await addToCart(page, lines);
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await page.waitForURL('**/delivery');
}

/** From the shop, the products added to the cart (see fillCart). */
async function addToCart(page: Page, lines: Array<[product: string, qty: number]>) {
  await page.goto('/shop');
  for (const [product, qty] of lines) {
    const add = page.getByRole('button', { name: `Add ${product}` });
    if ((await add.getAttribute('aria-haspopup')) === 'dialog') {
      await add.click();
      const sheet = page.getByRole('dialog', { name: product });
      for (let i = 1; i < qty; i++) await sheet.getByRole('button', { name: `One more ${product}` }).click();
      await sheet.getByRole('button', { name: /^Add to order/ }).click();
      await sheet.waitFor({ state: 'detached' });
      continue;
    }
    await add.click();
    for (let i = 1; i < qty; i++) await page.getByRole('button', { name: `One more ${product}` }).click();
  }
}

/** On the sandbox gateway's hosted page: Pay or Decline, then wait to be sent back to the app. */
async function onSandbox(page: Page, choice: 'Pay' | 'Decline', back: string) {
  await page.waitForURL(SANDBOX_PAGE);
  await page.getByRole('button', { name: choice, exact: true }).click();
  await page.waitForURL(`**${back}**`);
}

describe.skipIf(!HAS_CHROME)('shop and orders on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let deliveryOrder = '';

  beforeAll(async () => {
    context = await newContext(browser, 'phone', app.url);
    page = await context.newPage();
    errors = watchErrors(page);
    await signUp(page, app.url, uniquePhone(), 'Rosa Dela Cruz');
  });

  afterAll(async () => {
    await context?.close();
  });

  it('keeps an empty cart in the shop: no checkout until something is added', async () => {
    await page.getByRole('button', { name: 'Shop', exact: true }).click();
    await page.waitForURL('**/shop');
    await expect.poll(() => page.getByRole('button', { name: 'Add Cappuccino' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Checkout', exact: true }).count()).toBe(0);
    // /delivery with nothing in the cart goes back to the shop
    await page.goto('/delivery');
    await page.waitForURL('**/shop');
  });

  it('orders for delivery to a new address set by coordinates, paid from the wallet after a top-up', async () => {
    await fillCart(page, [['Cappuccino', 2]]);

    // no address yet: the location step comes first, then the form with the point filled in
    await page.getByRole('button', { name: 'Set location' }).click();
    await page.waitForURL('**/set-location');
    await page.getByLabel('Latitude').fill('14.5547');
    await page.getByLabel('Longitude').fill('121.0244');
    await page.getByRole('button', { name: 'Use this location' }).click();
    await page.waitForURL('**/add-new-address');
    await expect.poll(() => page.getByText('14.55470, 121.02440').count()).toBe(1);
    await page.getByLabel('Label', { exact: true }).fill('Home');
    await page.getByLabel('Recipient').fill('Rosa Dela Cruz');
    await page.getByLabel('Phone number').fill('0917 555 0101');
    await page.getByLabel('Street, building and unit').fill('Unit 5B, 88 Jupiter Street, Bel-Air');
    await page.getByLabel('City').fill('Makati City');
    await page.getByLabel('Postal code').fill('1209');
    await page.getByRole('button', { name: 'Save and use this address' }).click();

    // back on /delivery with the new address chosen; the page's heading says Checkout, its title keeps
    // the route's label from the specification
    await page.waitForURL('**/delivery');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Checkout');
    expect(await page.title()).toBe('Kopi Senja - Delivery');
    await expect.poll(() => page.getByRole('radio', { name: /Home/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/order-confirmation');

    // 2 × ₱145.00 + ₱49.00 delivery, against an empty wallet: the page starts on online payment, which can
    // pay; the customer chooses the wallet, where the top-up is offered and ordering is not
    await expect.poll(() => page.getByText('2 × Cappuccino').count()).toBe(1);
    const place = page.getByRole('button', { name: /^Place order/ });
    await expect.poll(() => place.textContent()).toContain('339.00');
    expect(await page.getByRole('radio', { name: /Online payment/ }).isChecked()).toBe(true);
    expect(await place.isEnabled()).toBe(true);
    await page.getByRole('radio', { name: /Wallet/ }).check();
    expect(await place.isDisabled()).toBe(true);
    await page.getByRole('button', { name: /^Top up/ }).click();
    await onSandbox(page, 'Pay', '/top-up-success/order');
    // the top-up page reads the top-up from the provider, then continues to the same checkout
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL('**/order-confirmation');

    // the cart survived the trip to the gateway; the wallet now covers the order
    await expect.poll(() => place.isEnabled()).toBe(true);
    expect(await page.getByText('Insufficient balance').count()).toBe(0);
    await place.dblclick(); // a double tap still makes one order
    await page.waitForURL(/\/order\/[A-Z]+-[0-9A-Z]{8}$/);
    deliveryOrder = orderNameIn(page.url());
    await expect.poll(() => page.getByText('Payment received. Your order is in the queue.').count()).toBe(1);
    // paid from the wallet in one tap: it never waited for a payment
    expect(await page.getByRole('region', { name: 'Progress' }).textContent()).not.toContain('Waiting for payment');

    const list = (await (await context.request.get(apiUrl(ordersApi.list))).json()) as { data: { orders: { name: string; status: string; total: number }[] } };
    expect(list.data.orders).toEqual([expect.objectContaining({ name: deliveryOrder, status: 'paid', total: 33_900 })]);
    const wallet = (await (await context.request.get(apiUrl(walletApi.balance))).json()) as { data: { balance: number } };
    expect(wallet.data.balance).toBe(0);
  });

  it("shows the order's new status each time the merchant moves it", async () => {
    expect(deliveryOrder).not.toBe('');
    const steps: Array<[status: string, label: string, text: string]> = [
      ['preparing', 'Preparing', 'The team is making your order.'],
      ['ready', 'Ready', 'Packed and waiting for the rider.'],
      ['on_delivery', 'On the way', 'A rider is bringing your order.'],
      ['completed', 'Completed', 'Delivered. Enjoy!'],
    ];
    // the page asks the provider every 5 s while the order is moving: the browser's clock is moved on by
    // those 5 s after each change rather than waited for (the page loaded again with the clock in place)
    await page.clock.install();
    await page.reload();
    await expect.poll(() => page.getByText('Payment received. Your order is in the queue.').count()).toBe(1);
    for (const [status, label, text] of steps) {
      await setOrderStatus(app.url, app.dataDir, deliveryOrder, status);
      // no reload: the page polls the provider while the order is moving
      await page.clock.fastForward(5_000);
      await expect.poll(() => page.getByText(text, { exact: true }).count(), { timeout: 15_000 }).toBe(1);
      // the timeline marks the step: the current one "now", the last one "done" once completed
      const step = page.getByRole('listitem').filter({ hasText: status === 'completed' ? `${label} (done)` : `${label} (now)` });
      await expect.poll(() => step.count()).toBe(1);
    }
  });

  it('orders for pickup paid through the gateway, and the success page reads the paid order', async () => {
    await fillCart(page, [['Spanish latte', 1]]);
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await expect.poll(() => page.getByText('12 Calle Mabini, Makati City').count()).toBe(1);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/order-confirmation');
    await page.getByRole('radio', { name: /Online payment/ }).check();
    const place = page.getByRole('button', { name: /^Place order/ });
    await expect.poll(() => place.textContent()).toContain('165.00');
    // pickup: no delivery fee line at all
    expect(await page.getByText('Delivery fee').count()).toBe(0);
    await place.click();
    await onSandbox(page, 'Pay', '/payment-success?order=');
    const name = new URL(page.url()).searchParams.get('order')!;
    await expect.poll(() => page.getByRole('heading', { name: 'Thank you! Your order is in' }).count()).toBe(1);
    await expect.poll(() => page.getByText(name, { exact: true }).count()).toBe(1);

    // paid: the cart is empty again
    await page.getByRole('button', { name: 'Back to the shop' }).click();
    await page.waitForURL('**/shop');
    await expect.poll(() => page.getByRole('button', { name: 'Add Spanish latte' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /View cart/ }).count()).toBe(0);
  });

  it('empties the cart once the order is placed, and a declined payment offers Try again with the same items', async () => {
    await fillCart(page, [['Iced latte', 1]]);
    // the last order was a pickup: the next one starts as a pickup, and so does one on a later visit
    // (a new tab: a session storage of its own)
    await expect.poll(() => page.getByRole('radio', { name: /Pickup/ }).isChecked()).toBe(true);
    const later = await context.newPage();
    await fillCart(later, [['Iced latte', 1]]);
    await expect.poll(() => later.getByRole('radio', { name: /Pickup/ }).isChecked()).toBe(true);
    await later.close();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/order-confirmation');
    await page.getByRole('radio', { name: /Online payment/ }).check();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await onSandbox(page, 'Decline', '/payment-fail?order=');
    const declined = new URL(page.url()).searchParams.get('order')!;
    // the provider cancelled the unpaid order: the page says the payment did not go through, nothing was charged
    await expect.poll(() => page.getByRole('heading', { name: "Your payment didn't go through" }).count()).toBe(1);
    await expect.poll(() => page.getByText(/not been charged/).count()).toBe(1);
    // the order holds the items now: the cart emptied when it was placed
    await page.getByRole('button', { name: 'Back to the shop' }).click();
    await page.waitForURL('**/shop');
    await expect.poll(() => page.getByRole('button', { name: 'Add Iced latte' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /View cart/ }).count()).toBe(0);
    // Try again: the same items, the same way, placed as a new order and paid
    await page.goBack();
    await page.waitForURL('**/payment-fail?order=**');
    await page.getByRole('button', { name: 'Try again', exact: true }).click();
    await page.waitForURL('**/order-confirmation');
    await expect.poll(() => page.getByText('1 × Iced latte', { exact: true }).count()).toBe(1);
    await page.getByRole('radio', { name: /Online payment/ }).check();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await onSandbox(page, 'Pay', '/payment-success?order=');
    const paid = new URL(page.url()).searchParams.get('order')!;
    expect(paid).not.toBe(declined);
    await expect.poll(() => page.getByRole('heading', { name: 'Thank you! Your order is in' }).count()).toBe(1);
    const list = (await (await context.request.get(apiUrl(ordersApi.list))).json()) as { data: { orders: { name: string; status: string }[] } };
    expect(
      list.data.orders
        .filter((o) => o.name === declined || o.name === paid)
        .map((o) => o.status)
        .sort(),
    ).toEqual(['cancelled', 'paid']);
  });

  it('shows the latest order on home and every order in the history', async () => {
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByRole('button', { name: /^Order [A-Z]+-/ }).textContent()).toMatch(/Paid/);
    await page.getByRole('button', { name: 'All orders' }).click();
    await page.waitForURL('**/order/home');
    await expect.poll(() => page.getByRole('button', { name: new RegExp(deliveryOrder) }).count()).toBe(1);
    await expect.poll(() => page.getByText(/^Order [A-Z]+-[0-9A-Z]{8}$/).count()).toBe(4);
    await page.getByRole('button', { name: new RegExp(deliveryOrder) }).click();
    await page.waitForURL(`**/order/${deliveryOrder}`);
    await expect.poll(() => page.getByText('Delivered. Enjoy!', { exact: true }).count()).toBe(1);
  });

  it('"Order again" on a delivered order puts the same items in the cart, taken the same way', async () => {
    // on the delivered order's page (the test before left it open): two cappuccinos, delivered
    await page.getByRole('button', { name: 'Order again' }).click();
    await page.waitForURL('**/order-confirmation');
    await expect.poll(() => page.getByText('2 × Cappuccino', { exact: true }).count()).toBe(1);
    // nothing changed on the menu since: nothing to say about it
    expect(await page.getByText('Some things changed since you last ordered').count()).toBe(0);
    await expect.poll(() => page.getByText('Delivery fee').count()).toBe(1);
    // the cart holds them: back in the shop, its button counts two
    await page.goto('/shop');
    await expect.poll(() => page.getByRole('button', { name: /View cart/ }).textContent()).toMatch(/\b2\b/);
  });

  it("shows an order that does not exist, or is another customer's, as not found with a way to the history", async () => {
    // another customer with an order of their own (unpaid is enough: it exists; 2 × ₱145.00 meets the minimum)
    const strangers = await newContext(browser, 'phone', app.url);
    const stranger = await strangers.newPage();
    await signUp(stranger, app.url, uniquePhone(), 'Bayani Reyes');
    const catalog = await (await stranger.request.get(apiUrl(shopApi.catalog))).json();
    const cappuccino = catalog.data.categories
      .flatMap((c: { products: { id: number; name: string }[] }) => c.products)
      .find((p: { name: string }) => p.name === 'Cappuccino');
    const created = await stranger.request.post(apiUrl(ordersApi.create), {
      data: { items: [{ product_id: cappuccino.id, qty: 2 }], fulfilment: 'pickup', payment_method: 'gateway', idempotency_key: randomUUID() },
    });
    expect(created.status(), await created.text()).toBe(201);
    const theirOrder: string = (await created.json()).data.order.name;
    await strangers.close();

    // another page: the browser logs the provider's 404 for these orders, which is the point here
    const other = await context.newPage();
    const otherErrors = watchErrors(other);
    for (const name of ['KS-NOTREAL1', theirOrder]) {
      await other.goto(`/order/${name}`);
      await expect.poll(() => other.getByText("We couldn't find that order").count()).toBe(1);
      // nothing to retry, and nothing of the other customer's order shown
      expect(await other.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      expect(await other.getByText(theirOrder).count()).toBe(0);
      expect(await other.getByText('Cappuccino').count()).toBe(0);
    }
    await other.getByRole('link', { name: 'Go to your order history' }).click();
    await other.waitForURL('**/order/home');
    await expect.poll(() => other.getByRole('heading', { name: 'Order history' }).count()).toBe(1);
    expect(otherErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await other.close();
  });

  it('had no console errors on any page', () => {
    expect(errors).toEqual([]);
  });
});

describe.skipIf(!HAS_CHROME)('shop and orders on a desktop', () => {
  it('walks the shop to checkout: the navigation above the page, the cart in a dialog in the middle, nothing wider than the window', async () => {
    const { context, page, errors } = await desktopCustomer(browser, app.url, 'Lea Santos');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
    await page.waitForURL('**/shop');
    await expectDesktopPage(page);
    await addToCart(page, [['Cappuccino', 2]]);
    await page.getByRole('button', { name: /View cart · 2 items/ }).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await expectCentredDialog(page, cart);
    await cart.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.waitForURL('**/delivery');
    await expectNoSidewaysScroll(page);
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/order-confirmation');
    await expect.poll(() => page.getByRole('button', { name: /^Place order/ }).textContent()).toContain('290.00');
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
