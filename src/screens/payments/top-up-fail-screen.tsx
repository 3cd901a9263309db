import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { AlertIcon, AppShell, Button, Money, TopBar } from '../../ui';

export type TopUpFailReason = 'declined' | 'failed' | 'cancelled';

export interface TopUpFailScreenProps {
  /** Why it failed, when the gateway said; "failed" otherwise. */
  reason?: TopUpFailReason;
  /** The amount that was not added (minor units), when known. */
  amount?: number | null;
  /** Starts the top-up again. */
  onTryAgain?: () => void;
  /** Back to the wallet (or to checkout when the top-up was for an order). */
  onBack?: () => void;
  /** Where "Back" goes, for its label. */
  backTo?: 'wallet' | 'checkout';
  nav?: ReactNode;
  currency: string;
  locale: string;
}

// msg marks the words for the catalogues; the screen translates them in the language spoken
const MESSAGES: Record<TopUpFailReason, { title: MessageDescriptor; text: MessageDescriptor }> = {
  declined: {
    title: msg`Your payment was declined`,
    text: msg`Your bank or card provider turned the payment down. Try another card or payment method, or contact your bank.`,
  },
  failed: {
    title: msg`Your top-up didn’t go through`,
    text: msg`Something went wrong while processing the payment. Please try again in a moment.`,
  },
  cancelled: {
    title: msg`Top-up cancelled`,
    text: msg`You left the payment page before paying. You can start again whenever you like.`,
  },
};

export function TopUpFailScreen({ reason = 'failed', amount, onTryAgain, onBack, backTo = 'wallet', nav, currency, locale }: TopUpFailScreenProps) {
  const { t, i18n } = useLingui();
  const message = MESSAGES[reason];
  const money = amount ? <Money amount={amount} currency={currency} locale={locale} className="font-semibold text-ink" /> : null;
  return (
    <AppShell header={<TopBar title={t`Top-up failed`} onBack={onBack} />} nav={nav}>
      <div className="mx-auto flex w-full max-w-md flex-col gap-6 py-6">
        <div role="alert" className="flex flex-col items-center gap-3 text-center">
          <span className="inline-flex size-16 items-center justify-center rounded-full bg-danger/10 text-danger" aria-hidden="true">
            <AlertIcon size={36} />
          </span>
          <h2 className="text-xl font-bold text-ink">{i18n._(message.title)}</h2>
          <p className="max-w-sm text-muted">{i18n._(message.text)}</p>
          <p className="max-w-sm text-muted">
            {money ? <Trans>The {money} top-up was not added, and no money was taken.</Trans> : <Trans>No money was taken from your account.</Trans>}
          </p>
        </div>
        <div className="flex flex-col gap-2">
          {onTryAgain && (
            <Button size="lg" fullWidth onClick={onTryAgain}>
              <Trans>Try again</Trans>
            </Button>
          )}
          {onBack && (
            <Button size="lg" fullWidth variant="secondary" onClick={onBack}>
              {backTo === 'checkout' ? t`Back to checkout` : t`Back to wallet`}
            </Button>
          )}
        </div>
      </div>
    </AppShell>
  );
}
