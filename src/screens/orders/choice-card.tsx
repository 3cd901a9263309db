import type { ReactNode } from 'react';
import { cx } from '../../ui';

/**
 * A radio button drawn as a card: the whole card is the label, the native radio keeps keyboard
 * (arrow keys within the group) and screen-reader behaviour.
 */
export function ChoiceCard({
  name,
  value,
  checked,
  onChange,
  title,
  children,
  aside,
  disabled,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  title: ReactNode;
  children?: ReactNode;
  aside?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <label
      className={cx(
        'flex min-h-14 cursor-pointer items-start gap-3 rounded-2xl border bg-surface-raised p-4 text-ink',
        'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-focus',
        checked ? 'border-brand-ink ring-1 ring-brand-ink' : 'border-border hover:bg-surface',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onChange(value)}
        className="mt-0.5 size-5 shrink-0 accent-brand outline-none"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="font-semibold">{title}</span>
        {children && <span className="text-sm text-muted">{children}</span>}
      </span>
      {aside}
    </label>
  );
}
