import type { ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { isPaid, type Order } from '#contract';
import { AlertIcon, AppShell, Button, Card, CheckIcon, ErrorState, Money, Points, Skeleton, SkeletonGroup, Spinner, TopBar, cx } from '../../ui';
import { itemCount } from './format';

export interface PaymentResultProps {
  /** The order as the provider has it now; its status decides what the page says. */
  order?: Order | null;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  onOpenOrder?: (name: string) => void;
  onBackToShop?: () => void;
  /** Offered when the payment failed and the order still waits for payment: the same payment's page again. */
  onPayAgain?: () => void;
  /** Offered when the order was cancelled unpaid (a declined payment): its items in a new checkout. */
  onTryAgain?: () => void;
  nav?: ReactNode;
  currency: string;
  locale: string;
}

type Outcome = 'pending' | 'paid' | 'failed' | 'declined' | 'cancelled';

/** A cancelled order that was never paid: its payment was declined, or never made in time. */
const cancelledUnpaid = (order: Order) => order.status === 'cancelled' && !order.timeline.some((e) => isPaid(e.status));

/** What the page says for each outcome; `payAgain`: the same payment's page can be opened again (the language spoken: PaymentResult calls useLingui). */
function wordsOf(variant: 'success' | 'fail', payAgain: boolean): Record<Outcome, { heading: string; text: string }> {
  return {
    pending: {
      heading: t`Confirming your payment`,
      text: t`This usually takes a few seconds. You can leave this page: we will notify you when it is done.`,
    },
    paid: {
      heading: variant === 'fail' ? t`Good news: your payment went through` : t`Thank you! Your order is in`,
      text: t`We have received your payment and will start on your order right away.`,
    },
    failed: {
      heading: t`Your payment didn't go through`,
      text: payAgain
        ? t`You have not been charged. Your order is waiting: try paying again, or go back to the shop.`
        : t`You have not been charged. Your order waits a few minutes for its payment, then it is cancelled.`,
    },
    declined: {
      heading: t`Your payment didn't go through`,
      text: t`You have not been charged, and this order was cancelled. Try again to order the same items.`,
    },
    cancelled: {
      heading: t`This order was cancelled`,
      text: t`You have not been charged for it. Anything you paid is returned to where it came from.`,
    },
  };
}

/**
 * The body of /payment-success and /payment-fail. The URL only says where the gateway sent the
 * customer; the order's real status (from the provider) decides the message, so a late webhook
 * or a replayed return never shows the wrong result.
 */
export function PaymentResult({
  variant,
  order,
  loading = false,
  error,
  onRetry,
  onOpenOrder,
  onBackToShop,
  onPayAgain,
  onTryAgain,
  nav,
  currency,
  locale,
}: PaymentResultProps & { variant: 'success' | 'fail' }) {
  const { t: tr } = useLingui();
  let body: ReactNode;
  let title = variant === 'success' ? tr`Payment` : tr`Payment failed`;

  if (error) {
    body = <ErrorState title={tr`We couldn't check your order`} message={error} onRetry={onRetry} />;
  } else if (loading || !order) {
    body = (
      <SkeletonGroup label={tr`Checking your payment`} className="flex flex-col items-center gap-4 py-8">
        <Skeleton width="4rem" height="4rem" rounded="full" />
        <Skeleton width="70%" height="1.75rem" />
        <Skeleton width="85%" />
        <Skeleton height="6rem" />
      </SkeletonGroup>
    );
  } else {
    const outcome: Outcome = cancelledUnpaid(order)
      ? 'declined'
      : order.status === 'cancelled'
        ? 'cancelled'
        : isPaid(order.status)
          ? 'paid'
          : variant === 'fail'
            ? 'failed'
            : 'pending';
    const copy = wordsOf(variant, !!onPayAgain);
    const again = outcome === 'failed' ? onPayAgain : outcome === 'declined' ? onTryAgain : undefined;
    title = outcome === 'paid' ? tr`Payment success` : outcome === 'pending' ? tr`Payment` : tr`Payment failed`;
    const icon =
      outcome === 'pending' ? (
        <Spinner size={40} label={null} className="text-brand-ink" />
      ) : outcome === 'paid' ? (
        <CheckIcon size={40} />
      ) : (
        <AlertIcon size={40} />
      );
    body = (
      <div className="mx-auto flex w-full max-w-md flex-col items-center gap-6 py-6 text-center">
        <span
          aria-hidden="true"
          className={cx(
            'inline-flex size-20 items-center justify-center rounded-full',
            outcome === 'paid' ? 'bg-success/10 text-success' : outcome === 'pending' ? 'bg-surface-raised text-brand-ink' : 'bg-danger/10 text-danger',
          )}
        >
          {icon}
        </span>
        <div className="flex flex-col gap-2" role={outcome === 'pending' ? 'status' : undefined}>
          <h2 className="text-2xl font-bold text-ink">{copy[outcome].heading}</h2>
          <p className="text-muted">{copy[outcome].text}</p>
        </div>
        <Card as="dl" className="grid w-full grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-left">
          <dt className="text-muted">
            <Trans>Order</Trans>
          </dt>
          <dd className="text-right font-semibold">{order.name}</dd>
          <dt className="text-muted">
            <Trans>Items</Trans>
          </dt>
          <dd className="text-right">{itemCount(order.items)}</dd>
          <dt className="text-muted">
            <Trans>Total</Trans>
          </dt>
          <dd className="text-right font-semibold">
            <Money amount={order.total} currency={currency} locale={locale} />
          </dd>
          {outcome === 'paid' && order.points_earned > 0 && (
            <>
              <dt className="text-muted">{order.status === 'completed' ? tr`Points earned` : tr`Points on the way`}</dt>
              <dd className="text-right font-semibold text-brand-ink">
                <Points value={order.points_earned} locale={locale} signed />
                {order.status !== 'completed' && (
                  <span className="block text-sm font-normal text-muted">
                    <Trans>when your order is completed</Trans>
                  </span>
                )}
              </dd>
            </>
          )}
        </Card>
        <div className="flex w-full flex-col gap-2">
          {again && (
            <Button size="lg" fullWidth onClick={again}>
              <Trans>Try again</Trans>
            </Button>
          )}
          <Button size="lg" fullWidth variant={again ? 'secondary' : 'primary'} onClick={() => onOpenOrder?.(order.name)}>
            <Trans>View order</Trans>
          </Button>
          <Button size="lg" fullWidth variant="ghost" onClick={onBackToShop}>
            <Trans>Back to the shop</Trans>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <AppShell header={<TopBar title={title} />} nav={nav}>
      {body}
    </AppShell>
  );
}
