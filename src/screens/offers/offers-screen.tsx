import type { ReactNode } from 'react';
import { windowWords, type CustomerOffer } from '#contract/offers';
import { AppShell, Button, CheckIcon, CopyIcon, EmptyState, ErrorState, Money, Skeleton, SkeletonGroup, TagIcon, TopBar, cardClass, cx } from '../../ui';
import { formatDateTime } from '../../ui/lib/dates';

const upperFirst = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

export interface OffersScreenProps {
  /** The offers this customer could use now, soonest ending first (the provider's order). */
  offers?: CustomerOffer[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** Copies a code (the container uses the clipboard). */
  onCopy?: (code: string) => void;
  /** After Copy: the code, and whether it was copied. */
  copied?: { code: string; ok: boolean } | null;
  /** Puts the code on the order and goes to checkout; absent while the cart is empty. */
  onUse?: (code: string) => void;
  onBack?: () => void;
  nav?: ReactNode;
  currency: string;
  locale: string;
  timeZone?: string;
}

/** An offer's terms in words: its minimum spend, its end, and where it does not apply. */
function Terms({ offer, currency, locale, timeZone }: { offer: CustomerOffer } & Pick<OffersScreenProps, 'currency' | 'locale' | 'timeZone'>) {
  const only = offer.fulfilments.length === 1 ? (offer.fulfilments[0] === 'pickup' ? 'Pickup orders only' : 'Delivery orders only') : null;
  return (
    <ul className="flex flex-col gap-0.5 text-sm text-muted">
      <li>
        {offer.min_spend > 0 ? (
          <>
            On orders of <Money amount={offer.min_spend} currency={currency} locale={locale} className="font-medium text-ink" /> or more
          </>
        ) : (
          'No minimum spend'
        )}
      </li>
      <li>{offer.ends_at ? `Until ${formatDateTime(offer.ends_at, locale, timeZone)}` : 'No end date'}</li>
      {windowWords(offer) && <li>{upperFirst(windowWords(offer)!)}</li>}
      {only && <li>{only}</li>}
      {offer.location_ids.length > 0 && <li>At some of our locations only</li>}
      {!offer.combines_with_voucher && <li>Not together with a reward voucher</li>}
    </ul>
  );
}

const copiedWords = (c: { code: string; ok: boolean }) => (c.ok ? `${c.code} copied.` : "We couldn't copy it. Select the code and copy it yourself.");

/** An offer's code, with Copy and Use at checkout. */
function CodeActions({ code, onCopy, onUse }: { code: string } & Pick<OffersScreenProps, 'onCopy' | 'onUse'>) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="flex min-h-11 items-center rounded-xl border-2 border-dashed border-brand-ink px-3 font-mono text-lg font-bold tracking-wider text-brand-ink select-all">
        <span className="sr-only">Code </span>
        {code}
      </p>
      {onCopy && (
        <Button variant="secondary" icon={<CopyIcon size={18} />} onClick={() => onCopy(code)} aria-label={`Copy code ${code}`}>
          Copy
        </Button>
      )}
      {onUse && <Button onClick={() => onUse(code)}>Use at checkout</Button>}
    </div>
  );
}

/** One offer: what it is, its code to copy (or use at once) or that it applies by itself, and its terms. */
function OfferCard({ offer, props }: { offer: CustomerOffer; props: OffersScreenProps }) {
  const { onCopy, copied, onUse } = props;
  const headingId = `offer-${offer.id}`;
  const status = offer.code !== null && copied?.code === offer.code ? copiedWords(copied) : null;
  return (
    <li aria-labelledby={headingId} className={cx(cardClass(), 'flex flex-col gap-3')}>
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="mt-0.5 text-brand-ink">
          <TagIcon size={24} />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 id={headingId} className="text-lg font-semibold break-words">
            {offer.title}
          </h2>
          {offer.description && <p className="break-words">{offer.description}</p>}
        </div>
      </div>
      {offer.code === null ? (
        // an automatic offer: nothing to type, the quote applies it to an order it fits
        <p className="flex items-center gap-2 font-medium text-success">
          <CheckIcon size={18} />
          Applies by itself to orders it fits. No code needed.
        </p>
      ) : (
        <CodeActions code={offer.code} onCopy={onCopy} onUse={onUse} />
      )}
      {status && <p className={copied?.ok === false ? 'text-sm font-medium text-danger' : 'text-sm font-medium text-success'}>{status}</p>}
      <Terms offer={offer} currency={props.currency} locale={props.locale} timeZone={props.timeZone} />
    </li>
  );
}

/** /offers: the offers this customer could use now, each with its code to give at checkout. */
export function OffersScreen(props: OffersScreenProps) {
  const { offers, loading = false, error, onRetry, onBack, nav } = props;
  let body: ReactNode;
  if (error && !offers) {
    body = <ErrorState title="We couldn't load your offers" message={error} onRetry={onRetry} />;
  } else if (loading || !offers) {
    body = (
      <SkeletonGroup label="Loading your offers" className="flex flex-col gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="9rem" />
        ))}
      </SkeletonGroup>
    );
  } else if (offers.length === 0) {
    body = <EmptyState icon={<TagIcon size={40} />} title="No offers right now. Check back soon." />;
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-muted">Give a code at checkout, under “Add a promo code”. One code per order.</p>
        <ul className="flex flex-col gap-3" aria-label="Offers">
          {offers.map((o) => (
            <OfferCard key={o.id} offer={o} props={props} />
          ))}
        </ul>
        {/* what Copy did, said once for a screen reader (each card shows it too) */}
        <p role="status" className="sr-only">
          {props.copied ? copiedWords(props.copied) : ''}
        </p>
      </div>
    );
  }
  return (
    <AppShell header={<TopBar title="Offers for you" onBack={onBack} />} nav={nav}>
      {body}
    </AppShell>
  );
}
