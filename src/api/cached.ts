/**
 * What the app keeps of the API's answers (SWR's cache), named by the API path each came from. A
 * mutation says which of these it changes (src/api/mutation.ts); naming a path means every cached
 * answer of it, whatever its query: all pages, all tabs, and the lists loaded page by page.
 */
export const cached = {
  settings: 'settings/main-setting',
  /** not an API path: the gateway's /app-config.json */
  appConfig: 'app-config',
  profile: 'customer/profile',
  addresses: 'address/list',
  catalog: 'shop/catalog',
  notifications: 'notification/list',
  orders: 'order/list',
  order: 'order/detail',
  quote: 'order/quote',
  pointHistory: 'point/history',
  rewards: 'reward/list',
  vouchers: 'reward/storage',
  voucherCode: 'reward/voucher/code',
  walletBalance: 'wallet/balance',
  walletHistory: 'wallet/history',
  topupStatus: 'wallet/topup/status',
  wheel: 'wheel/config',
  // the merchant console's
  staffMe: 'merchant/me',
  staffSession: 'merchant/auth/session',
  staffInvites: 'merchant/staff/invites',
  staffList: 'merchant/staff',
  audit: 'merchant/audit',
  themeDraft: 'merchant/theme/draft',
  themeVersions: 'merchant/theme/versions',
  counterRecent: 'merchant/counter/recent',
  board: 'merchant/orders/board',
  boardOrder: 'merchant/orders/detail',
  menuEditor: 'merchant/menu',
  rewardsEditor: 'merchant/rewards',
  wheelEditor: 'merchant/wheel',
  customers: 'merchant/customers',
  customerDetail: 'merchant/customers/detail',
  dashboard: 'merchant/dashboard',
} as const;

export type Cached = (typeof cached)[keyof typeof cached];

/**
 * Where each kind of change to the customer's account shows. Every one of them brings the customer a
 * notification, so each names the notification list too (its first page is the unread count on the
 * home and profile pages): the lists cannot disagree about it.
 */
export const shows = {
  /** The wallet: its balance, its history, and the balance on the profile. */
  money: [cached.walletBalance, cached.walletHistory, cached.profile, cached.notifications],
  /** Points: the profile's balance, the points history, and the wheel (a paid spin costs points). */
  points: [cached.profile, cached.pointHistory, cached.wheel, cached.notifications],
  /** Vouchers: the customer's voucher tabs and the rewards (their stock). */
  vouchers: [cached.vouchers, cached.rewards, cached.notifications],
  /** Orders: the order list (the home page shows the latest). */
  orders: [cached.orders, cached.notifications],
} as const satisfies Record<string, readonly Cached[]>;
