import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { GuestClaim } from '#contract/receipts';
import { paths } from '#contract/routes';
import { ApiRequestError } from '../api/client';
import { useClaimOrder } from '../api/orders';
import { messageOf } from '../shared/errors';
import { toast } from '../ui/toast';

/**
 * "Join and claim" on a guest's order or receipt: its signed claim token (never the order number alone)
 * is kept in the tab's sessionStorage while the guest signs in or joins; once signed in, the app claims
 * it once (order/claim), says how it went, and shows the order in the member's history.
 */
const KEY = 'pending-claim';

export function rememberClaim(claim: Pick<GuestClaim, 'token' | 'points'>): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ token: claim.token, points: claim.points }));
  } catch {
    // storage refused (a private window): the offer stays on the order's page
  }
}

function takeClaim(): { token: string; points: number } | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const v = raw ? (JSON.parse(raw) as { token?: unknown; points?: unknown }) : null;
    return v && typeof v.token === 'string' ? { token: v.token, points: typeof v.points === 'number' ? v.points : 0 } : null;
  } catch {
    return null;
  }
}

/** The words of a refused claim: claimed already, too late, or the provider's own message. */
export function claimRefusal(err: unknown): string {
  if (err instanceof ApiRequestError && err.code === 'ALREADY_CLAIMED') return 'These points were claimed already.';
  if (err instanceof ApiRequestError && err.code === 'CLAIM_EXPIRED') return 'Too late: points can be claimed for a day after the order.';
  return messageOf(err);
}

/** Claims a guest order's points for the member signed in: "N points added" and their order history, or the refusal plainly. */
export function useClaimNow(): (token: string) => Promise<void> {
  const navigate = useNavigate();
  const claim = useClaimOrder();
  return useCallback(
    (token: string) =>
      claim(token).then(
        (r) => {
          toast.success(`${r.points} points added`, { toastId: 'claim' });
          void navigate(paths.orderHome, { replace: true });
        },
        (err: unknown) => void toast.error(claimRefusal(err), { toastId: 'claim' }),
      ),
    [claim, navigate],
  );
}

/** Once signed in: the claim kept before signing in, made once. */
export function usePendingClaim(isAuth: boolean): void {
  const claimNow = useClaimNow();
  const busy = useRef(false);
  useEffect(() => {
    if (!isAuth || busy.current) return;
    const pending = takeClaim();
    if (!pending) return;
    busy.current = true;
    void claimNow(pending.token);
  }, [isAuth, claimNow]);
}
