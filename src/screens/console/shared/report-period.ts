import { useState } from 'react';
import { shopDay, type PeriodProps } from './period-fields';

/**
 * A report's period (the gift card and tips reports): the shop's last `days` days, today included, until
 * another is chosen. Spreads as PeriodFields' props.
 */
export function useReportPeriod(timeZone: string | undefined, days: number): PeriodProps {
  const [period, setPeriod] = useState(() => ({ from: shopDay(timeZone, days - 1), to: shopDay(timeZone) }));
  return { ...period, onPeriodChange: (from, to) => setPeriod({ from, to }) };
}
