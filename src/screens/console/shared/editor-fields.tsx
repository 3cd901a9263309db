import { Trans } from '@lingui/react/macro';
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Button, FieldFrame, FieldNotes, Notice, cx, describedBy, focusRing } from '../../../ui';

/** The editors' select, labelled and described like a TextField. */
export function SelectField({
  label,
  hint,
  error,
  children,
  className,
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> & { label: ReactNode; hint?: ReactNode; error?: ReactNode }) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(field) => (
        <select {...field} {...rest}>
          {children}
        </select>
      )}
    />
  );
}

/**
 * A field typed or picked from a long list (a currency, a time zone): a combobox whose suggestions, the
 * browser's own, narrow to what is typed, matching the value or its label; arrows and Enter pick one.
 */
export function ChoiceField({
  label,
  hint,
  error,
  className,
  choices,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'list'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  choices: ReadonlyArray<{ value: string; label: string }>;
}) {
  const listId = useId();
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(field) => (
        <>
          <input {...field} list={listId} autoComplete="off" spellCheck={false} {...rest} />
          <datalist id={listId}>
            {choices.map((c) => (
              <option key={c.value} value={c.value} label={c.label} />
            ))}
          </datalist>
        </>
      )}
    />
  );
}

/** A several-line text field (descriptions). */
export function TextAreaField({
  label,
  hint,
  error,
  className,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; hint?: ReactNode; error?: ReactNode }) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(field) => <textarea rows={3} {...field} className={cx(field.className, 'py-2')} {...rest} />}
    />
  );
}

/** A checkbox with its label beside it and an optional hint. */
export function CheckField({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={describedBy(id, hint, null)}
        className={cx('mt-1 size-5', focusRing)}
      />
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <FieldNotes id={id} hint={hint} />
      </div>
    </div>
  );
}

/** An on/off switch (a programme's, a campaign's), by keyboard too. */
export function Switch({ on, onChange, label, disabled }: { on: boolean; onChange: (on: boolean) => void; label: string; disabled: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      disabled={disabled}
      onClick={() => onChange(!on)}
      className={cx('flex min-h-11 items-center gap-3 rounded-lg font-medium disabled:opacity-70', focusRing)}
    >
      <span
        aria-hidden="true"
        className={cx('relative h-7 w-12 rounded-full border-2 transition-colors', on ? 'border-brand bg-brand' : 'border-border bg-surface')}
      >
        <span className={cx('absolute top-0.5 size-5 rounded-full bg-surface-raised shadow transition-all', on ? 'left-6' : 'left-0.5')} />
      </span>
      {label}
    </button>
  );
}

/** An editor form's end: the provider's refusal that names no field, then Cancel and the save button. */
export function FormActions({
  problem,
  saving,
  submitLabel,
  onCancel,
}: {
  problem: SaveProblem | null;
  saving: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {problem?.message && <Notice tone="danger">{problem.message}</Notice>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}

/** What every editor page takes beside its own data: its loading and error states, and how money is written. */
export interface EditorPageProps {
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  locale: string;
  currency: string;
}

/** What a save answered: null when saved, else the provider's message and field problems. */
export interface SaveProblem {
  message: string;
  fields: Record<string, string>;
}

/** The provider's word on one field ("must be at least 1"), with the field's name in front, for the form. */
export const fieldProblem = (p: SaveProblem | null, field: string, label: string) => (p?.fields[field] ? `${label} ${p.fields[field]}.` : undefined);

/**
 * The first problem on a field or inside it (`product_ids.1`), the body's wrapper in front taken off (an
 * update's `rule.name`, `program.name`), with what it is about in front ("The name is required.").
 */
export function nestedProblem(problem: SaveProblem | null, wrapper: string, field: string, label: string | null): string | undefined {
  const bare = (k: string) => (k.startsWith(`${wrapper}.`) ? k.slice(wrapper.length + 1) : k);
  const key = problem && Object.keys(problem.fields).find((k) => bare(k) === field || bare(k).startsWith(`${field}.`));
  if (!key) return undefined;
  const words = problem.fields[key]!;
  return label ? `${label} ${words}.` : `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}
