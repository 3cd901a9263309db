import { useLingui } from '@lingui/react/macro';
import { MinusIcon, PlusIcon, cx, focusRing } from '../../ui';

const btn = cx(
  'inline-flex size-11 items-center justify-center rounded-full border border-brand-ink text-brand-ink hover:bg-surface disabled:opacity-50',
  focusRing,
);

/** − n +: a cart line's quantity (down to 0, "Remove") or the option sheet's (down to `min` 1). */
export function Stepper({
  name,
  qty,
  onChange,
  max,
  min = 0,
  canAdd = true,
}: {
  name: string;
  qty: number;
  onChange: (qty: number) => void;
  max: number;
  min?: number;
  canAdd?: boolean;
}) {
  const { t } = useLingui();
  return (
    <div role="group" aria-label={t`Quantity of ${name}`} className="flex items-center gap-1">
      <button
        type="button"
        className={btn}
        onClick={() => onChange(qty - 1)}
        disabled={qty <= min}
        aria-label={qty === 1 && !min ? t`Remove ${name}` : t`One less ${name}`}
      >
        <MinusIcon size={18} />
      </button>
      <span className="min-w-6 text-center font-semibold tabular-nums text-ink" aria-live="polite">
        {qty}
      </span>
      <button type="button" className={btn} onClick={() => onChange(qty + 1)} disabled={qty >= max || !canAdd} aria-label={t`One more ${name}`}>
        <PlusIcon size={18} />
      </button>
    </div>
  );
}
