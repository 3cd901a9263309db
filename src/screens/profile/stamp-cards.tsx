import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StampCard } from '#contract/stamps';
import { Card, CheckIcon, GiftIcon, SectionHeading, cx } from '../../ui';
import { formatDate } from '../../ui/lib/dates';

export interface StampCardsProps {
  /** The customer's cards; none: nothing shows. */
  cards?: StampCard[];
  /** Home: each card's stamps and its one-line summary, and "Details" (onOpenDetails); else every detail. */
  compact?: boolean;
  onOpenDetails?: () => void;
  locale: string;
  /** The merchant's time zone for dates (default UTC). */
  timeZone?: string;
}

/** "7 of 10 stamps" */
function stampCount(card: StampCard): string {
  const { stamps, stamps_needed: needed } = card;
  return t`${stamps} of ${needed} stamps`;
}

/** "7 of 10 stamps — 3 more for a free Latte" (a reward titled "Free Latte" is still "a free Latte"). */
function summary(card: StampCard): string {
  const left = card.stamps_needed - card.stamps;
  const { stamps, stamps_needed: needed } = card;
  const item = card.reward_title.replace(/^free\s+/i, '');
  // the owner lowered the stamps needed under this card's: it fills with the next stamp
  return left > 0
    ? t`${stamps} of ${needed} stamps — ${left} more for a free ${item}`
    : t`${stamps} of ${needed} stamps — your next stamp brings a free ${item}`;
}

/**
 * "1 stamp for each Latte or Cappuccino", "1 stamp for each item from Pastries" (a category is not a thing
 * bought), "1 stamp per visit with Pastries or Ensaymada".
 */
function earning(card: StampCard, locale: string): string {
  const list = (names: string[]) => new Intl.ListFormat(locale, { type: 'disjunction' }).format(names);
  if (card.per === 'visit') {
    const things = list(card.qualifying);
    return t`1 stamp per visit with ${things}`;
  }
  const things = list(card.qualifying.map((name) => (card.qualifying_categories.includes(name) ? t`item from ${name}` : name)));
  return t`1 stamp for each ${things}`;
}

/** The card's circles, stamped ones filled, the last one the reward; read as "7 of 10 stamps". */
function StampRow({ card, compact }: { card: StampCard; compact?: boolean }) {
  // compact: 10 stamps fit a phone's width on one line
  const size = compact ? 'size-7' : 'size-9';
  return (
    <div role="img" aria-label={stampCount(card)} className={cx('flex flex-wrap', compact ? 'gap-1' : 'gap-1.5', card.status === 'paused' && 'opacity-60')}>
      {Array.from({ length: card.stamps_needed }, (_, i) => {
        const stamped = i < card.stamps;
        const last = i === card.stamps_needed - 1;
        return (
          <span
            key={i}
            className={cx(
              'inline-flex items-center justify-center rounded-full border-2',
              size,
              stamped ? 'border-brand bg-brand text-brand-contrast' : last ? 'border-brand-ink text-brand-ink' : 'border-dashed border-border',
            )}
          >
            {last ? <GiftIcon size={compact ? 14 : 18} /> : stamped && <CheckIcon size={compact ? 14 : 18} />}
          </span>
        );
      })}
    </div>
  );
}

function StampCardItem({ card, compact, locale, timeZone }: { card: StampCard; compact?: boolean; locale: string; timeZone?: string }) {
  const paused = card.status === 'paused';
  const filled = card.cards_filled;
  const expires = card.expires_at ? <time dateTime={card.expires_at}>{formatDate(card.expires_at, locale, timeZone)}</time> : null;
  return (
    <Card as="li" padding={compact ? 'sm' : 'md'} className="flex flex-col gap-2">
      <h3 className="font-semibold">{card.name}</h3>
      <StampRow card={card} compact={compact} />
      <p className="text-sm font-medium">{summary(card)}</p>
      {paused && (
        <p className="text-sm text-muted">
          <Trans>Paused for now: your stamps are kept</Trans>
        </p>
      )}
      {!compact && (
        <>
          {!paused && <p className="text-sm text-muted">{earning(card, locale)}</p>}
          {card.expires_at && (
            <p className="text-sm text-muted">
              <Trans>Stamps expire {expires}</Trans>
            </p>
          )}
          {card.cards_filled > 0 && <p className="text-sm text-muted">{plural(filled, { one: 'You have filled # card', other: 'You have filled # cards' })}</p>}
        </>
      )}
    </Card>
  );
}

/** The customer's stamp cards, on Home (compact) and on the Points page (every detail). */
export function StampCards({ cards = [], compact, onOpenDetails, locale, timeZone }: StampCardsProps) {
  const { t } = useLingui();
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="stamp-cards" className="flex flex-col gap-3">
      <SectionHeading id="stamp-cards" action={compact && onOpenDetails ? t`Details` : null} onAction={onOpenDetails}>
        <Trans>Stamp cards</Trans>
      </SectionHeading>
      <ul className="grid gap-3 md:grid-cols-2">
        {cards.map((card) => (
          <StampCardItem key={card.program_id} card={card} compact={compact} locale={locale} timeZone={timeZone} />
        ))}
      </ul>
    </section>
  );
}
