/**
 * Every route of the app, declared once (SPEC.md section 2 and CONTRACT.md section 5).
 * Nothing else builds an app URL by hand: use these patterns and builders.
 */
export const paths = {
  login: '/login',
  alterLogin: '/',
  register: '/register',
  registerOtp: '/register-otp',
  registerName: '/register-name',
  otp: '/otp',
  home: '/home',
  shop: '/shop',
  rewardRedeem: '/reward/redeem/:name',
  rewardStorage: '/reward/storage/:name',
  orderHome: '/order/home',
  order: '/order/:name',
  profileHome: '/profile/home',
  profileWallet: '/profile/wallet',
  profilePoint: '/profile/point',
  profileNotification: '/profile/notification',
  profileChangeEmail: '/profile/change-email',
  profileAddAddress: '/profile/add-address',
  delivery: '/delivery',
  setLocation: '/set-location',
  addNewAddress: '/add-new-address',
  orderConfirmation: '/order-confirmation',
  paymentSuccess: '/payment-success',
  paymentFail: '/payment-fail',
  topUpSuccess: '/top-up-success',
  topUpSuccessOrder: '/top-up-success/order',
  topUpFail: '/top-up-fail',
  spin: '/spin',
} as const;

export type PathName = keyof typeof paths;

export const to = {
  rewardRedeem: (name: string) => `/reward/redeem/${encodeURIComponent(name)}`,
  rewardStorage: (tab: 'active' | 'used' | 'expired' = 'active') => `/reward/storage/${tab}`,
  order: (name: string) => `/order/${encodeURIComponent(name)}`,
  alterLogin: (id?: string | null) => (id ? `/?id=${encodeURIComponent(id)}` : '/'),
};

/** Pages a signed-in customer is sent away from (to /home). */
export const SIGNED_OUT_ONLY: readonly string[] = [paths.login, paths.alterLogin, paths.register, paths.registerOtp, paths.registerName, paths.otp];

/** Pages a guest may see: login, register, otp and alter-login. Any other path sends a guest to /. */
export const GUEST_PATHS: readonly string[] = SIGNED_OUT_ONLY;

/** The section label of each route, for the document title `<company> - <label>`. */
export const TITLES: Record<PathName, string> = {
  login: 'Login',
  alterLogin: 'Login',
  register: 'Register',
  registerOtp: 'Register',
  registerName: 'Register',
  otp: 'Login',
  home: 'Home',
  shop: 'Shop',
  rewardRedeem: 'Redeem',
  rewardStorage: 'Rewards',
  orderHome: 'Order History',
  order: 'Order Details',
  profileHome: 'Profile',
  profileWallet: 'Wallet',
  profilePoint: 'Points',
  profileNotification: 'Notifications',
  profileChangeEmail: 'Change Email',
  profileAddAddress: 'Add Address',
  delivery: 'Delivery',
  setLocation: 'Set Location',
  addNewAddress: 'Add New Address',
  orderConfirmation: 'Order Confirmation',
  paymentSuccess: 'Payment Success',
  paymentFail: 'Payment Failed',
  topUpSuccess: 'Top Up Success',
  topUpSuccessOrder: 'Top Up Success',
  topUpFail: 'Top Up Failed',
  spin: 'Spin and Win',
};

export function documentTitle(company: string | undefined, label: string): string {
  return company ? `${company} - ${label}` : label;
}
