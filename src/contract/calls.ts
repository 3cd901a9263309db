/**
 * Every call of API v2 this product declares, zod-free: each area's declarations (`<area>.calls.ts`)
 * in one list, for those that need them all at once: the gateway (whose session a call carries, which
 * calls sign in or out) and the tests. The app's chunks never import this (each imports its areas').
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import type { Call } from './api';
import { addressesApi } from './addresses.calls';
import { authApi } from './auth.calls';
import { backupsApi } from './backups.calls';
import { boardApi } from './board.calls';
import { channelsApi } from './channels.calls';
import { counterApi, counterMachineApi } from './counter.calls';
import { customersApi, customersConsoleApi } from './customers.calls';
import { dashboardApi } from './dashboard.calls';
import { locationsApi, locationsConsoleApi } from './locations.calls';
import { loyaltyConsoleApi } from './loyalty.calls';
import { mediaApi } from './media.calls';
import { membersApi } from './members.calls';
import { menuApi, menuMachineApi } from './menu.calls';
import { notificationsApi } from './notifications.calls';
import { feedbackApi, feedbackConsoleApi } from './feedback.calls';
import { receiptsApi } from './receipts.calls';
import { tablesApi, tablesConsoleApi } from './tables.calls';
import { tipsApi } from './tips.calls';
import { stationsApi } from './stations.calls';
import { giftCardsApi, giftCardsConsoleApi } from './gift-cards.calls';
import { giftCardsPhysicalApi } from './gift-cards-physical.calls';
import { offersApi, offersConsoleApi } from './offers.calls';
import { apiKeysConsoleApi } from './api-keys.calls';
import { optionsApi } from './options.calls';
import { ordersApi, ordersConsoleApi } from './orders.calls';
import { passesApi } from './passes.calls';
import { paymentsApi } from './payments.calls';
import { pointsApi } from './points.calls';
import { privacyApi, privacyConsoleApi } from './privacy.calls';
import { pushApi } from './push.calls';
import { rewardsApi, rewardsEditorApi } from './rewards.calls';
import { referralsApi, referralsConsoleApi } from './referrals.calls';
import { previewCall, settingsApi } from './settings.calls';
import { shopSettingsApi } from './shop-settings.calls';
import { shopApi } from './shop.calls';
import { staffApi } from './staff.calls';
import { stampsApi, stampsConsoleApi } from './stamps.calls';
import { themeApi } from './theme.calls';
import { tiersApi, tiersConsoleApi } from './tiers.calls';
import { campaignsApi, campaignsConsoleApi } from './campaigns.calls';
import { walletApi } from './wallet.calls';
import { savedCardApi } from './saved-card.calls';
import { wheelApi, wheelEditorApi } from './wheel.calls';
import { webhooksApi } from './webhooks.calls';

const areas = [
  addressesApi,
  authApi,
  backupsApi,
  boardApi,
  channelsApi,
  counterApi,
  customersApi,
  customersConsoleApi,
  privacyApi,
  privacyConsoleApi,
  dashboardApi,
  locationsApi,
  locationsConsoleApi,
  loyaltyConsoleApi,
  mediaApi,
  membersApi,
  menuApi,
  menuMachineApi,
  counterMachineApi,
  notificationsApi,
  offersApi,
  offersConsoleApi,
  giftCardsApi,
  giftCardsConsoleApi,
  giftCardsPhysicalApi,
  feedbackApi,
  feedbackConsoleApi,
  receiptsApi,
  tipsApi,
  stationsApi,
  tablesApi,
  tablesConsoleApi,
  apiKeysConsoleApi,
  optionsApi,
  ordersApi,
  ordersConsoleApi,
  passesApi,
  paymentsApi,
  pointsApi,
  pushApi,
  referralsApi,
  referralsConsoleApi,
  rewardsApi,
  rewardsEditorApi,
  settingsApi,
  shopSettingsApi,
  { previewCall },
  shopApi,
  staffApi,
  stampsApi,
  stampsConsoleApi,
  themeApi,
  tiersApi,
  tiersConsoleApi,
  campaignsApi,
  campaignsConsoleApi,
  walletApi,
  savedCardApi,
  wheelApi,
  wheelEditorApi,
  webhooksApi,
] satisfies Record<string, Call<unknown, unknown>>[];

/** Every declared call once (a call two areas name, such as settings/preview, counted once). */
export const ALL_CALLS: readonly Call<unknown, unknown>[] = [...new Set(areas.flatMap((a) => Object.values(a) as Call<unknown, unknown>[]))];
