import { cx } from '../lib/cx';
import { formatMoney } from '#contract/money';

export interface MoneyProps {
  /** Integer amount in minor units (cents; rupiah have none). */
  amount: number;
  /** ISO 4217 code, e.g. "IDR". */
  currency: string;
  /** BCP 47 locale, e.g. "id-ID". */
  locale: string;
  className?: string;
}

export function Money({ amount, currency, locale, className }: MoneyProps) {
  return <span className={cx('tabular-nums', className)}>{formatMoney(amount, currency, locale)}</span>;
}
