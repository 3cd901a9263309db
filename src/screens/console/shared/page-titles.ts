import { msg } from '@lingui/core/macro';
import { CONSOLE_PAGES, type ConsolePageName } from '#contract/console-routes';
import { spoken } from './spoken';

/** A page with a title of its own (every page but the guest pages, which have their own headings). */
type TitledPage = { [N in ConsolePageName]: (typeof CONSOLE_PAGES)[N]['title'] extends null ? never : N }[ConsolePageName];

/**
 * Each page's title (its heading, its document title, its menu label) in the language spoken. The English
 * is the contract's (src/contract/console-routes.ts, read as it is by the server and the scripts, which run
 * no macro); these are the same words as messages of the console's catalogue, one per page (the type keeps
 * none out), and tests/unit/console/page-titles.test.ts keeps their English the contract's.
 */
export const PAGE_TITLES = spoken<TitledPage>({
  home: msg`Overview`,
  account: msg`Your account`,
  dashboard: msg`Dashboard`,
  orders: msg`Orders`,
  ticket: msg`Orders`,
  counter: msg`Counter`,
  customers: msg`Customers`,
  customer: msg`Customers`,
  menu: msg`Menu`,
  options: msg`Options`,
  rewards: msg`Rewards`,
  loyalty: msg`Loyalty`,
  tiers: msg`Tiers`,
  referrals: msg`Referrals`,
  campaigns: msg`Campaigns`,
  offers: msg`Offers`,
  offer: msg`Offers`,
  wheel: msg`Wheel`,
  theme: msg`Brand`,
  settings: msg`Settings`,
  locations: msg`Locations`,
  tables: msg`Tables and QR codes`,
  staff: msg`Staff`,
  channels: msg`Payments and messages`,
  apiKeys: msg`API keys`,
  webhooks: msg`Webhooks`,
  webhook: msg`Webhooks`,
  giftCards: msg`Gift cards`,
  audit: msg`Activity`,
  feedback: msg`Feedback`,
  tips: msg`Tips`,
  stations: msg`Stations`,
  stationDisplay: msg`Station`,
});

/** A page's title in the language spoken; '' for a guest page (it has no title of its own). */
export function pageTitle(name: ConsolePageName): string {
  return CONSOLE_PAGES[name].title === null ? '' : PAGE_TITLES[name as TitledPage];
}
