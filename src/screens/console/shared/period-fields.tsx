import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, TextField } from '../../../ui';
import { dateTimeFormat } from '#contract/intl';

/** What a report's period is: the shop's days `from` to `to`, both included ('YYYY-MM-DD'). */
export interface PeriodProps {
  from: string;
  to: string;
  onPeriodChange: (from: string, to: string) => void;
}

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** A day `days` before today in the shop's time zone, `YYYY-MM-DD`: a report's first period. */
export const shopDay = (timeZone: string | undefined, days = 0) =>
  dateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(
    new Date(Date.now() - days * 86_400_000),
  );

/** A report's period as typed (the gift card and tips reports), shown once both are days in order. */
export function PeriodFields({ from, to, onPeriodChange }: PeriodProps) {
  const { t } = useLingui();
  const [start, setStart] = useState(from);
  const [end, setEnd] = useState(to);
  const ok = isDay(start) && isDay(end) && start <= end;
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) onPeriodChange(start, end);
      }}
    >
      <TextField label={t`From`} type="date" value={start} max={end} onChange={(e) => setStart(e.target.value)} />
      <TextField
        label={t`To`}
        type="date"
        value={end}
        min={start}
        onChange={(e) => setEnd(e.target.value)}
        error={ok || !start || !end ? undefined : t`The end must be on or after the start.`}
      />
      <Button type="submit" variant="secondary" disabled={!ok}>
        <Trans>Show</Trans>
      </Button>
    </form>
  );
}
