import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ReactNode } from 'react';
import { i18n } from '#i18n/i18n';
import type { CustomerOffer } from '#contract/offers';
import { AppShell, Button, CheckIcon, CopyIcon, EmptyState, ErrorState, Money, Skeleton, SkeletonGroup, TagIcon, TopBar, cardClass, cx } from '../../ui';
import { formatDateTime } from '../../ui/lib/dates';

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const DAY_NAMES: Record<string, MessageDescriptor> = {
  mon: msg`Mon`,
  tue: msg`Tue`,
  wed: msg`Wed`,
  thu: msg`Thu`,
  fri: msg`Fri`,
  sat: msg`Sat`,
  sun: msg`Sun`,
};
const DAY_ORDER = Object.keys(DAY_NAMES);

/**
 * An offer's days and hours in the language spoken ("Sat and Sun, 14:00–17:00 only"), as the contract's
 * windowWords says them in English for the console; null when it runs at every hour of its dates.
 */
function windowText(offer: Pick<CustomerOffer, 'days' | 'hours' | 'rrule'>): string | null {
  const days = [...offer.days].sort((a, b) => DAY_ORDER.indexOf(a) - DAY_ORDER.indexOf(b)).map((d) => (DAY_NAMES[d] ? i18n._(DAY_NAMES[d]) : d));
  const last = days.at(-1) ?? '';
  const rest = days.slice(0, -1).join(', ');
  const dayWords = days.length === 0 ? null : days.length === 1 ? last : t`${rest} and ${last}`;
  const hours = offer.hours ? `${offer.hours.start}–${offer.hours.end}` : null;
  const when = [dayWords, hours].filter((p): p is string => p !== null).join(', ');
  const rule = offer.rrule;
  const parts = [when ? t`${when} only` : null, rule ? t`on the days of the rule ${rule}` : null].filter(Boolean);
  return parts.length ? upperFirst(parts.join(', ')) : null;
}

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
  const { t } = useLingui();
  const only = offer.fulfilments.length === 1 ? (offer.fulfilments[0] === 'pickup' ? t`Pickup orders only` : t`Delivery orders only`) : null;
  const until = offer.ends_at ? formatDateTime(offer.ends_at, locale, timeZone) : null;
  const window = windowText(offer);
  return (
    <ul className="flex flex-col gap-0.5 text-sm text-muted">
      <li>
        {offer.min_spend > 0 ? (
          <Trans>
            On orders of <Money amount={offer.min_spend} currency={currency} locale={locale} className="font-medium text-ink" /> or more
          </Trans>
        ) : (
          t`No minimum spend`
        )}
      </li>
      <li>{until ? t`Until ${until}` : t`No end date`}</li>
      {window && <li>{window}</li>}
      {only && <li>{only}</li>}
      {offer.location_ids.length > 0 && (
        <li>
          <Trans>At some of our locations only</Trans>
        </li>
      )}
      {!offer.combines_with_voucher && (
        <li>
          <Trans>Not together with a reward voucher</Trans>
        </li>
      )}
    </ul>
  );
}

function copiedWords(c: { code: string; ok: boolean }): string {
  const code = c.code;
  return c.ok ? t`${code} copied.` : t`We couldn't copy it. Select the code and copy it yourself.`;
}

/** An offer's code, with Copy and Use at checkout. */
function CodeActions({ code, onCopy, onUse }: { code: string } & Pick<OffersScreenProps, 'onCopy' | 'onUse'>) {
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="flex min-h-11 items-center rounded-xl border-2 border-dashed border-brand-ink px-3 font-mono text-lg font-bold tracking-wider text-brand-ink select-all">
        <span className="sr-only">
          <Trans>Code</Trans>{' '}
        </span>
        {code}
      </p>
      {onCopy && (
        <Button variant="secondary" icon={<CopyIcon size={18} />} onClick={() => onCopy(code)} aria-label={t`Copy code ${code}`}>
          <Trans>Copy</Trans>
        </Button>
      )}
      {onUse && (
        <Button onClick={() => onUse(code)}>
          <Trans>Use at checkout</Trans>
        </Button>
      )}
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
          <Trans>Applies by itself to orders it fits. No code needed.</Trans>
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
  const { t } = useLingui();
  let body: ReactNode;
  if (error && !offers) {
    body = <ErrorState title={t`We couldn't load your offers`} message={error} onRetry={onRetry} />;
  } else if (loading || !offers) {
    body = (
      <SkeletonGroup label={t`Loading your offers`} className="flex flex-col gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="9rem" />
        ))}
      </SkeletonGroup>
    );
  } else if (offers.length === 0) {
    body = <EmptyState icon={<TagIcon size={40} />} title={t`No offers right now. Check back soon.`} />;
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-muted">
          <Trans>Give a code at checkout, under “Add a promo code”. One code per order.</Trans>
        </p>
        <ul className="flex flex-col gap-3" aria-label={t`Offers`}>
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
    <AppShell header={<TopBar title={t`Offers for you`} onBack={onBack} />} nav={nav}>
      {body}
    </AppShell>
  );
}
