import { useNavigate } from 'react-router-dom';
import type { GuestClaim } from '#contract/receipts';
import { paths } from '#contract/routes';
import { useAuth } from '../../app/auth/auth-context';
import { PENDING_CLAIM_KEY } from '../../app/pending-claim';
import { useClaimNow } from '../../app/claim-now';
import { useSite } from '../../app/settings';
import { claimExpired, GuestClaimCard } from './guest-claim-card';

/** Keeps the claim token for after sign-in (pending-claim.ts). */
function rememberClaim(claim: GuestClaim): void {
  try {
    sessionStorage.setItem(PENDING_CLAIM_KEY, JSON.stringify({ token: claim.claim_token, points: claim.points }));
  } catch {
    // storage refused (a private window): the offer stays on the order's page
  }
}

/**
 * A guest order's claim offer (a chunk of its own), on its order page and its receipt. A guest joins:
 * the claim token is kept (pending-claim.ts) and sign-in opens; a member who opened the receipt claims at once.
 */
export default function GuestClaimCardContainer({ claim, timeZone }: { claim: GuestClaim; timeZone?: string }) {
  const { settings } = useSite();
  const { isAuth } = useAuth();
  const navigate = useNavigate();
  const claimNow = useClaimNow();
  return (
    <GuestClaimCard
      points={claim.points}
      claimBy={claim.claim_by}
      expired={claimExpired(claim.claim_by)}
      onJoin={() => {
        if (isAuth) return void claimNow(claim.claim_token);
        rememberClaim(claim);
        void navigate(paths.login);
      }}
      locale={settings.locale}
      timeZone={timeZone ?? settings.timezone}
    />
  );
}
