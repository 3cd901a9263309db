import { useState, type FormEvent } from 'react';
import type { StaffMember } from '#contract/staff';
import { STAFF_PASSWORD_MIN, staffPasswordProblem } from '#contract/staff-checks';
import { Button, Card, Notice, TextField } from '../../../ui';
import { ROLE_HELP, ROLE_LABEL } from '../layout/console-layout';

export interface AccountScreenProps {
  me: Pick<StaffMember, 'name' | 'email' | 'role'>;
  onChangePassword: (current: string, next: string) => void;
  saving?: boolean;
  /** how many other sessions ended, once the new password is saved */
  saved?: { ended: number } | null;
  error?: string | null;
  /** the provider's word on the current password (wrong, too many tries) */
  currentError?: string | null;
}

/** /merchant/account: who you are here, what your role opens, and a new password. */
export function AccountScreen({ me, onChangePassword, saving, saved, error, currentError }: AccountScreenProps) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [problems, setProblems] = useState<{ current?: string; next?: string; again?: string }>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const weak = staffPasswordProblem(next);
    const found = {
      ...(current ? {} : { current: 'Enter the password you use now.' }),
      ...(weak ? { next: weak } : again !== next ? { again: 'The two new passwords are not the same.' } : {}),
    };
    setProblems(found);
    if (Object.keys(found).length === 0) onChangePassword(current, next);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card as="section" title="You" headingLevel={2} className="self-start">
        <dl className="mt-3 grid gap-2">
          <div>
            <dt className="text-sm text-muted">Name</dt>
            <dd className="font-medium">{me.name}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">E-mail</dt>
            <dd className="font-medium break-all">{me.email}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Role</dt>
            <dd>
              <span className="font-medium">{ROLE_LABEL[me.role]}</span> <span className="text-muted">— {ROLE_HELP[me.role]}</span>
            </dd>
          </div>
        </dl>
      </Card>
      <Card as="section" title="Change your password" headingLevel={2}>
        <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-4">
          {saved && (
            <Notice tone="success" title="Password changed">
              {saved.ended === 0
                ? 'You were signed in nowhere else.'
                : `You were signed out on ${saved.ended === 1 ? 'one other device' : `${saved.ended} other devices`}.`}
            </Notice>
          )}
          {error && <Notice tone="danger">{error}</Notice>}
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            error={problems.current ?? currentError ?? undefined}
            disabled={saving}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${STAFF_PASSWORD_MIN} characters. Your other sessions end.`}
            value={next}
            onChange={(e) => setNext(e.target.value)}
            error={problems.next}
            disabled={saving}
          />
          <TextField
            label="New password again"
            type="password"
            autoComplete="new-password"
            value={again}
            onChange={(e) => setAgain(e.target.value)}
            error={problems.again}
            disabled={saving}
          />
          <Button type="submit" loading={saving} className="self-start">
            Change password
          </Button>
        </form>
      </Card>
    </div>
  );
}
