import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [problems, setProblems] = useState<{ current?: string; next?: string; again?: string }>({});
  const min = STAFF_PASSWORD_MIN;
  const ended = saved?.ended ?? 0;

  function submit(e: FormEvent) {
    e.preventDefault();
    const weak = staffPasswordProblem(next);
    const found = {
      ...(current ? {} : { current: t`Enter the password you use now.` }),
      ...(weak ? { next: weak } : again !== next ? { again: t`The two new passwords are not the same.` } : {}),
    };
    setProblems(found);
    if (Object.keys(found).length === 0) onChangePassword(current, next);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card as="section" title={t`You`} headingLevel={2} className="self-start">
        <dl className="mt-3 grid gap-2">
          <div>
            <dt className="text-sm text-muted">{t`Name`}</dt>
            <dd className="font-medium">{me.name}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t`E-mail`}</dt>
            <dd className="font-medium break-all">{me.email}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t`Role`}</dt>
            <dd>
              <span className="font-medium">{ROLE_LABEL[me.role]}</span> <span className="text-muted">— {ROLE_HELP[me.role]}</span>
            </dd>
          </div>
        </dl>
      </Card>
      <Card as="section" title={t`Change your password`} headingLevel={2}>
        <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-4">
          {saved && (
            <Notice tone="success" title={t`Password changed`}>
              {saved.ended === 0
                ? t`You were signed in nowhere else.`
                : plural(ended, { one: 'You were signed out on one other device.', other: 'You were signed out on # other devices.' })}
            </Notice>
          )}
          {error && <Notice tone="danger">{error}</Notice>}
          <TextField
            label={t`Current password`}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            error={problems.current ?? currentError ?? undefined}
            disabled={saving}
          />
          <TextField
            label={t`New password`}
            type="password"
            autoComplete="new-password"
            hint={t`At least ${min} characters. Your other sessions end.`}
            value={next}
            onChange={(e) => setNext(e.target.value)}
            error={problems.next}
            disabled={saving}
          />
          <TextField
            label={t`New password again`}
            type="password"
            autoComplete="new-password"
            value={again}
            onChange={(e) => setAgain(e.target.value)}
            error={problems.again}
            disabled={saving}
          />
          <Button type="submit" loading={saving} className="self-start">
            {t`Change password`}
          </Button>
        </form>
      </Card>
    </div>
  );
}
