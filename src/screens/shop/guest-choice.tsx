import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Notice, TextField, fieldMessage } from '../../ui';

export interface GuestChoiceProps {
  /** the table and where it is: "Table 12 at BGC" */
  table: { label: string; location: string };
  /** to sign-in: the table opens again once signed in */
  onSignIn: () => void;
  /** order without an account, with this first name (trimmed) */
  onGuest: (name: string) => void;
  submitting?: boolean;
  /** the provider's refusal of the name (`name`), said plainly under the field */
  nameError?: string | null;
  /** any other refusal (the table, too many tries) */
  formError?: string | null;
}

/**
 * /t/:code signed out: sign in with a phone (and collect points), or order as a guest with a first name.
 * A guest orders at this table only, pays by card or at the counter, and may join after to claim the points.
 */
export function GuestChoice({ table, onSignIn, onGuest, submitting = false, nameError, formError }: GuestChoiceProps) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const { label, location } = table;
  const nameLabel = t`Your first name`;
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    setError(trimmed ? null : t`Enter your first name.`);
    if (trimmed) onGuest(trimmed);
  };
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">{t`Table ${label} at ${location}`}</h2>
      <Card className="flex flex-col gap-3">
        <p>
          <Trans>Sign in to collect points on this order and see your rewards.</Trans>
        </p>
        <Button onClick={onSignIn}>
          <Trans>Sign in with your phone</Trans>
        </Button>
      </Card>
      <Card>
        <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-labelledby="guest-title">
          <h3 id="guest-title" className="text-lg font-semibold">
            <Trans>Order as a guest</Trans>
          </h3>
          <p className="text-muted">
            <Trans>No account needed. Staff call you by this name.</Trans>
          </p>
          <TextField
            label={nameLabel}
            name="name"
            autoComplete="given-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error ?? fieldMessage(nameLabel, nameError)}
            disabled={submitting}
            required
          />
          {formError && <Notice tone="danger">{formError}</Notice>}
          <Button type="submit" variant="secondary" loading={submitting}>
            <Trans>Order as a guest</Trans>
          </Button>
        </form>
      </Card>
    </div>
  );
}
