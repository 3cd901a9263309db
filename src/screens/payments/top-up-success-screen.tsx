import type { ReactNode } from 'react';
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
  const money = (amount: number, className?: string) => <Money amount={amount} currency={currency} locale={locale} className={className} />;
  const status = error ? 'error' : loading || !result ? 'pending' : result.topup.status;
  const title = status === 'paid' ? 'Top-up successful' : status === 'failed' ? 'Top-up failed' : 'Top-up';

  let body: ReactNode;
  if (status === 'error') {
    body = (
      <ErrorState
        title="We couldn't check your payment"
        message={`${error} If you paid, your balance updates as soon as the payment is confirmed.`}
        onRetry={onRetry}
      />
    );
  } else if (status === 'pending') {
    body = (
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 text-center">
        <Icon tone="brand">
          <Spinner size={36} label={null} />
        </Icon>
        <h2 className="text-xl font-bold text-ink">Confirming your payment…</h2>
        <p className="max-w-sm text-muted">
          {result ? <>We're waiting for the bank to confirm {money(result.topup.amount, 'font-semibold text-ink')}. </> : null}
          This usually takes a few seconds. You can stay on this page; it updates by itself.
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
          <h2 className="text-xl font-bold text-ink">{money(result.topup.amount)} added to your wallet</h2>
          <p className="text-muted">{variant === 'order' ? 'You can now pay for your order with your wallet.' : 'Thanks! Your money is ready to spend.'}</p>
        </div>
        <Card className="w-full max-w-sm">
          <dl className="flex flex-col gap-2 text-left">
            <div className="flex justify-between gap-4">
              <dt className="text-muted">Top-up</dt>
              <dd className="font-semibold text-ink">{money(result.topup.amount)}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-border pt-2">
              <dt className="text-muted">New balance</dt>
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
        <h2 className="text-xl font-bold text-ink">Your payment didn't go through</h2>
        <p className="max-w-sm text-muted">
          {result ? <>The top-up of {money(result.topup.amount, 'font-semibold text-ink')} was not completed. </> : null}
          No money was taken from your account.
        </p>
      </div>
    );
  }

  const actions: ReactNode =
    status === 'paid' ? (
      variant === 'order' ? (
        <Button size="lg" fullWidth onClick={onContinueToCheckout}>
          Continue to checkout
        </Button>
      ) : (
        <Button size="lg" fullWidth onClick={onBackToWallet}>
          Back to wallet
        </Button>
      )
    ) : status === 'failed' ? (
      <>
        {onTryAgain && (
          <Button size="lg" fullWidth onClick={onTryAgain}>
            Try again
          </Button>
        )}
        <Button size="lg" fullWidth variant="secondary" onClick={variant === 'order' ? onContinueToCheckout : onBackToWallet}>
          {variant === 'order' ? 'Back to checkout' : 'Back to wallet'}
        </Button>
      </>
    ) : status === 'pending' ? (
      <Button size="lg" fullWidth variant="ghost" onClick={variant === 'order' ? onContinueToCheckout : onBackToWallet}>
        {variant === 'order' ? 'Back to checkout' : 'Back to wallet'}
      </Button>
    ) : null;

  return (
    <AppShell header={<TopBar title={title} />} nav={nav}>
      <div className="mx-auto flex w-full max-w-md flex-col gap-6 py-6">
        {body}
        {actions && <div className="flex flex-col gap-2">{actions}</div>}
      </div>
    </AppShell>
  );
}
