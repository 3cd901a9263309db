import { useState } from 'react';
import { useForgotPassword } from '../../api/merchant';
import { messageOf } from '../../shared/errors';
import { consoleLink } from '../../console/link';
import { ConsoleForgotScreen } from './console-forgot-screen';

/** /merchant/forgot: asks for a reset link; the answer is the same whether the address is on the team or not. */
export default function ConsoleForgotContainer() {
  const forgot = useForgotPassword();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <ConsoleForgotScreen
      sending={sending}
      sentTo={sentTo}
      error={error}
      renderLink={consoleLink}
      onSend={async (email) => {
        setSending(true);
        setError(null);
        try {
          await forgot(email);
          setSentTo(email);
        } catch (err) {
          setError(messageOf(err));
        } finally {
          setSending(false);
        }
      }}
    />
  );
}
