import { useId } from 'react';
import { cx, focusRing } from '../../ui';

/** One setting that is on or off, as a list item: its name, a line on what it does, and a switch named after it. */
export function SwitchRow({
  label,
  hint,
  on,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  on: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const hintId = useId();
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <span className="flex flex-col">
        <span className="font-medium">{label}</span>
        <span id={hintId} className="text-sm text-muted">
          {hint}
        </span>
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={label}
        aria-describedby={hintId}
        disabled={disabled}
        onClick={() => onChange(!on)}
        className={cx('inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg disabled:opacity-70', focusRing)}
      >
        <span
          aria-hidden="true"
          className={cx('relative h-7 w-12 rounded-full border-2 transition-colors', on ? 'border-brand bg-brand' : 'border-border bg-surface')}
        >
          <span className={cx('absolute top-0.5 size-5 rounded-full bg-surface-raised shadow transition-all', on ? 'left-6' : 'left-0.5')} />
        </span>
      </button>
    </li>
  );
}
