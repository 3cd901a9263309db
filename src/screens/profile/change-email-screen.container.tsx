import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { changeEmail, profileKey, useProfile } from '../../api/customer';
import { fieldErrorsOf, messageOf } from '../../app/errors';
import { useGoBack } from '../../app/go-back';
import { AppNav } from '../../app/nav';
import { paths } from '../../app/paths';
import { toast } from '../../ui';
import { ChangeEmailScreen } from './change-email-screen';

/** /profile/change-email: customer/change-email, with the provider's field errors on the field. */
export default function ChangeEmailPage() {
  const navigate = useNavigate();
  const back = useGoBack(paths.profileHome);
  const profile = useProfile();
  const { mutate } = useSWRConfig();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);

  const onSubmit = async (email: string) => {
    if (submitting) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const { customer } = await changeEmail(email);
      await mutate(profileKey, customer, { revalidate: false });
      // the stored client state SPEC names keeps the customer's e-mail too
      if (sessionStorage.getItem('user-email') !== null) sessionStorage.setItem('user-email', customer.email ?? '');
      setSaved(true);
      toast.success('Your e-mail address was saved.', { toastId: 'email-saved' });
    } catch (err) {
      setFailure(err);
    } finally {
      setSubmitting(false);
    }
  };

  const fieldErrors = fieldErrorsOf(failure);
  return (
    <ChangeEmailScreen
      currentEmail={profile.data?.email ?? null}
      onSubmit={(email) => void onSubmit(email)}
      submitting={submitting}
      fieldErrors={fieldErrors}
      formError={failure && !fieldErrors.email ? messageOf(failure) : null}
      saved={saved}
      loading={profile.isLoading}
      error={profile.error ? messageOf(profile.error) : null}
      onRetry={() => void profile.mutate()}
      onBack={back}
      onDone={() => void navigate(paths.profileHome)}
      nav={<AppNav />}
    />
  );
}
