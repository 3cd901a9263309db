/**
 * The pages' titles (the browser tab's, `document.title`) in the language spoken. The English is each
 * route's `title` in the contract (src/contract/routes.ts), which the shell shows as it is; this module
 * has each as a message and is loaded only when another language is spoken (src/app/app.tsx), so the
 * first load (/login) carries none of it. tests/unit/app/route-titles.test.ts keeps the two in step.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '#i18n/i18n';

/** The page shown for a path no route matches. */
export const NOT_FOUND_TITLE = 'Page Not Found';

/** Each English title, as a message to translate. */
export const TITLE_MESSAGES: Record<string, MessageDescriptor> = {
  Login: msg`Login`,
  Register: msg`Register`,
  Home: msg`Home`,
  Shop: msg`Shop`,
  Redeem: msg`Redeem`,
  Rewards: msg`Rewards`,
  'Order History': msg`Order History`,
  'Order Details': msg`Order Details`,
  Profile: msg`Profile`,
  Wallet: msg`Wallet`,
  Points: msg`Points`,
  Notifications: msg`Notifications`,
  'Change Email': msg`Change Email`,
  'Add Address': msg`Add Address`,
  Delivery: msg`Delivery`,
  'Set Location': msg`Set Location`,
  'Add New Address': msg`Add New Address`,
  'Order Confirmation': msg`Order Confirmation`,
  'Payment Success': msg`Payment Success`,
  'Payment Failed': msg`Payment Failed`,
  'Top Up Success': msg`Top Up Success`,
  'Top Up Failed': msg`Top Up Failed`,
  'Spin and Win': msg`Spin and Win`,
  Offers: msg`Offers`,
  'Gift Card': msg`Gift Card`,
  'Gift Cards': msg`Gift Cards`,
  Receipt: msg`Receipt`,
  Table: msg`Table`,
  [NOT_FOUND_TITLE]: msg`Page Not Found`,
};

/** A page's English title in the language spoken (the English itself for a title without a message). */
export function translatedTitle(english: string): string {
  const message = TITLE_MESSAGES[english];
  return message ? i18n._(message) : english;
}
