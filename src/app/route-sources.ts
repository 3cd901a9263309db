import type { PathName } from './paths';

/**
 * The container module of each route, under src/screens/ (the file is `<source>.container.tsx`).
 * routes.tsx loads each page from here; the gateway reads it too, with the build's manifest, to tell
 * the browser which code the requested page needs before the app's own code has run.
 */
export const ROUTE_SOURCES: Record<PathName, string> = {
  login: 'auth/login-screen',
  alterLogin: 'auth/alter-login-screen',
  register: 'auth/register-screen',
  registerOtp: 'auth/register-otp-screen',
  registerName: 'auth/register-name-screen',
  otp: 'auth/otp-screen',
  home: 'home/home-screen',
  shop: 'shop/shop-screen',
  rewardRedeem: 'rewards/reward-redeem-screen',
  rewardStorage: 'rewards/reward-storage-screen',
  orderHome: 'orders/order-history-screen',
  order: 'orders/order-detail-screen',
  profileHome: 'profile/profile-home-screen',
  profileWallet: 'wallet/wallet-screen',
  profilePoint: 'profile/points-screen',
  profileNotification: 'profile/notifications-screen',
  profileChangeEmail: 'profile/change-email-screen',
  profileAddAddress: 'addresses/add-address-screen',
  delivery: 'orders/delivery-screen',
  setLocation: 'addresses/set-location-screen',
  addNewAddress: 'addresses/add-new-address-screen',
  orderConfirmation: 'orders/order-confirmation-screen',
  paymentSuccess: 'orders/payment-success-screen',
  paymentFail: 'orders/payment-fail-screen',
  topUpSuccess: 'payments/top-up-success-screen',
  topUpSuccessOrder: 'payments/top-up-success-screen',
  topUpFail: 'payments/top-up-fail-screen',
  spin: 'spin/spin-screen',
};

/** The page shown for a path no route matches. */
export const NOT_FOUND_SOURCE = 'misc/not-found-screen';

/** The container's path from the project root, as Vite's manifest names it. */
export const containerFile = (source: string) => `src/screens/${source}.container.tsx`;
