import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSOLE_MENU, CONSOLE_PAGES, consoleHref, menuPageOf, type ConsolePageName } from '#contract/console-routes';

const names = Object.keys(CONSOLE_PAGES) as ConsolePageName[];

describe("the console's page table", () => {
  it('names a container that exists for every page, and each path once', () => {
    for (const name of names) expect(existsSync(`src/screens/console/${CONSOLE_PAGES[name].container}.container.tsx`), name).toBe(true);
    const paths = names.map((n) => CONSOLE_PAGES[n].path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('makes the menu of the pages with an entry of their own, in order, marking the owner’s', () => {
    expect(CONSOLE_MENU.map((m) => `${m.label}${m.owner ? ' (owner)' : ''} ${m.href}`)).toEqual([
      'Overview /merchant',
      'Dashboard (owner) /merchant/dashboard',
      'Orders /merchant/orders',
      'Counter /merchant/counter',
      'Customers /merchant/customers',
      'Menu (owner) /merchant/menu',
      'Rewards (owner) /merchant/rewards',
      'Loyalty /merchant/loyalty',
      'Campaigns /merchant/campaigns',
      'Offers /merchant/offers',
      'Wheel (owner) /merchant/wheel',
      'Brand (owner) /merchant/theme',
      'Settings (owner) /merchant/settings',
      'Locations (owner) /merchant/locations',
      'Staff (owner) /merchant/staff',
      'Payments and messages (owner) /merchant/channels',
      'API keys (owner) /merchant/api-keys',
      'Webhooks (owner) /merchant/webhooks',
      'Gift cards (owner) /merchant/gift-cards',
      'Activity (owner) /merchant/audit',
      'Feedback /merchant/feedback',
      'Tips (owner) /merchant/tips',
      'Stations /merchant/stations',
    ]);
  });

  it('puts every signed-in page under a menu entry, and no guest page', () => {
    const entries = new Set<string>(CONSOLE_MENU.map((m) => m.page));
    for (const name of names) {
      const entry = menuPageOf(name);
      if (CONSOLE_PAGES[name].role === 'guest') expect(entry, name).toBeNull();
      else expect(entries.has(entry!), name).toBe(true);
    }
    expect(menuPageOf('ticket')).toBe('orders');
    expect(menuPageOf('account')).toBe('home');
    expect([menuPageOf('tiers'), menuPageOf('referrals')]).toEqual(['loyalty', 'loyalty']);
    expect(menuPageOf('offer')).toBe('offers');
  });

  it('writes every link with its parameters filled in', () => {
    expect(consoleHref('home')).toBe('/merchant');
    expect(consoleHref('invite')).toBe('/merchant/invite');
    expect(consoleHref('ticket', { name: 'KS-1/2' })).toBe('/merchant/orders/KS-1%2F2/ticket');
    expect(consoleHref('offer', { id: '7' })).toBe('/merchant/offers/7');
  });
});
