/**
 * A reward or its voucher named in a sentence, one way for the app, the console and the provider's
 * notices: a title that is a thing reads as one ("a Free latte voucher", "an Iced latte voucher"); a title
 * that is a discount ("₱50 off your order", "10% off") reads after "voucher for" ("a voucher for ₱50 off
 * your order"), never "a ₱50 off your order voucher". Part of the contract: free of React, the browser
 * and Express.
 */

/** A title that says an amount off rather than a thing: it starts with a number or a currency sign, or says "off". */
const isDiscount = (title: string) => /^[^\p{L}]/u.test(title) || /\boff\b/i.test(title);
const article = (title: string) => (/^[aeiou]/i.test(title) ? 'an' : 'a');
const capital = (words: string, start: boolean) => (start ? words.charAt(0).toUpperCase() + words.slice(1) : words);

/**
 * "a Free latte voucher", "an Iced latte voucher", "a voucher for ₱50 off your order"; `count` above 1:
 * "2 Free latte vouchers", "2 vouchers for ₱50 off your order"; `start`: with a capital, to begin a sentence.
 */
export function voucherWords(title: string, { count = 1, start = false }: { count?: number; start?: boolean } = {}): string {
  const t = title.trim();
  const vouchers = count === 1 ? 'voucher' : 'vouchers';
  const lead = count === 1 ? null : count.toLocaleString('en');
  return capital(isDiscount(t) ? `${lead ?? 'a'} ${vouchers} for ${t}` : `${lead ?? article(t)} ${t} ${vouchers}`, start);
}

/** A reward given: "a Free iced latte", "an Iced latte", "a voucher for ₱50 off your order". */
export function rewardWords(title: string): string {
  const t = title.trim();
  return isDiscount(t) ? voucherWords(t) : `${article(t)} ${t}`;
}
