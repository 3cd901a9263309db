/** Parts both of the counter's jobs use: a typed code (or phone) form and the list of the day. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { StaffRole } from '#contract/staff';
import { Badge, Button, EmptyState, ErrorState, SkeletonGroup, SkeletonText, TextField } from '../../../ui';
import { formatDateTime } from '../../../ui/lib/dates';
import { canUndo } from './counter-jobs';

/** A row of the day at the counter: a redemption or points given. */
interface TodayRow {
  id: number;
  staff_name: string;
  location_name: string | null;
  undo_until: string;
  undone_at: string | null;
}

export interface CounterTodayProps<R extends TodayRow> {
  rows?: R[] | undefined;
  loading?: boolean | undefined;
  error?: string | null | undefined;
  onRetry?: (() => void) | undefined;
  /** the list's name, and its words while loading, failing or empty */
  words: { list: string; loading: string; failed: string; emptyTitle: string; emptyText: string };
  /** when it happened */
  at: (row: R) => string;
  /** what happened, for whom (the first spans of the row) */
  what: (row: R) => ReactNode;
  /** the same in words, after "Undo" for a screen reader */
  undoName: (row: R) => string;
  onUndo: (row: R) => void;
  undoing?: number | null | undefined;
  role: StaffRole;
  now: number;
  locale: string;
  timeZone?: string | undefined;
}

/** Today's redemptions or points at the counter: what, when, by whom and where; "Undone", or Undo while allowed. */
export function CounterToday<R extends TodayRow>(props: CounterTodayProps<R>) {
  const { rows, loading, error, onRetry, words, at, what, undoName, onUndo, undoing, role, now, locale, timeZone } = props;
  if (error && !rows) return <ErrorState title={words.failed} message={error} onRetry={onRetry} />;
  if (loading && !rows) {
    return (
      <SkeletonGroup label={words.loading}>
        <SkeletonText lines={4} />
      </SkeletonGroup>
    );
  }
  if (!rows || rows.length === 0) return <EmptyState title={words.emptyTitle} description={words.emptyText} />;
  return (
    <ul className="flex flex-col divide-y divide-border" aria-label={words.list}>
      {rows.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
          {what(r)}
          <span className="text-sm text-muted">
            {formatDateTime(at(r), locale, timeZone)} · {r.staff_name}
            {r.location_name && ` · ${r.location_name}`}
          </span>
          {r.undone_at ? (
            <Badge>
              <Trans>Undone</Trans>
            </Badge>
          ) : (
            canUndo(r, role, now) && (
              <Button size="sm" variant="ghost" className="ml-auto" onClick={() => onUndo(r)} loading={undoing === r.id}>
                <UndoWords name={undoName(r)} />
              </Button>
            )
          )}
        </li>
      ))}
    </ul>
  );
}

function UndoWords({ name }: { name: string }) {
  return (
    <Trans>
      Undo<span className="sr-only"> {name}</span>
    </Trans>
  );
}

const CODE_LOOK = '[&_input]:font-mono [&_input]:text-lg [&_input]:tracking-widest [&_input]:uppercase';

export interface TypedFormProps {
  /** a rotating code (8 letters and digits; spaces and dashes are fine, case does not matter) or a phone number */
  kind: 'code' | 'phone';
  label: string;
  hint: string;
  /** what to type, said when the field is empty */
  empty: string;
  button: string;
  onSubmit: (text: string) => void;
  busy?: boolean | undefined;
}

/** One field and its button: what staff type when the camera cannot read the customer's phone. */
export function TypedForm({ kind, label, hint, empty, button, onSubmit, busy }: TypedFormProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setProblem(empty);
    setProblem(undefined);
    onSubmit(text.trim());
  };
  const field = kind === 'code' ? { autoCapitalize: 'characters', spellCheck: false, maxLength: 40, className: CODE_LOOK } : { type: 'tel', maxLength: 32 };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <TextField label={label} hint={hint} value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" error={problem} {...field} />
      <Button type="submit" variant="secondary" loading={busy}>
        {button}
      </Button>
    </form>
  );
}
