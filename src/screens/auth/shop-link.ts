import { isShopLink } from '#contract/shop-link';

/** An address of the shop's settings the app may link to: the owner's https:// address, else none. */
export const shopLink = (url: string | undefined) => (url && isShopLink(url) ? url : undefined);
