import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '#contract/routes';
import { startGuest } from '../../api/tables';
import { saveGuest } from '../../app/auth/guest';
import { forgetPendingGift } from '../../app/pending-gift';
import { fieldErrorsOf, messageOf } from '../../shared/errors';
import { GuestChoice } from './guest-choice';

/**
 * /t/:code signed out (a chunk of its own): "Sign in with your phone" (the table opens again once signed
 * in, pending-gift.ts), or "Order as a guest": auth/guest starts the guest session, then the table opens.
 */
export default function GuestChoiceContainer({ code, table }: { code: string; table: { label: string; location: string } }) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const onGuest = async (name: string) => {
    setSubmitting(true);
    setNameError(null);
    setFormError(null);
    try {
      const r = await startGuest(code, name);
      // the table page sees the guest now and opens the menu at the table
      saveGuest(r.guest);
      forgetPendingGift();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setNameError(fields.name ?? null);
      setFormError(fields.name ? null : messageOf(err));
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <GuestChoice
      table={table}
      onSignIn={() => void navigate(paths.login)}
      onGuest={(name) => void onGuest(name)}
      submitting={submitting}
      nameError={nameError}
      formError={formError}
    />
  );
}
