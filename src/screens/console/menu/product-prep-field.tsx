import { t as say } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { PREP_MINUTES_MAX } from '#contract/menu';
import { TextField } from '../../../ui';

/** What the field says when the typed time is not one (the contract's own check says the same). */
export function prepProblem(): string {
  const most = PREP_MINUTES_MAX;
  return say`must be a whole number of minutes from 0 to ${most}`;
}

/** A product's preparation time as the field shows it (empty: the location's). */
export const prepText = (minutes: number | null): string => (minutes === null ? '' : String(minutes));

/** The typed preparation time: minutes, null when empty (the location's), undefined when it is not a whole number from 0 to 240. */
export function prepMinutesOf(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  const n = /^\d+$/.test(t) ? Number(t) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= PREP_MINUTES_MAX ? n : undefined;
}

/** "Preparation time": how long a product takes to make (issue 54); empty, the location's time. */
export function ProductPrepField({ value, onChange, error }: { value: string; onChange: (text: string) => void; error?: string }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Preparation time in minutes (optional)`}
      inputMode="numeric"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={t`How long it takes to make. Leave it empty to use the location's time. A pickup order's first time waits for its slowest item.`}
      error={error}
    />
  );
}
