import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useStaffLogin, useStaffMe } from '../../api/merchant';
import { messageOf } from '../../app/errors';
import { LoadingScreen } from '../../ui';
import { ConsoleSignInScreen } from './console-sign-in-screen';

/** /merchant/sign-in: a signed-in member goes straight to where they were going (or the overview). */
export default function ConsoleSignInContainer() {
  const me = useStaffMe();
  const login = useStaffLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const [signingIn, setSigningIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  if (me.isLoading && !me.data) return <LoadingScreen />;
  if (me.data) return <Navigate to={from} replace />;
  return (
    <ConsoleSignInScreen
      signingIn={signingIn}
      error={error}
      onSignIn={async (email, password) => {
        setSigningIn(true);
        setError(null);
        try {
          await login(email, password);
          navigate(from, { replace: true });
        } catch (err) {
          setError(messageOf(err));
          setSigningIn(false);
        }
      }}
    />
  );
}
