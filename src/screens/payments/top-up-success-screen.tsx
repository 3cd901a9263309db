import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TopupStatusData } from '#contract';
import { AlertIcon, AppShell, Button, Card, CheckIcon, ErrorState, Money, Spinner, TopBar } from '../../ui';

export interface TopUpSuccessScreenProps {
  /** /top-up-success (profile) returns to the wallet; /top-up-success/order continues to checkout. */
  variant: 'profile' | 'order';
  /** The top-up as the provider knows it; null while the first check runs. */
  result?: TopupStatusData | null;
  loading?: boolean;
  /** The status could not be checked. */
  error?: string | null;
  onRetry?: () => void;
  /** "Back to wallet" (profile variant, and after a failure). */
  onBackToWallet?: () => void;
  /** "Continue to checkout" (order variant). */
  onContinueToCheckout?: () => void;
  /** Starts another top-up after a failure. */
  onTryAgain?: () => void;
  nav?: ReactNode;
  currency: string;
  locale: string;
}

function Icon({ tone, children }: { tone: 'success' | 'danger' | 'brand'; children: ReactNode }) {
  const tones = { success: 'bg-success/10 text-success', danger: 'bg-danger/10 text-danger', brand: 'bg-surface-raised text-brand-ink' };
  return (
    <span className={`inline-flex size-16 items-center justify-center rounded-full ${tones[tone]}`} aria-hidden="true">
      {children}
    </span>
  );
}

/** What the customer can do next: on to checkout or back to the wallet, or try again after a failure. */
function Actions({
  status,
  variant,
  onBackToWallet,
  onContinueToCheckout,
  onTryAgain,
}: Pick<TopUpSuccessScreenProps, 'variant' | 'onBackToWallet' | 'onContinueToCheckout' | 'onTryAgain'> & { status: string }) {
  const { t } = useLingui();
  const back = variant === 'order' ? t`Back to checkout` : t`Back to wallet`;
  return status === 'paid' ? (
    variant === 'order' ? (
      <Button size="lg" fullWidth onClick={onContinueToCheckout}>
        <Trans>Continue to checkout</Trans>
      </Button>
    ) : (
      <Button size="lg" fullWidth onClick={onBackToWallet}>
        <Trans>Back to wallet</Trans>
      </Button>
    )
  ) : status === 'failed' ? (
    <>
      {onTryAgain && (
        <Button size="lg" fullWidth onClick={onTryAgain}>
          <Trans>Try again</Trans>
        </Button>
      )}
      <Button size="lg" fullWidth variant="secondary" onClick={variant === 'order' ? onContinueToCheckout : onBackToWallet}>
        {back}
      </Button>
    </>
  ) : status === 'pending' ? (
    <Button size="lg" fullWidth variant="ghost" onClick={variant === 'order' ? onContinueToCheckout : onBackToWallet}>
      {back}
    </Button>
  ) : null;
}

/**
 * The page the payment gateway sends the customer back to. It never trusts the return itself:
 * it shows the status the provider reports (pending until the webhook lands, then paid or failed).
 */
export function TopUpSuccessScreen({
  variant,
  result,
  loading = false,
  error,
  onRetry,
  onBackToWallet,
  onContinueToCheckout,
  onTryAgain,
  nav,
  currency,
  locale,
}: TopUpSuccessScreenProps) {
  const { t } = useLingui();
  const money = (amount: number, className?: string) => <Money amount={amount} currency={currency} locale={locale} className={className} />;
  const status = error ? 'error' : loading || !result ? 'pending' : result.topup.status;
  const title = status === 'paid' ? t`Top-up successful` : status === 'failed' ? t`Top-up failed` : t`Top-up`;
  // the amount as the sentences name it
  const amount = result ? money(result.topup.amount, 'font-semibold text-ink') : null;
  const added = result ? money(result.topup.amount) : null;

  let body: ReactNode;
  if (status === 'error') {
    body = (
      <div className="flex flex-col items-center gap-2">
        <ErrorState
          title={t`We couldn't check your payment`}
          message={t`${error} If you paid, your balance updates as soon as the payment is confirmed.`}
          onRetry={onRetry}
        />
        {/* the wallet lists every top-up, whatever went wrong here */}
        {onBackToWallet && (
          <Button variant={onRetry ? 'ghost' : 'secondary'} onClick={onBackToWallet}>
            <Trans>Go to my wallet</Trans>
          </Button>
        )}
      </div>
    );
  } else if (status === 'pending') {
    body = (
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 text-center">
        <Icon tone="brand">
          <Spinner size={36} label={null} />
        </Icon>
        <h2 className="text-xl font-bold text-ink">
          <Trans>Confirming your payment…</Trans>
        </h2>
        <p className="max-w-sm text-muted">
          {amount ? (
            <Trans>We're waiting for the bank to confirm {amount}. This usually takes a few seconds. You can stay on this page; it updates by itself.</Trans>
          ) : (
            <Trans>This usually takes a few seconds. You can stay on this page; it updates by itself.</Trans>
          )}
        </p>
      </div>
    );
  } else if (status === 'paid' && result) {
    body = (
      <div role="status" className="flex flex-col items-center gap-4 text-center">
        <Icon tone="success">
          <CheckIcon size={36} />
        </Icon>
        <div className="flex flex-col gap-1">
          <h2 className="text-xl font-bold text-ink">
            <Trans>{added} added to your wallet</Trans>
          </h2>
          <p className="text-muted">{variant === 'order' ? t`You can now pay for your order with your wallet.` : t`Thanks! Your money is ready to spend.`}</p>
        </div>
        <Card className="w-full max-w-sm">
          <dl className="flex flex-col gap-2 text-left">
            <div className="flex justify-between gap-4">
              <dt className="text-muted">
                <Trans>Top-up</Trans>
              </dt>
              <dd className="font-semibold text-ink">{money(result.topup.amount)}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-border pt-2">
              <dt className="text-muted">
                <Trans>New balance</Trans>
              </dt>
              <dd className="text-lg font-bold text-ink">{money(result.balance)}</dd>
            </div>
          </dl>
        </Card>
      </div>
    );
  } else {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 text-center">
        <Icon tone="danger">
          <AlertIcon size={36} />
        </Icon>
        <h2 className="text-xl font-bold text-ink">
          <Trans>Your payment didn't go through</Trans>
        </h2>
        <p className="max-w-sm text-muted">
          {amount ? (
            <Trans>The top-up of {amount} was not completed. No money was taken from your account.</Trans>
          ) : (
            <Trans>No money was taken from your account.</Trans>
          )}
        </p>
      </div>
    );
  }

  const actions = (
    <Actions status={status} variant={variant} onBackToWallet={onBackToWallet} onContinueToCheckout={onContinueToCheckout} onTryAgain={onTryAgain} />
  );

  return (
    <AppShell header={<TopBar title={title} />} nav={nav}>
      <div className="mx-auto flex w-full max-w-md flex-col gap-6 py-6">
        {body}
        {status !== 'error' && <div className="flex flex-col gap-2">{actions}</div>}
      </div>
    </AppShell>
  );
}
