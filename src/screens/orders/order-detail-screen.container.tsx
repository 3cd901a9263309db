import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { ApiRequestError } from '../../api/client';
import { useOrder } from '../../api/orders';
import { messageOf } from '../../shared/errors';
import { useGoBack } from '../../app/go-back';
import { AppNav, routerLink } from '../../app/nav';
import { paths } from '#contract/routes';
import { useOrdering } from '../../app/ordering';
import { useOrderAgain } from '../../app/order-again';
import { useSite } from '../../app/settings';
import { useGuest } from '../../app/auth/guest';
import { OrderDetailScreen } from './order-detail-screen';
import { PushPermissionCardContainer } from '../profile/push.container';

/** The feedback card (issue 51), a chunk of its own: loaded only on a completed order's page. */
const FeedbackCard = lazy(() => import('./feedback-card.container'));
/** A guest's paid order: join and claim its points, a chunk of its own. */
const GuestClaimCard = lazy(() => import('./guest-claim-card.container'));

/**
 * The provider answers an order that does not exist, or is another customer's, with 404 (never telling
 * which); a name that cannot be an order number is refused with a 400 on `name`. Neither changes on a
 * retry, so both are "not found" rather than "try again".
 */
export function isOrderNotFound(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  return error.status === 404 || (error.status === 400 && error.code === 'VALIDATION' && 'name' in error.fields);
}

/** /order/:name: the live order; useOrder polls while it is still moving, so the timeline fills in. */
export default function OrderDetailPage() {
  const { settings } = useSite();
  const { name = null } = useParams();
  const { data, error, isLoading, mutate } = useOrder(name);
  const back = useGoBack(paths.orderHome);
  const notFound = !data && isOrderNotFound(error);
  // a pickup time is the place's: its time zone when it has its own
  const { locations } = useOrdering();
  const place = locations.find((l) => l.id === data?.order.location?.id);
  const again = useOrderAgain();
  const order = data?.order ?? null;
  // a guest has no messages, feedback or order again (members' calls): the claim offer instead
  const guest = useGuest() !== null;
  const claim = order?.guest_claim;

  return (
    <OrderDetailScreen
      order={order}
      loading={isLoading}
      error={error && !data ? messageOf(error) : null}
      onRetry={() => void mutate()}
      notFound={notFound}
      orderHistoryHref={paths.orderHome}
      renderLink={routerLink}
      // the order's place; the shop's pickup address only for orders from before places
      pickupAddress={data?.order.location?.address ?? settings.pickup_address}
      now={new Date().toISOString()}
      onBack={back}
      nav={<AppNav />}
      currency={settings.currency}
      locale={settings.locale}
      timeZone={place?.timezone ?? settings.timezone}
      pushCard={!guest && <PushPermissionCardContainer />}
      claimCard={
        claim && (
          <Suspense fallback={null}>
            <GuestClaimCard claim={claim} timeZone={place?.timezone ?? settings.timezone} />
          </Suspense>
        )
      }
      feedbackCard={
        !guest &&
        order?.status === 'completed' && (
          <Suspense fallback={null}>
            <FeedbackCard name={order.name} />
          </Suspense>
        )
      }
      onOrderAgain={order && !guest ? () => again.orderAgain(order) : undefined}
      orderingAgain={again.busy !== null}
    />
  );
}
