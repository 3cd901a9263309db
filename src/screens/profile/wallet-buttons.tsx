import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { PassStatusData } from '#contract/passes';
import { Button, Notice, Skeleton, SkeletonGroup, cx, focusRing } from '../../ui';

export interface WalletButtonsProps {
  /** which wallets the shop offers; absent while it loads */
  status?: PassStatusData;
  /** the status could not be read: nothing to offer, said quietly */
  error?: string | null;
  /** the .pkpass's address (a download the browser hands to Wallet) */
  appleHref: string;
  /** asks for the Google link and opens it */
  onGoogle: () => void;
  googleBusy?: boolean;
  /** the Google link could not be made */
  googleError?: string | null;
  /** turns the customer's wallet cards off (a lost phone), once confirmed */
  onRevoke: () => void;
  revokeBusy?: boolean;
  /** the cards were turned off just now */
  revoked?: boolean;
  /** turning them off failed */
  revokeError?: string | null;
}

/** Apple's and Google's badges in words: black, rounded, white text (their guidelines' dark badges), 44 px high. */
const badge = cx(
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-black px-4 text-sm font-semibold text-white hover:bg-neutral-800 aria-busy:opacity-70',
  focusRing,
);

/**
 * "Add to Apple Wallet" and "Save to Google Wallet" under the member card: each only when the shop has
 * configured it (pass/status); when it has none, a line saying so; nothing while the status is unknown after an error.
 * Under them, "Lost your phone? Turn off your wallet cards" (pass/revoke).
 */
export function WalletButtons({ status, error, appleHref, onGoogle, googleBusy = false, googleError, ...lost }: WalletButtonsProps) {
  const { t } = useLingui();
  if (error) return null;
  if (!status)
    return (
      <SkeletonGroup label={t`Loading the wallet buttons`}>
        <Skeleton width="14rem" height="2.75rem" />
      </SkeletonGroup>
    );
  // said, not hidden: a customer looking for "Add to Wallet" learns it is not offered here (issue 46)
  if (!status.apple && !status.google) return <p className="text-sm text-muted">{t`Wallet cards aren't available for this shop yet.`}</p>;
  return (
    <div className="flex w-full flex-col items-center gap-2">
      <p className="text-sm text-muted">{t`Keep this card on your phone:`}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {status.apple && (
          <a className={badge} href={appleHref} download="member-card.pkpass" aria-label={t`Add to Apple Wallet`}>
            <span className="flex flex-col items-start leading-tight">
              <Trans>
                <span className="text-[0.65rem] font-normal">Add to</span>
                <span>Apple Wallet</span>
              </Trans>
            </span>
          </a>
        )}
        {status.google && (
          <button
            type="button"
            className={badge}
            onClick={onGoogle}
            aria-busy={googleBusy || undefined}
            disabled={googleBusy}
            aria-label={t`Save to Google Wallet`}
          >
            <span aria-hidden="true" className="grid size-5 place-items-center rounded-full bg-white text-xs font-bold text-black">
              G
            </span>
            <span>{t`Save to Google Wallet`}</span>
          </button>
        )}
      </div>
      {googleError && (
        <Notice tone="danger" className="w-full text-left">
          {googleError}
        </Notice>
      )}
      <LostPhone {...lost} />
    </div>
  );
}

/**
 * "Lost your phone? Turn off your wallet cards": asked once more, then the old cards stop working at the
 * counter and for updates; the buttons above add a new one.
 */
function LostPhone({
  onRevoke,
  revokeBusy = false,
  revoked = false,
  revokeError,
}: Pick<WalletButtonsProps, 'onRevoke' | 'revokeBusy' | 'revoked' | 'revokeError'>) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  if (revoked) {
    return (
      <Notice tone="success" title={t`Your wallet cards are turned off`} className="w-full text-left">
        {t`The cards on your old phone no longer work. Add the card again on your new phone with the buttons above.`}
      </Notice>
    );
  }
  if (!asking) {
    return (
      <p className="text-sm text-muted">
        <Trans>
          Lost your phone?{' '}
          <button type="button" className={cx('font-semibold text-brand underline', focusRing)} onClick={() => setAsking(true)}>
            Turn off your wallet cards
          </button>
        </Trans>
      </p>
    );
  }
  return (
    <div role="group" aria-labelledby="wallet-lost-question" className="flex w-full flex-col gap-2 rounded-xl border border-border p-3 text-left">
      <p id="wallet-lost-question" className="font-semibold">
        {t`Turn off your wallet cards?`}
      </p>
      <p className="text-sm text-muted">{t`Your cards in Apple Wallet and Google Wallet stop working, on every phone. You can add the card again afterwards.`}</p>
      {revokeError && <Notice tone="danger">{revokeError}</Notice>}
      <div className="flex flex-wrap gap-2">
        <Button variant="danger" onClick={onRevoke} loading={revokeBusy}>
          {t`Turn them off`}
        </Button>
        <Button variant="ghost" onClick={() => setAsking(false)} disabled={revokeBusy}>
          {t`Keep them`}
        </Button>
      </div>
    </div>
  );
}
