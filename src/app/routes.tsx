import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PathName } from './paths';

/**
 * Each route's page: a container, code-split so a route loads only its own code. The path of each
 * route lives in paths.ts; this maps its name to the container that renders it.
 */
type Page = LazyExoticComponent<ComponentType>;

export const PAGES: Record<PathName, Page> = {
  login: lazy(() => import('../screens/auth/login-screen.container')),
  alterLogin: lazy(() => import('../screens/auth/alter-login-screen.container')),
  register: lazy(() => import('../screens/auth/register-screen.container')),
  registerOtp: lazy(() => import('../screens/auth/register-otp-screen.container')),
  registerName: lazy(() => import('../screens/auth/register-name-screen.container')),
  otp: lazy(() => import('../screens/auth/otp-screen.container')),
  home: lazy(() => import('../screens/home/home-screen.container')),
  shop: lazy(() => import('../screens/shop/shop-screen.container')),
  rewardRedeem: lazy(() => import('../screens/rewards/reward-redeem-screen.container')),
  rewardStorage: lazy(() => import('../screens/rewards/reward-storage-screen.container')),
  orderHome: lazy(() => import('../screens/orders/order-history-screen.container')),
  order: lazy(() => import('../screens/orders/order-detail-screen.container')),
  profileHome: lazy(() => import('../screens/profile/profile-home-screen.container')),
  profileWallet: lazy(() => import('../screens/wallet/wallet-screen.container')),
  profilePoint: lazy(() => import('../screens/profile/points-screen.container')),
  profileNotification: lazy(() => import('../screens/profile/notifications-screen.container')),
  profileChangeEmail: lazy(() => import('../screens/profile/change-email-screen.container')),
  profileAddAddress: lazy(() => import('../screens/addresses/add-address-screen.container')),
  delivery: lazy(() => import('../screens/orders/delivery-screen.container')),
  setLocation: lazy(() => import('../screens/addresses/set-location-screen.container')),
  addNewAddress: lazy(() => import('../screens/addresses/add-new-address-screen.container')),
  orderConfirmation: lazy(() => import('../screens/orders/order-confirmation-screen.container')),
  paymentSuccess: lazy(() => import('../screens/orders/payment-success-screen.container')),
  paymentFail: lazy(() => import('../screens/orders/payment-fail-screen.container')),
  topUpSuccess: lazy(() => import('../screens/payments/top-up-success-screen.container')),
  topUpSuccessOrder: lazy(() => import('../screens/payments/top-up-success-screen.container')),
  topUpFail: lazy(() => import('../screens/payments/top-up-fail-screen.container')),
  spin: lazy(() => import('../screens/spin/spin-screen.container')),
};

export const NotFoundPage = lazy(() => import('../screens/misc/not-found-screen.container'));
