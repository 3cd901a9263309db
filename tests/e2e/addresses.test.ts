/**
 * Addresses as a customer manages them, in Chromium against `npm start`, on a phone: /set-location (a
 * denied location, a wrong coordinate, the device's position), the profile's address book (server field
 * errors on the form, add, edit, make default, delete), and the not-found page. On a desktop, once: the
 * address book under the navigation, the form's short fields in pairs, and deleting asked in a dialog in
 * the middle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { HAS_CHROME, newContext, uniquePhone, watchErrors, useApp, useBrowser } from './support/app';
import { signUp } from './support/customer';
import { desktopCustomer, expectCentredDialog, expectDesktopPage } from './support/desktop';
import { apiUrl } from './support/api-url';
import { addressesApi } from '#contract/addresses.calls';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const app = useApp();
const browser = useBrowser();

/** The saved address card whose heading is `label`. */
const card = (page: Page, label: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label, exact: true }) });

async function fillAddress(page: Page, v: { label: string; phone: string; line1: string; city: string; postal: string }) {
  await page.getByLabel('Label', { exact: true }).fill(v.label);
  await page.getByLabel('Recipient').fill('Jun Reyes');
  await page.getByLabel('Phone number').fill(v.phone);
  await page.getByLabel('Street, building and unit').fill(v.line1);
  await page.getByLabel('City').fill(v.city);
  await page.getByLabel('Postal code').fill(v.postal);
}

describe.skipIf(!HAS_CHROME)('addresses on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await newContext(browser, 'phone', app.url);
    page = await context.newPage();
    errors = watchErrors(page);
    await signUp(page, app.url, uniquePhone(), 'Jun Reyes');
  });

  afterAll(async () => {
    await context?.close();
  });

  it('sets a location: denied, a wrong coordinate, then the device’s position', async () => {
    await page.goto('/profile/add-address');
    await expect.poll(() => page.getByText(/No saved addresses yet/).count()).toBe(1);
    await page.getByRole('button', { name: 'Set location' }).click();
    await page.waitForURL('**/set-location');

    // no permission given: the browser refuses, and the page says what to do instead
    await page.getByRole('button', { name: 'Use my current location' }).click();
    await expect.poll(() => page.getByText('Location is turned off for this site').count()).toBe(1);

    await page.getByLabel('Latitude').fill('95');
    await page.getByLabel('Longitude').fill('121.0244');
    await page.getByRole('button', { name: 'Use this location' }).click();
    await expect.poll(() => page.getByText('Latitude must be between -90 and 90.').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/set-location');

    await context.grantPermissions(['geolocation'], { origin: app.url });
    await context.setGeolocation({ latitude: 14.5547, longitude: 121.0244 });
    await page.getByRole('button', { name: 'Use my current location' }).click();
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).toBe('14.55470');
    expect(await page.getByLabel('Longitude').inputValue()).toBe('121.02440');
    await page.getByRole('button', { name: 'Use this location' }).click();

    // back to the address book, the point on the form
    await page.waitForURL('**/profile/add-address');
    await expect.poll(() => page.getByText('14.55470, 121.02440').count()).toBe(1);
  });

  it("adds an address, showing the server's field errors on the form", async () => {
    // letters pass the form's own check but not the provider's phone rules
    await fillAddress(page, { label: 'Home', phone: 'call-me-maybe', line1: '21 Mabini Street', city: 'Makati City', postal: '1200' });
    await page.getByRole('button', { name: 'Add address' }).click();
    await expect.poll(() => page.getByText(/phone number such as \+63/i).count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Phone number').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText(/No saved addresses yet/).count()).toBe(1);

    await page.getByLabel('Phone number').fill('0917 555 0102');
    await page.getByRole('button', { name: 'Add address' }).click();
    await expect.poll(() => card(page, 'Home').count()).toBe(1);
    // the first address is the default; the form is empty again for the next one
    expect(await card(page, 'Home').textContent()).toContain('Default');
    await expect.poll(() => page.getByLabel('Label', { exact: true }).inputValue()).toBe('');
  });

  it('edits an address, adds another, makes it the default and deletes the first', async () => {
    await page.getByRole('button', { name: 'Edit Home' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Edit Home' }).count()).toBe(1);
    await page.getByLabel('City').fill('Taguig City');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => card(page, 'Home').textContent()).toContain('Taguig City');

    // a new address, typed first: it has no point yet, so the form asks for one, and what was typed
    // is still there on return (issue 46: it was lost)
    await fillAddress(page, { label: 'Work', phone: '0917 555 0103', line1: '5th Avenue, BGC', city: 'Taguig City', postal: '1634' });
    await page.getByRole('button', { name: 'Set location' }).click();
    await page.waitForURL('**/set-location');
    await page.getByLabel('Latitude').fill('14.5176');
    await page.getByLabel('Longitude').fill('121.0509');
    await page.getByRole('button', { name: 'Use this location' }).click();
    await page.waitForURL('**/profile/add-address');
    expect(await page.getByLabel('Label', { exact: true }).inputValue()).toBe('Work');
    expect(await page.getByLabel('Street, building and unit').inputValue()).toBe('5th Avenue, BGC');
    expect(await page.getByLabel('City').inputValue()).toBe('Taguig City');
    expect(await page.getByLabel('Postal code').inputValue()).toBe('1634');
    await page.getByRole('button', { name: 'Add address' }).click();
    await expect.poll(() => card(page, 'Work').count()).toBe(1);
    expect(await card(page, 'Work').textContent()).not.toContain('Default');

    await page.getByRole('button', { name: 'Make Work my default address' }).click();
    await expect.poll(() => card(page, 'Work').textContent()).toContain('Default');
    expect(await card(page, 'Home').textContent()).not.toContain('Default');

    await page.getByRole('button', { name: 'Delete Home' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Home?' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => card(page, 'Home').count()).toBe(0);
    expect(await card(page, 'Work').count()).toBe(1);

    const list = (await (await context.request.get(apiUrl(addressesApi.list))).json()) as {
      data: { addresses: { label: string; is_default: boolean; lat: number }[] };
    };
    expect(list.data.addresses).toEqual([expect.objectContaining({ label: 'Work', is_default: true, lat: 14.5176 })]);
  });

  it('shows a not-found page with a way home', async () => {
    await page.goto('/no-such-page');
    await expect.poll(() => page.getByRole('heading', { name: "We can't find that page" }).count()).toBe(1);
    await page.getByRole('button', { name: 'Go home' }).click();
    await page.waitForURL('**/home');
  });

  it('had no console errors on any page', () => {
    // the one refusal the test asked for: the provider's 400 on the bad phone number
    const asked = errors.filter((e) => /status of 400/.test(e));
    expect(errors.filter((e) => !asked.includes(e))).toEqual([]);
    expect(asked.length).toBeLessThanOrEqual(1);
  });
});

describe.skipIf(!HAS_CHROME)('addresses on a desktop', () => {
  it('lays out the address book under the navigation, the short fields in pairs, and asks to delete in a dialog in the middle', async () => {
    const { context, page, errors } = await desktopCustomer(browser, app.url, 'Jun Reyes');
    await page.goto('/profile/add-address');
    await expect.poll(() => page.getByText(/No saved addresses yet/).count()).toBe(1);
    await expectDesktopPage(page);
    // side by side on a wide window: recipient and phone, city and postal code
    const top = async (label: string) => Math.round((await page.getByLabel(label, { exact: true }).boundingBox())!.y);
    expect(await top('Phone number')).toBe(await top('Recipient'));
    expect(await top('Postal code')).toBe(await top('City'));
    await fillAddress(page, { label: 'Home', phone: '0917 555 0102', line1: '21 Mabini Street', city: 'Makati City', postal: '1200' });
    await page.getByRole('button', { name: 'Set location' }).click();
    await page.waitForURL('**/set-location');
    await expectDesktopPage(page);
    expect(await top('Longitude')).toBe(await top('Latitude'));
    await page.getByLabel('Latitude').fill('14.5547');
    await page.getByLabel('Longitude').fill('121.0244');
    await page.getByRole('button', { name: 'Use this location' }).click();
    await page.waitForURL('**/profile/add-address');
    await page.getByRole('button', { name: 'Add address' }).click();
    await expect.poll(() => card(page, 'Home').count()).toBe(1);
    await page.getByRole('button', { name: 'Delete Home' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Home?' });
    await expectCentredDialog(page, dialog);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => card(page, 'Home').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
