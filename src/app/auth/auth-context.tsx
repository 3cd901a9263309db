import { t } from '@lingui/core/macro';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '../../ui/toast';
import { useLogout } from '../../api/auth';
import { useForgetCustomer } from '../../api/forget';
import { pointHistory } from '../../api/points';
import { ApiRequestError } from '../../api/client';
import { clearGuestMark } from './guest-mark';
import { clearOnExpiry, clearOnLogout, isSignedIn, readAuthUserData, saveSignIn, type SignedInCustomer } from './storage';

/** SPEC sections 4, 8 and 9: timings of the token check and logout (their words, in English exactly as the SPEC has them, are the toasts' below). */
export const TOAST_MS = 1500;
export const EXPIRY_LOGOUT_DELAY_MS = 1000;

export interface AuthContextValue {
  isAuth: boolean;
  customerId: number | null;
  /** Login sets isAuth to the supplied value and saves it in local storage. */
  login(customer: SignedInCustomer, isAuth?: boolean): void;
  /** Logout sets isAuth to the supplied value, clears the stored state, and shows the toast. */
  logout(isAuth?: boolean): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const isMobile = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches === true;

export function AuthProvider({ children }: { children: ReactNode }) {
  const forgetCustomer = useForgetCustomer();
  const apiLogout = useLogout();
  const [isAuth, setIsAuth] = useState(() => isSignedIn());
  const [customerId, setCustomerId] = useState<number | null>(() => readAuthUserData()?.ID ?? null);
  const checked = useRef(false);

  // At start, while signed in: point/history is the token check; any answer but 200 ends the session.
  useEffect(() => {
    if (checked.current || !isAuth || customerId === null) return;
    checked.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    pointHistory(customerId).catch((err: unknown) => {
      // no answer at all (offline) says nothing about the session: checked again on the next start
      if (err instanceof ApiRequestError && err.code === 'NETWORK') return;
      toast.error(t`Please Login Again!!`, { position: 'top-right', autoClose: TOAST_MS, toastId: 'session-expired' });
      timer = setTimeout(() => {
        clearOnExpiry();
        setIsAuth(false);
        setCustomerId(null);
        void forgetCustomer();
      }, EXPIRY_LOGOUT_DELAY_MS);
    });
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, [isAuth, customerId, forgetCustomer]);

  const login = useCallback((customer: SignedInCustomer, value = true) => {
    saveSignIn(customer, { isMobile: isMobile(), secure: location.protocol === 'https:' });
    // a guest at a table who signed in is a member now
    clearGuestMark();
    localStorage.setItem('isAuth', String(value));
    checked.current = true; // a fresh sign-in needs no check
    setCustomerId(customer.id);
    setIsAuth(value);
  }, []);

  const logout = useCallback(
    async (value = false) => {
      // never fails: whatever the provider answers, the customer's data is forgotten
      await apiLogout();
      setIsAuth(value);
      clearOnLogout();
      setCustomerId(null);
      toast.success(t`User logging out...`, { position: 'top-right', autoClose: TOAST_MS, theme: 'light', toastId: 'logout' });
    },
    [apiLogout],
  );

  const value = useMemo(() => ({ isAuth, customerId, login, logout }), [isAuth, customerId, login, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const v = useContext(AuthContext);
  if (!v) throw new Error('useAuth needs <AuthProvider>');
  return v;
}
