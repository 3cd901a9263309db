import { useCallback, useEffect, useRef } from 'react';
import { plural, t } from '@lingui/core/macro';
import { useNavigate } from 'react-router-dom';
import { paths } from '#contract/routes';
import { ApiRequestError } from '../api/client';
import { useClaimOrder } from '../api/orders';
import { messageOf } from '../shared/errors';
import { toast } from '../ui/toast';
import { PENDING_CLAIM_KEY } from './pending-claim';

/** The claim kept before signing in, taken (so it is made once), or null. */
function takeClaim(): { token: string } | null {
  try {
    const raw = sessionStorage.getItem(PENDING_CLAIM_KEY);
    sessionStorage.removeItem(PENDING_CLAIM_KEY);
    const v = raw ? (JSON.parse(raw) as { token?: unknown }) : null;
    return v && typeof v.token === 'string' ? { token: v.token } : null;
  } catch {
    return null;
  }
}

/** The words of a refused claim: claimed already, too late, or the provider's own message. */
export function claimRefusal(err: unknown): string {
  if (err instanceof ApiRequestError && err.code === 'ALREADY_CLAIMED') return t`These points were claimed already.`;
  if (err instanceof ApiRequestError && err.code === 'CLAIM_EXPIRED') return t`Too late: points can be claimed for a day after the order.`;
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
          const { points } = r;
          const count = String(points);
          toast.success(plural(points, { one: `${count} point added`, other: `${count} points added` }), { toastId: 'claim' });
          void navigate(paths.orderHome, { replace: true });
        },
        (err: unknown) => void toast.error(claimRefusal(err), { toastId: 'claim' }),
      ),
    [claim, navigate],
  );
}

/**
 * Mounted by the shell once signed in with a claim kept (a chunk of its own): makes it once. The
 * sign-in's own way to /home comes first; the claim's answer then leads to the order history.
 */
export default function PendingClaim() {
  const claimNow = useClaimNow();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = takeClaim();
    if (pending) void claimNow(pending.token);
  }, [claimNow]);
  return null;
}
