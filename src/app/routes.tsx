import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PathName } from './paths';

/**
 * Each route's page: a container, code-split so a route loads only its own code. The path of each
 * route lives in paths.ts; this maps its name to the container that renders it.
 */
type Page = LazyExoticComponent<ComponentType>;
type Loader = () => Promise<{ default: ComponentType }>;

const LOADERS: Record<PathName, Loader> = {
  login: () => import('../screens/auth/login-screen.container'),
  alterLogin: () => import('../screens/auth/alter-login-screen.container'),
  register: () => import('../screens/auth/register-screen.container'),
  registerOtp: () => import('../screens/auth/register-otp-screen.container'),
  registerName: () => import('../screens/auth/register-name-screen.container'),
  otp: () => import('../screens/auth/otp-screen.container'),
  home: () => import('../screens/home/home-screen.container'),
  shop: () => import('../screens/shop/shop-screen.container'),
  rewardRedeem: () => import('../screens/rewards/reward-redeem-screen.container'),
  rewardStorage: () => import('../screens/rewards/reward-storage-screen.container'),
  orderHome: () => import('../screens/orders/order-history-screen.container'),
  order: () => import('../screens/orders/order-detail-screen.container'),
  profileHome: () => import('../screens/profile/profile-home-screen.container'),
  profileWallet: () => import('../screens/wallet/wallet-screen.container'),
  profilePoint: () => import('../screens/profile/points-screen.container'),
  profileNotification: () => import('../screens/profile/notifications-screen.container'),
  profileChangeEmail: () => import('../screens/profile/change-email-screen.container'),
  profileAddAddress: () => import('../screens/addresses/add-address-screen.container'),
  delivery: () => import('../screens/orders/delivery-screen.container'),
  setLocation: () => import('../screens/addresses/set-location-screen.container'),
  addNewAddress: () => import('../screens/addresses/add-new-address-screen.container'),
  orderConfirmation: () => import('../screens/orders/order-confirmation-screen.container'),
  paymentSuccess: () => import('../screens/orders/payment-success-screen.container'),
  paymentFail: () => import('../screens/orders/payment-fail-screen.container'),
  topUpSuccess: () => import('../screens/payments/top-up-success-screen.container'),
  topUpSuccessOrder: () => import('../screens/payments/top-up-success-screen.container'),
  topUpFail: () => import('../screens/payments/top-up-fail-screen.container'),
  spin: () => import('../screens/spin/spin-screen.container'),
};

export const PAGES = Object.fromEntries(Object.entries(LOADERS).map(([name, load]) => [name, lazy(load)])) as Record<PathName, Page>;

export const NotFoundPage = lazy(() => import('../screens/misc/not-found-screen.container'));

/** Starts loading the first page's code at once, alongside the settings, instead of after the shell renders. */
export function preloadRoute(name: PathName | null): void {
  if (name) void LOADERS[name]().catch(() => {});
}
