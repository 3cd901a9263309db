import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ReceivedGiftCard } from '#contract/gift-cards';
import { AppShell, Button, ErrorState, GiftIcon, Money, Notice, Skeleton, SkeletonGroup, TopBar, WalletIcon, cardClass, cx } from '../../ui';
import { formatDateTime } from '../../ui/lib/dates';

export interface GiftCardScreenProps {
  /** The card behind the link; absent while loading or when it could not be read. */
  card?: ReceivedGiftCard;
  loading?: boolean;
  /** Why the card could not be read (no such card, too many tries, offline). */
  error?: string | null;
  onRetry?: () => void;
  /** Adds it to the wallet. */
  onClaim?: () => void;
  claiming?: boolean;
  /** Why the claim failed. */
  claimError?: string | null;
  /** Just claimed: what was added and the balance after. */
  claimed?: { amount: number; balance: number } | null;
  onWallet?: () => void;
  onShop?: () => void;
  onBack?: () => void;
  nav?: ReactNode;
  currency: string;
  locale: string;
  timeZone?: string;
}

/** The card itself: its design's picture, the amount, who it is from and their message. */
function CardFace({ card, currency, locale }: { card: ReceivedGiftCard; currency: string; locale: string }) {
  const to = card.to_name;
  const from = card.from_name;
  return (
    <figure className={cx(cardClass(), 'flex flex-col gap-3 overflow-hidden p-0')}>
      <img src={card.design.picture} alt={card.design.name} width={320} height={200} className="aspect-[8/5] max-h-64 w-full bg-surface object-contain" />
      <figcaption className="flex flex-col gap-1 px-4 pb-4">
        <p className="text-sm text-muted">
          <Trans>
            For {to}, from {from}
          </Trans>
        </p>
        <Money amount={card.amount} currency={currency} locale={locale} className="text-3xl font-bold" />
        {card.message && <blockquote className="break-words italic">“{card.message}”</blockquote>}
      </figcaption>
    </figure>
  );
}

/** What the customer can do with the card where it stands. */
function Standing(props: GiftCardScreenProps & { card: ReceivedGiftCard }) {
  const { card, onClaim, claiming = false, claimError, claimed, onWallet, onShop, locale, timeZone } = props;
  const { t } = useLingui();
  const from = card.from_name;
  const expiry = card.expires_at ? formatDateTime(card.expires_at, locale, timeZone) : null;
  if (claimed) {
    const added = <Money amount={claimed.amount} currency={props.currency} locale={locale} />;
    const balance = <Money amount={claimed.balance} currency={props.currency} locale={locale} />;
    return (
      <div className="flex flex-col gap-3">
        <Notice tone="success" title={t`Added to your wallet`}>
          <Trans>
            {added} is in your wallet as gift money. Your balance is {balance}.
          </Trans>
        </Notice>
        <div className="flex flex-wrap gap-2">
          {onShop && (
            <Button onClick={onShop}>
              <Trans>Order with it</Trans>
            </Button>
          )}
          {onWallet && (
            <Button variant="secondary" icon={<WalletIcon size={18} />} onClick={onWallet}>
              <Trans>See my wallet</Trans>
            </Button>
          )}
        </div>
      </div>
    );
  }
  if (card.state === 'claimed')
    return card.claimed_by_you ? (
      <Notice
        tone="success"
        title={t`It's in your wallet`}
        action={
          onWallet && (
            <Button onClick={onWallet}>
              <Trans>See my wallet</Trans>
            </Button>
          )
        }
      >
        <Trans>You added this gift card to your wallet already.</Trans>
      </Notice>
    ) : (
      <Notice tone="warning" title={t`Already added`}>
        <Trans>This gift card has been added to a wallet already.</Trans>
      </Notice>
    );
  if (card.state === 'expired')
    return (
      <Notice tone="warning" title={t`This gift card has expired`}>
        {expiry ? (
          <Trans>
            It could be added until {expiry}. Ask {from} about it: they can have it refunded.
          </Trans>
        ) : (
          <Trans>It could be added until its expiry date. Ask {from} about it: they can have it refunded.</Trans>
        )}
      </Notice>
    );
  if (card.state === 'refunded')
    return (
      <Notice tone="warning" title={t`This gift card was refunded`}>
        <Trans>{from} had it refunded, so it can no longer be added.</Trans>
      </Notice>
    );
  return (
    <div className="flex flex-col gap-3">
      {claimError && (
        <Notice tone="danger" title={t`We couldn't add it`}>
          {claimError}
        </Notice>
      )}
      <Button onClick={onClaim} loading={claiming} icon={<GiftIcon size={18} />}>
        <Trans>Add to my wallet</Trans>
      </Button>
      <p className="text-sm text-muted">
        <Trans>It goes into your wallet as gift money, spent first when you pay from the wallet.</Trans>
        {expiry ? ' ' + t`Add it by ${expiry}.` : ''}
      </p>
    </div>
  );
}

/** /gift/:number: a gift card someone sent, opened from its link, and added to the wallet. */
export function GiftCardScreen(props: GiftCardScreenProps) {
  const { card, loading = false, error, onRetry, onBack, nav } = props;
  const { t } = useLingui();
  let body: ReactNode;
  if (error && !card) {
    body = <ErrorState title={t`We couldn't open this gift card`} message={error} onRetry={onRetry} />;
  } else if (loading || !card) {
    body = (
      <SkeletonGroup label={t`Opening your gift card`} className="flex flex-col gap-3">
        <Skeleton height="16rem" />
        <Skeleton height="3rem" />
      </SkeletonGroup>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <CardFace card={card} currency={props.currency} locale={props.locale} />
        <Standing {...props} card={card} />
      </div>
    );
  }
  return (
    <AppShell header={<TopBar title={t`Your gift card`} onBack={onBack} />} nav={nav}>
      {body}
    </AppShell>
  );
}
