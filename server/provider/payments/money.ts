/**
 * Money in notifications and on the hosted payment page: integer minor units → "₱1,234.50".
 * One formatter for the whole product: the app's Money primitive uses the same pure function.
 */
export { formatMoney } from '#contract/money';
