import { useLingui } from '../../i18n/use-lingui';
import { plural } from '@lingui/core/macro';
import { StarIcon } from '../icon/icon';
import { cx } from '../lib/cx';
import { numberFormat } from '#contract/intl';

export interface PointsProps {
  value: number;
  locale: string;
  /** Unit after the number; "points" by default ("1 point" for one). */
  unit?: string;
  showIcon?: boolean;
  /** Show a leading + or − (for history rows). */
  signed?: boolean;
  className?: string;
}

export function formatPoints(value: number, locale: string, signed = false): string {
  return numberFormat(locale, { signDisplay: signed ? 'exceptZero' : 'auto' }).format(value);
}

export function Points({ value, locale, unit, showIcon = false, signed = false, className }: PointsProps) {
  useLingui(); // the words again when the language changes
  const n = formatPoints(value, locale, signed);
  const count = Math.abs(value);
  return (
    <span className={cx('inline-flex items-center gap-1 tabular-nums', className)}>
      {showIcon && <StarIcon size={16} />}
      <span>{unit === undefined ? plural(count, { one: `${n} point`, other: `${n} points` }) : `${n} ${unit}`}</span>
    </span>
  );
}
