/**
 * A new customer signed up through the real UI (register → code from the outbox → name), and the
 * merchant's side of an order (status changes through the gateway with the merchant key).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { codeFor, uniquePhone } from './app';
import { apiUrl } from './api-url';
import { ordersApi } from '#contract/orders.calls';
import { shopApi } from '#contract/shop.calls';
import { undeclared } from '../../support/calls';

/** +639171234567 → 09171234567, typed as a customer would. */
export const localPhone = (phone: string) => `0${phone.slice(3)}`;

/**
 * `codeOf` reads the one-time code; by default from the gateway's development outbox, which exists only
 * with the embedded provider (a test with its own provider reads that provider's outbox itself).
 * `landsOn`: the page the app shows once signed up (Home; a table's code opened first: its menu).
 */
export async function signUp(
  page: Page,
  baseURL: string,
  phone: string,
  name: string,
  codeOf: (phone: string) => Promise<string> = (p) => codeFor(baseURL, p),
  landsOn = '**/home',
): Promise<void> {
  await page.goto('/register');
  await page.getByLabel(/phone number/i).fill(localPhone(phone));
  await page.getByRole('button', { name: /send code/i }).click();
  await page.waitForURL('**/register-otp');
  await page.getByRole('textbox', { name: /digit 1 of 6/i }).click();
  await page.keyboard.type(await codeOf(phone));
  await page.waitForURL('**/register-name');
  await page.getByLabel(/name/i).first().fill(name);
  // offers are opt-in: the tests' customers tick the box, so the shop's campaigns reach them
  await page.getByRole('checkbox', { name: /Send me offers/ }).check();
  await page.getByRole('button', { name: /create|continue|finish|done/i }).click();
  await page.waitForURL(landsOn);
}

/**
 * A table's QR code scanned by someone signed out (`link`: its /t/ address): "Sign in with your phone"
 * (beside "Order as a guest") leads to sign up, then back
 * at the table's menu, which names `table` ("Table 12"); a Spanish latte with its default options in
 * the cart.
 */
export async function signUpAtTableWithLatte(page: Page, baseURL: string, link: string, table: string): Promise<void> {
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in with your phone' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/t/'));
  // signed up, the app passes Home on its way back to the table's code and its menu: only the menu is waited for
  // (Home can come and go before a wait for it starts)
  await signUp(page, baseURL, uniquePhone(), 'Maria Clara', undefined, '**/shop');
  await addLatteAtTable(page, table);
}

/** At the table's menu, which names `table` ("Table 12"): a Spanish latte with its default options in the cart. */
export async function addLatteAtTable(page: Page, table: string): Promise<void> {
  await page.waitForURL('**/shop');
  await expect.poll(() => page.getByText(table).first().isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Add Spanish latte' }).click();
  const sheet = page.getByRole('dialog', { name: 'Spanish latte' });
  await sheet.getByRole('button', { name: /^Add to order/ }).click();
  await sheet.waitFor({ state: 'detached' });
}

/** The merchant moves an order on, as the shop's own system would: `POST merchant/order/status`. */
export async function setOrderStatus(baseURL: string, dataDir: string, name: string, status: string): Promise<void> {
  const { merchant_api_key: key } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { merchant_api_key: string };
  const res = await fetch(`${baseURL}${apiUrl(ordersApi.status)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-merchant-key': key },
    body: JSON.stringify({ name, status }),
  });
  if (!res.ok) throw new Error(`${ordersApi.status.path} ${status} → ${res.status} ${await res.text()}`);
}

/** The sandbox payment gateway's hosted page (a glob for `page.waitForURL`): beside the API, no declaration has it. */
export const SANDBOX_PAGE = `**/api/${undeclared('payment/sandbox/')}**`;

/** /profile/wallet: a preset amount, then "Top up", then the sandbox's hosted page. */
export async function startTopUp(page: Page, preset: RegExp): Promise<void> {
  await page.goto('/profile/wallet');
  await page.getByRole('group', { name: 'Choose an amount' }).getByRole('button', { name: preset }).click();
  await page.getByRole('button', { name: /^Top up ₱/ }).click();
  await page.waitForURL(SANDBOX_PAGE);
}

/** A top-up paid on the sandbox's page; resolves back in the app on the success page. */
export async function topUp(page: Page, preset: RegExp): Promise<void> {
  await startTopUp(page, preset);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL('**/top-up-success?topup_id=*');
}

/** From the shop with `items` in the cart (its button's count, "1 item"), to Checkout's delivery step. */
export async function checkoutCart(page: Page, items: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`View cart · ${items}`) }).click();
  await page.getByRole('dialog', { name: 'Your cart' }).getByRole('button', { name: 'Checkout', exact: true }).click();
  await page.waitForURL('**/delivery');
}

/** Two Spanish lattes (₱165.00 each) from the shop for pickup, to the order's confirmation with Online payment chosen. */
export async function twoLattesToCheckout(page: Page): Promise<void> {
  await page.goto('/shop');
  // a drink with options is added through its sheet, as it comes
  await page.getByRole('button', { name: 'Add Spanish latte' }).click();
  const sheet = page.getByRole('dialog', { name: 'Spanish latte' });
  await sheet.getByRole('button', { name: 'One more Spanish latte' }).click();
  await sheet.getByRole('button', { name: /^Add to order/ }).click();
  await sheet.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await page.waitForURL('**/delivery');
  await page.getByRole('radio', { name: /Pickup/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/order-confirmation');
  await page.getByRole('radio', { name: /Online payment/ }).check();
}

/** An order placed with Online payment, paid on the sandbox's page; answers its name, from the success page. */
export async function payOrderOnSandbox(page: Page): Promise<string> {
  await page.waitForURL(SANDBOX_PAGE);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL('**/payment-success?order=**');
  return new URL(page.url()).searchParams.get('order')!;
}

/**
 * A pickup order of `qty` Cappuccinos (₱145.00 each) paid from the wallet through the API, then
 * completed by the shop's own system (merchant/order/status with `merchantKey`): its points are on
 * their way until then, spendable after (no hold). Answers the order's name.
 */
export async function orderCappuccinos(page: Page, merchantKey: string, qty: number): Promise<string> {
  const catalog = await (await page.request.get(apiUrl(shopApi.catalog))).json();
  const cappuccino = catalog.data.categories
    .flatMap((c: { products: { id: number; name: string }[] }) => c.products)
    .find((p: { name: string }) => p.name === 'Cappuccino');
  const order = await page.request.post(apiUrl(ordersApi.create), {
    data: { items: [{ product_id: cappuccino.id, qty }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: randomUUID() },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { name } = (await order.json()).data.order as { name: string };
  for (const status of ['preparing', 'ready', 'completed']) {
    const moved = await page.request.post(apiUrl(ordersApi.status), { headers: { 'x-merchant-key': merchantKey }, data: { name, status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return name;
}
