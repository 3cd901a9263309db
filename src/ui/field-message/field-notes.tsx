import type { ReactNode } from 'react';

/**
 * What describes a field's control (its aria-describedby): the error first, then the hint, by the
 * ids FieldNotes gives them. undefined when there is neither.
 */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

/**
 * The notes under a field: its hint, then its error, each with the id `describedBy` names
 * (`<id>-hint`, `<id>-error`). `alert`: the error is announced when it appears (a field whose error
 * comes from an upload rather than from sending the form).
 */
export function FieldNotes({ id, hint, error, alert }: { id: string; hint?: ReactNode; error?: ReactNode; alert?: boolean }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role={alert ? 'alert' : undefined} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </>
  );
}
