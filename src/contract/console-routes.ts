/**
 * Every page of the merchant console, declared once, as routes.ts declares the customer app's: its path
 * under /merchant, its title, who may open it, whether it takes the whole width, and the container that
 * shows it. The console's router (src/console/pages.tsx), its menu and its overview read this table.
 * Part of the contract: free of React, the browser and Express. Only the console's build imports it.
 */

/**
 * `guest`: a page without the console's frame, for anyone (signing in, the one-time links);
 * `staff`: any signed-in member of the team; `owner`: an owner's page (staff are told it is not theirs;
 * the provider refuses their calls anyway).
 */
export type ConsoleRole = 'guest' | 'staff' | 'owner';

/** Where the console is served; its router's basename. */
export const CONSOLE_BASE = '/merchant';

interface ConsolePageFacts {
  /** the router's path under CONSOLE_BASE */
  path: string;
  /** the page's heading and document title (`<title> · Merchant console`); null: a guest page, which has its own heading */
  title: string | null;
  role: ConsoleRole;
  /** the container module under src/screens/console/ (the file is `<container>.container.tsx`) */
  container: string;
  /** the page needs the whole width (a preview, a board, a chart, a table) */
  wide: boolean;
  /** its entry in the console's menu: `true` for an entry of its own, else the page whose entry it belongs to */
  menu: true | string | null;
}

const guest = (path: string, container: string) =>
  ({ path, title: null, role: 'guest', container, wide: false, menu: null }) as const satisfies ConsolePageFacts;
const page = (path: string, title: string, role: 'staff' | 'owner', container: string, { wide = false } = {}) =>
  ({ path, title, role, container, wide, menu: true }) as const satisfies ConsolePageFacts;
/** A page inside another's menu entry (an order's ticket under Orders). */
const inside = <const M extends string>(menu: M, path: string, title: string, role: 'staff' | 'owner', container: string, { wide = false } = {}) =>
  ({ path, title, role, container, wide, menu }) as const satisfies ConsolePageFacts;

/** The console's pages; the menu lists the pages with an entry of their own, in this order. */
export const CONSOLE_PAGES = {
  signIn: guest('/sign-in', 'auth/sign-in-screen'),
  setup: guest('/setup', 'auth/password-screen'),
  invite: guest('/invite', 'auth/password-screen'),
  reset: guest('/reset', 'auth/password-screen'),
  forgot: guest('/forgot', 'auth/forgot-screen'),
  home: page('/', 'Overview', 'staff', 'overview/overview-screen'),
  account: inside('home', '/account', 'Your account', 'staff', 'staff/account-screen'),
  dashboard: page('/dashboard', 'Dashboard', 'owner', 'dashboard/dashboard-screen', { wide: true }),
  orders: page('/orders', 'Orders', 'staff', 'board/orders-screen', { wide: true }),
  ticket: inside('orders', '/orders/:name/ticket', 'Orders', 'staff', 'board/order-ticket-screen', { wide: true }),
  counter: page('/counter', 'Counter', 'staff', 'counter/counter-screen'),
  customers: page('/customers', 'Customers', 'staff', 'customers/customers-screen', { wide: true }),
  customer: inside('customers', '/customers/:id', 'Customers', 'staff', 'customers/customers-screen', { wide: true }),
  menu: page('/menu', 'Menu', 'owner', 'menu/menu-screen'),
  options: inside('menu', '/menu/options', 'Options', 'owner', 'options/options-screen'),
  rewards: page('/rewards', 'Rewards', 'owner', 'rewards/rewards-screen'),
  loyalty: page('/loyalty', 'Loyalty', 'staff', 'loyalty/loyalty-screen'),
  tiers: inside('loyalty', '/loyalty/tiers', 'Tiers', 'staff', 'loyalty/tiers-screen'),
  referrals: inside('loyalty', '/loyalty/referrals', 'Referrals', 'staff', 'loyalty/referrals-screen'),
  campaigns: page('/campaigns', 'Campaigns', 'staff', 'campaigns/campaigns-screen'),
  offers: page('/offers', 'Offers', 'staff', 'offers/offers-screen'),
  offer: inside('offers', '/offers/:id', 'Offers', 'staff', 'offers/offers-screen'),
  wheel: page('/wheel', 'Wheel', 'owner', 'wheel/wheel-screen', { wide: true }),
  theme: page('/theme', 'Brand', 'owner', 'theme/theme-screen', { wide: true }),
  settings: page('/settings', 'Settings', 'owner', 'settings/settings-screen'),
  locations: page('/locations', 'Locations', 'owner', 'locations/locations-screen'),
  tables: inside('locations', '/locations/tables', 'Tables and QR codes', 'owner', 'locations/tables-screen'),
  staff: page('/staff', 'Staff', 'owner', 'staff/staff-screen'),
  channels: page('/channels', 'Payments and messages', 'owner', 'settings/channels-screen'),
  apiKeys: page('/api-keys', 'API keys', 'owner', 'integrations/api-keys-screen'),
  webhooks: page('/webhooks', 'Webhooks', 'owner', 'integrations/webhooks-screen'),
  webhook: inside('webhooks', '/webhooks/:id', 'Webhooks', 'owner', 'integrations/webhooks-screen'),
  // owners only, at the end of the menu with the shop's other set-up (a staff member's menu stays as it was)
  giftCards: page('/gift-cards', 'Gift cards', 'owner', 'gift-cards/gift-cards-screen'),
  audit: page('/audit', 'Activity', 'owner', 'activity/activity-screen'),
  // staff answer customers' ratings too: last in everyone's menu, so the menus above it stay as they were
  feedback: page('/feedback', 'Feedback', 'staff', 'feedback/feedback-screen'),
  // owners only (issue 51): the tip settings and the tips report, last in the menu so the menus above stay as they were
  tips: page('/tips', 'Tips', 'owner', 'tips/tips-screen'),
  // kitchen display (issue 54): the stations (staff open their screens from it; owners edit them), a station's screen
  stations: page('/stations', 'Stations', 'staff', 'stations/stations-screen'),
  stationDisplay: inside('stations', '/stations/:id/display', 'Station', 'staff', 'stations/station-display-screen', { wide: true }),
} as const satisfies Record<string, ConsolePageFacts>;

export type ConsolePageName = keyof typeof CONSOLE_PAGES;

/** A page with an entry of its own in the console's menu. */
export type ConsolePage = { [N in ConsolePageName]: (typeof CONSOLE_PAGES)[N]['menu'] extends true ? N : never }[ConsolePageName];

/**
 * The whole address of a console page (`/merchant/orders`, `/merchant/orders/KS-1/ticket`): the only way
 * to write one. Each `:param` of its path is filled from `params`.
 */
export function consoleHref(name: ConsolePageName, params: Record<string, string> = {}): string {
  const path = CONSOLE_PAGES[name].path.replace(/:(\w+)/g, (_, param: string) => encodeURIComponent(params[param] ?? ''));
  return path === '/' ? CONSOLE_BASE : CONSOLE_BASE + path;
}

const names = Object.keys(CONSOLE_PAGES) as ConsolePageName[];

/** The menu's entry a page shows as the current one (a ticket shows Orders). null for a guest page. */
export function menuPageOf(name: ConsolePageName): ConsolePage | null {
  const { menu } = CONSOLE_PAGES[name];
  if (menu === null) return null;
  return (menu === true ? name : menu) as ConsolePage;
}

/** The console's menu, in the table's order: each entry's page, label, address, and whether it is an owner's. */
export const CONSOLE_MENU: ReadonlyArray<{ page: ConsolePage; label: string; href: string; owner: boolean }> = names
  .filter((n) => CONSOLE_PAGES[n].menu === true)
  .map((n) => ({ page: n as ConsolePage, label: CONSOLE_PAGES[n].title ?? n, href: consoleHref(n), owner: CONSOLE_PAGES[n].role === 'owner' }));
