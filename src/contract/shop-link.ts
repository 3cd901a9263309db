/**
 * The links to the shop's privacy notice and terms (shop settings), in a module of their own: the sign-in
 * page checks them without loading the rest of the light rules (checks.ts re-exports them).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */

/** The longest link to the shop's privacy notice or terms. */
export const SHOP_LINK_MAX = 300;
export const SHOP_LINK_MESSAGE = 'must be an https:// address, such as https://example.com/privacy';

/**
 * Whether `url` is a link the app may open for customers: an absolute https:// address with a host, no
 * user name or password, nothing a page could misread (spaces, quotes, angle brackets). Never another
 * scheme (javascript:, data:, http:): the sign-up page opens it. The customer app checks it again.
 */
export function isShopLink(url: string): boolean {
  if (url.length > SHOP_LINK_MAX || !/^https:\/\/[^\s"'<>\\/]+(\/[^\s"'<>\\]*)?$/i.test(url) || !URL.canParse(url)) return false;
  const u = new URL(url);
  return u.protocol === 'https:' && u.hostname !== '' && !u.username && !u.password;
}
