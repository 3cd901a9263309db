import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { paths } from '#contract/routes';
import { ApiRequestError } from '../../api/client';
import { useReceipt } from '../../api/receipts';
import { useAuth } from '../../app/auth/auth-context';
import { useGoBack } from '../../app/go-back';
import { AppNav } from '../../app/nav';
import { messageOf } from '../../shared/errors';
import { ReceiptScreen } from './receipt-screen';

/** A guest order's claim offer: a chunk of its own, loaded only for one. */
const GuestClaimCard = lazy(() => import('../orders/guest-claim-card.container'));

/**
 * /receipt/:token: an order's, a top-up's or a gift card's receipt from the link in its receipt e-mail or text (`token` is the signed
 * token). Opens signed in or out; signed out there is no navigation, as the rest of the app needs signing in.
 */
export default function ReceiptPage() {
  const { isAuth } = useAuth();
  const back = useGoBack(paths.orderHome);
  const { token = null } = useParams();
  const receipt = useReceipt(token);
  const claim = receipt.data?.kind === 'order' ? receipt.data.receipt.guest_claim : undefined;
  const notFound = receipt.error instanceof ApiRequestError && receipt.error.code === 'NOT_FOUND';
  return (
    <ReceiptScreen
      {...(receipt.data?.kind === 'order' ? { receipt: receipt.data.receipt } : {})}
      {...(receipt.data?.kind === 'purchase' ? { purchase: receipt.data.purchase } : {})}
      loading={receipt.isLoading}
      notFound={notFound}
      error={receipt.error && !notFound ? messageOf(receipt.error) : null}
      onRetry={() => void receipt.mutate()}
      onPrint={() => window.print()}
      {...(isAuth ? { onBack: back, nav: <AppNav /> } : {})}
      claimCard={
        claim && (
          <Suspense fallback={null}>
            <GuestClaimCard claim={claim} />
          </Suspense>
        )
      }
    />
  );
}
