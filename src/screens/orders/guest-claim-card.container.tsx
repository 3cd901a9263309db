import { useNavigate } from 'react-router-dom';
import type { GuestClaim } from '#contract/receipts';
import { paths } from '#contract/routes';
import { useAuth } from '../../app/auth/auth-context';
import { rememberClaim, useClaimNow } from '../../app/pending-claim';
import { useSite } from '../../app/settings';
import { claimExpired, GuestClaimCard } from './guest-claim-card';

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
        if (isAuth) return void claimNow(claim.token);
        rememberClaim(claim);
        void navigate(paths.alterLogin);
      }}
      locale={settings.locale}
      timeZone={timeZone ?? settings.timezone}
    />
  );
}
