/**
 * Every route of the customer app, declared once (SPEC.md section 2, CONTRACT.md section 5): its path,
 * its title, who may see it, and the container that shows it. The app's router and guards, the gateway's
 * page preloads and the provider's links in notifications and payment pages all read this table, so
 * nothing else writes an app URL by hand. Part of the contract: free of React, the browser and Express.
 */

/**
 * `guest`: a sign-in page (a signed-in customer is sent to /home); `customer`: a guest is sent to /;
 * `anyone`: opens signed in or out (a receipt's signed link).
 */
export type RouteGuard = 'guest' | 'customer' | 'anyone';

interface RouteFacts {
  path: string;
  /** the section label of the document title `<company> - <title>` */
  title: string;
  guard: RouteGuard;
  /** the container module under src/screens/ (the file is `<source>.container.tsx`) */
  source: string;
}

const route = (path: string, title: string, source: string, guard: RouteGuard = 'customer'): RouteFacts => ({ path, title, guard, source });

export const ROUTES = {
  login: route('/login', 'Login', 'auth/login-screen', 'guest'),
  alterLogin: route('/', 'Login', 'auth/alter-login-screen', 'guest'),
  register: route('/register', 'Register', 'auth/register-screen', 'guest'),
  registerOtp: route('/register-otp', 'Register', 'auth/register-otp-screen', 'guest'),
  registerName: route('/register-name', 'Register', 'auth/register-name-screen', 'guest'),
  otp: route('/otp', 'Login', 'auth/otp-screen', 'guest'),
  home: route('/home', 'Home', 'home/home-screen'),
  shop: route('/shop', 'Shop', 'shop/shop-screen'),
  rewardRedeem: route('/reward/redeem/:name', 'Redeem', 'rewards/reward-redeem-screen'),
  rewardStorage: route('/reward/storage/:name', 'Rewards', 'rewards/reward-storage-screen'),
  orderHome: route('/order/home', 'Order History', 'orders/order-history-screen'),
  order: route('/order/:name', 'Order Details', 'orders/order-detail-screen'),
  profileHome: route('/profile/home', 'Profile', 'profile/profile-home-screen'),
  profileWallet: route('/profile/wallet', 'Wallet', 'wallet/wallet-screen'),
  profilePoint: route('/profile/point', 'Points', 'profile/points-screen'),
  profileNotification: route('/profile/notification', 'Notifications', 'profile/notifications-screen'),
  profileChangeEmail: route('/profile/change-email', 'Change Email', 'profile/change-email-screen'),
  profileAddAddress: route('/profile/add-address', 'Add Address', 'addresses/add-address-screen'),
  delivery: route('/delivery', 'Delivery', 'orders/delivery-screen'),
  setLocation: route('/set-location', 'Set Location', 'addresses/set-location-screen'),
  addNewAddress: route('/add-new-address', 'Add New Address', 'addresses/add-new-address-screen'),
  orderConfirmation: route('/order-confirmation', 'Order Confirmation', 'orders/order-confirmation-screen'),
  paymentSuccess: route('/payment-success', 'Payment Success', 'orders/payment-success-screen'),
  paymentFail: route('/payment-fail', 'Payment Failed', 'orders/payment-fail-screen'),
  topUpSuccess: route('/top-up-success', 'Top Up Success', 'payments/top-up-success-screen'),
  topUpSuccessOrder: route('/top-up-success/order', 'Top Up Success', 'payments/top-up-success-screen'),
  topUpFail: route('/top-up-fail', 'Top Up Failed', 'payments/top-up-fail-screen'),
  spin: route('/spin', 'Spin and Win', 'spin/spin-screen'),
  offers: route('/offers', 'Offers', 'offers/offers-screen'),
  /** a gift card opened from its link (issue 49): `:name` is its number */
  giftCard: route('/gift/:name', 'Gift Card', 'gift-cards/gift-card-screen'),
  /** buy an eGift for someone, and follow the ones sent (issue 49) */
  giftCards: route('/gift-cards', 'Gift Cards', 'gift-cards/gift-card-buy-screen'),
  /** an order's receipt by its signed link (issue 51): `:token` is the link's token; no sign-in needed */
  receipt: route('/receipt/:token', 'Receipt', 'receipts/receipt-screen', 'anyone'),
  /** a table's QR code: `:code` is its signed code; opens the menu at that table, signed in or as a guest (signed out: the choice) */
  table: route('/t/:code', 'Table', 'shop/table-screen', 'anyone'),
} as const satisfies Record<string, RouteFacts>;

export type PathName = keyof typeof ROUTES;

const names = Object.keys(ROUTES) as PathName[];
const pick = <K extends keyof RouteFacts>(key: K) => Object.fromEntries(names.map((n) => [n, ROUTES[n][key]])) as { [N in PathName]: (typeof ROUTES)[N][K] };

/** Each route's path pattern (`/order/:name`), for the router. */
export const paths = pick('path');
/** Each route's section label. */
export const TITLES: Record<PathName, string> = pick('title');
/** Each route's container module under src/screens/. */
export const ROUTE_SOURCES: Record<PathName, string> = pick('source');

/** The page shown for a path no route matches. */
export const NOT_FOUND_SOURCE = 'misc/not-found-screen';
/** The container's path from the project root, as Vite's manifest names it. */
export const containerFile = (source: string) => `src/screens/${source}.container.tsx`;

/** Links with parameters: the only way to write one. */
export const to = {
  rewardRedeem: (name: string) => `/reward/redeem/${encodeURIComponent(name)}`,
  rewardStorage: (tab: 'active' | 'used' | 'expired' = 'active') => `/reward/storage/${tab}`,
  /** My rewards with one voucher's sheet open (its QR code for the counter): a notification's link */
  voucher: (id: number, tab: 'active' | 'used' | 'expired' = 'active') => `/reward/storage/${tab}?voucher=${id}`,
  order: (name: string) => `/order/${encodeURIComponent(name)}`,
  alterLogin: (id?: string | null) => (id ? `/?id=${encodeURIComponent(id)}` : '/'),
  topUpSuccess: (topupId: string, fromOrder = false) => `${fromOrder ? paths.topUpSuccessOrder : paths.topUpSuccess}?topup_id=${encodeURIComponent(topupId)}`,
  topUpFail: (topupId: string) => `${paths.topUpFail}?topup_id=${encodeURIComponent(topupId)}`,
  paymentSuccess: (order: string) => `${paths.paymentSuccess}?order=${encodeURIComponent(order)}`,
  paymentFail: (order: string) => `${paths.paymentFail}?order=${encodeURIComponent(order)}`,
  /** a gift card's page (the link its recipient gets): `{name}` is its number */
  giftCard: (number: string) => paths.giftCard.replace(':name', encodeURIComponent(number)),
  /** an order's receipt page by its signed token (the receipt e-mail's and text's link) */
  receipt: (token: string) => paths.receipt.replace(':token', encodeURIComponent(token)),
};

/**
 * Short addresses people type or guess (issue 46: `/rewards` and `/profile` were 404s), each sent on to
 * the page it names. Matched exactly (a trailing slash ignored), case-sensitive like the routes.
 */
const SHORTCUTS: Readonly<Record<string, string>> = {
  '/rewards': to.rewardStorage('active'),
  '/reward': to.rewardStorage('active'),
  '/reward/storage': to.rewardStorage('active'),
  '/vouchers': to.rewardStorage('active'),
  '/profile': paths.profileHome,
  '/orders': paths.orderHome,
  '/order': paths.orderHome,
  '/wallet': paths.profileWallet,
  '/points': paths.profilePoint,
  '/notifications': paths.profileNotification,
  '/offer': paths.offers,
  '/promos': paths.offers,
  '/promo': paths.offers,
  '/gift': paths.giftCards,
  '/gifts': paths.giftCards,
};

/** The page a short address leads to, or null when it is not one (a real page or an unknown path). */
export function shortcutRedirect(pathname: string): string | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.hasOwn(SHORTCUTS, trimmed) ? SHORTCUTS[trimmed]! : null;
}

/** Pages a signed-in customer is sent away from (to /home); the only pages a guest may see. */
export const SIGNED_OUT_ONLY: readonly string[] = names.filter((n) => ROUTES[n].guard === 'guest').map((n) => ROUTES[n].path);

// Literal patterns before parameterised ones, so /order/home is not taken for an order named "home".
const PATTERNS = names
  .map((name) => ({ name, segments: ROUTES[name].path.split('/').filter(Boolean) }))
  .sort((a, b) => Number(a.segments.some((s) => s.startsWith(':'))) - Number(b.segments.some((s) => s.startsWith(':'))));

/**
 * The route a path shows, matched like the app's router: exact segments, a `:param` is one non-empty
 * segment, a trailing slash is ignored. null for an unknown path. The guards, the titles and the
 * gateway's page preloads all use this one matcher.
 */
export function matchRoute(pathname: string): PathName | null {
  const parts = pathname.split('/').filter(Boolean);
  for (const { name, segments } of PATTERNS) {
    if (segments.length !== parts.length) continue;
    if (segments.every((s, i) => (s.startsWith(':') ? parts[i] !== undefined && safeDecode(parts[i]!) !== null : s === parts[i]))) return name;
  }
  return null;
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The pages a guest at a table (auth/guest: a first name, no account) may see besides the sign-in pages:
 * the menu, the checkout, its orders and the payment's way back. Any other page leads to sign-in.
 */
export const TABLE_GUEST_PAGES: readonly PathName[] = ['shop', 'orderConfirmation', 'order', 'orderHome', 'paymentSuccess', 'paymentFail'];

/**
 * SPEC section 2: a signed-in customer on a sign-in page goes to /home; a guest anywhere but the
 * sign-in pages goes to / and keeps the `id` parameter when there is one. Returns where to go, or null.
 * `tableGuest`: signed out but ordering at a table as a guest, who may also see TABLE_GUEST_PAGES.
 */
export function guardRedirect(pathname: string, search: string, signedIn: boolean, tableGuest = false): string | null {
  const name = matchRoute(pathname);
  const guestPage = name !== null && ROUTES[name].guard === 'guest';
  if (signedIn) return guestPage ? paths.home : null;
  if (guestPage || (name !== null && ROUTES[name].guard === 'anyone')) return null;
  if (tableGuest && name !== null && TABLE_GUEST_PAGES.includes(name)) return null;
  return to.alterLogin(new URLSearchParams(search).get('id'));
}

export function documentTitle(company: string | undefined, label: string): string {
  return company ? `${company} - ${label}` : label;
}
