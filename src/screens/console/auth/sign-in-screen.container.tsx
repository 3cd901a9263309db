import { CONSOLE_PAGES } from '#contract/console-routes';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useStaffLogin, useStaffSession } from '../../../api/staff';
import { useAction } from '../../../shared/action';
import { messageOf } from '../../../shared/errors';
import { consoleLink } from '../../../console/link';
import { LoadingScreen } from '../../../ui';
import { ConsoleSignInScreen } from './sign-in-screen';

/** /merchant/sign-in: a signed-in member goes straight to where they were going (or the overview); a shop with no owner says how to begin. */
export default function ConsoleSignInContainer() {
  const session = useStaffSession();
  const login = useStaffLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as { from?: string; notice?: string } | null;
  const from = state?.from ?? CONSOLE_PAGES.home.path;
  const signIn = useAction(
    async (email: string, password: string) => {
      await login(email, password);
      navigate(from, { replace: true });
    },
    { leaves: true },
  );
  if (session.isLoading && !session.data) return <LoadingScreen />;
  if (session.data?.staff) return <Navigate to={from} replace />;
  return (
    <ConsoleSignInScreen
      signingIn={signIn.pending}
      error={signIn.error ? messageOf(signIn.error) : null}
      notice={state?.notice ?? null}
      noOwner={session.data?.has_owner === false}
      renderLink={consoleLink}
      onSignIn={(email, password) => void signIn.run(email, password)}
    />
  );
}
