import { useState } from 'react';
import { useForgotPassword } from '../../../api/staff';
import { useAction } from '../../../shared/action';
import { messageOf } from '../../../shared/errors';
import { consoleLink } from '../../../console/link';
import { ConsoleForgotScreen } from './forgot-screen';

/** /merchant/forgot: asks for a reset link; the answer is the same whether the address is on the team or not. */
export default function ConsoleForgotContainer() {
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useAction(async (email: string) => {
    await forgot(email);
    setSentTo(email);
  });
  return (
    <ConsoleForgotScreen
      sending={send.pending}
      sentTo={sentTo}
      error={send.error ? messageOf(send.error) : null}
      renderLink={consoleLink}
      onSend={(email) => void send.run(email)}
    />
  );
}
