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
  return (
    <figure className={cx(cardClass(), 'flex flex-col gap-3 overflow-hidden p-0')}>
      <img src={card.design.picture} alt={card.design.name} width={320} height={200} className="aspect-[8/5] max-h-64 w-full bg-surface object-contain" />
      <figcaption className="flex flex-col gap-1 px-4 pb-4">
        <p className="text-sm text-muted">
          For {card.to_name}, from {card.from_name}
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
  if (claimed) {
    return (
      <div className="flex flex-col gap-3">
        <Notice tone="success" title="Added to your wallet">
          <Money amount={claimed.amount} currency={props.currency} locale={locale} /> is in your wallet as gift money. Your balance is{' '}
          <Money amount={claimed.balance} currency={props.currency} locale={locale} />.
        </Notice>
        <div className="flex flex-wrap gap-2">
          {onShop && <Button onClick={onShop}>Order with it</Button>}
          {onWallet && (
            <Button variant="secondary" icon={<WalletIcon size={18} />} onClick={onWallet}>
              See my wallet
            </Button>
          )}
        </div>
      </div>
    );
  }
  if (card.state === 'claimed')
    return card.claimed_by_you ? (
      <Notice tone="success" title="It's in your wallet" action={onWallet && <Button onClick={onWallet}>See my wallet</Button>}>
        You added this gift card to your wallet already.
      </Notice>
    ) : (
      <Notice tone="warning" title="Already added">
        This gift card has been added to a wallet already.
      </Notice>
    );
  if (card.state === 'expired')
    return (
      <Notice tone="warning" title="This gift card has expired">
        It could be added until {card.expires_at ? formatDateTime(card.expires_at, locale, timeZone) : 'its expiry date'}. Ask {card.from_name} about it: they
        can have it refunded.
      </Notice>
    );
  if (card.state === 'refunded')
    return (
      <Notice tone="warning" title="This gift card was refunded">
        {card.from_name} had it refunded, so it can no longer be added.
      </Notice>
    );
  return (
    <div className="flex flex-col gap-3">
      {claimError && (
        <Notice tone="danger" title="We couldn't add it">
          {claimError}
        </Notice>
      )}
      <Button onClick={onClaim} loading={claiming} icon={<GiftIcon size={18} />}>
        Add to my wallet
      </Button>
      <p className="text-sm text-muted">
        It goes into your wallet as gift money, spent first when you pay from the wallet.
        {card.expires_at ? ` Add it by ${formatDateTime(card.expires_at, locale, timeZone)}.` : ''}
      </p>
    </div>
  );
}

/** /gift/:number: a gift card someone sent, opened from its link, and added to the wallet. */
export function GiftCardScreen(props: GiftCardScreenProps) {
  const { card, loading = false, error, onRetry, onBack, nav } = props;
  let body: ReactNode;
  if (error && !card) {
    body = <ErrorState title="We couldn't open this gift card" message={error} onRetry={onRetry} />;
  } else if (loading || !card) {
    body = (
      <SkeletonGroup label="Opening your gift card" className="flex flex-col gap-3">
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
    <AppShell header={<TopBar title="Your gift card" onBack={onBack} />} nav={nav}>
      {body}
    </AppShell>
  );
}
