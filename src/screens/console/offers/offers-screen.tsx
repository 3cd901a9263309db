import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ConsoleOffer, OfferCodeBatch, OfferFields, OfferStatus } from '#contract/offers';
import { Badge, Button, Card, Dialog, EmptyState, ErrorState, Notice, SkeletonGroup, SkeletonText, TagIcon, cx, focusRing, type RenderLink } from '../../../ui';
import { formatDateTime } from '../../../ui/lib/dates';
import { plainLink } from '../../../ui/lib/link';
import type { EditorPageProps, SaveProblem } from '../shared/editor-fields';
import type { RuleMenu } from '../shared/product-picker';
import { OfferEditor, type OfferLocationChoice, type OfferTierChoice } from './offer-editor';
import { SingleCodes } from './single-codes';
import { OFFER_STATE_LABEL, OFFER_STATE_TONE, givenWords, givesWords, rulesWords, usesWords, whenWords, type WordsFormat } from './offer-words';

export interface ConsoleOffersScreenProps extends EditorPageProps {
  offers?: ConsoleOffer[] | undefined;
  /** the offer whose page is open (/merchant/offers/:id); null: the list */
  selectedId?: number | null;
  offerHref: (id: number) => string;
  listHref: string;
  renderLink?: RenderLink;
  /** owners add and change offers; staff read them */
  canEdit: boolean;
  /** the shop's locations, to limit an offer to some of them */
  locations: OfferLocationChoice[];
  /** the menu, to name and choose a free product's or buy X get Y's items (undefined while it loads) */
  menu: RuleMenu | undefined;
  /** the loyalty tiers, to offer to members of one (none while tiers are off) */
  tiers?: OfferTierChoice[];
  /** the shop's time zone: an offer's start and end are typed and shown in it */
  timeZone: string;
  /** id null: a new offer. Answers null when saved, else what the provider refused. */
  onSave: (id: number | null, fields: OfferFields) => Promise<SaveProblem | null>;
  /** pause, resume (`active`) or archive: null when done, else what the provider refused */
  onStatus: (id: number, status: OfferStatus) => Promise<SaveProblem | null>;
  /** the open offer's batches of single-use codes, newest first (undefined while they load), and why they could not be read */
  codeBatches?: OfferCodeBatch[] | undefined;
  codeBatchesError?: string | null;
  onCodeBatchesRetry?: () => void;
  /** a batch of single-use codes for the offer: null when made, else what the provider refused */
  onMakeCodes?: (offerId: number, count: number, prefix: string) => Promise<SaveProblem | null>;
  /** the address of a batch's CSV download */
  codesCsvHref?: (batchId: number) => string;
  /** the editor open at first (stories): a new offer, or an offer's id */
  initialEditing?: 'new' | number | null;
}

/** Figures side by side: uses, discount given, orders, new customers. */
function Figures({ items }: { items: Array<[string, string]> }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-lg bg-surface p-2">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="font-semibold break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An offer's code, set apart; or how it applies without one. */
function Code({ offer }: { offer: Pick<ConsoleOffer, 'code' | 'single_use'> }) {
  const { t } = useLingui();
  return offer.code ? (
    <span className="rounded bg-surface px-1.5 py-0.5 font-mono font-semibold tracking-wide text-ink">{offer.code}</span>
  ) : (
    <span className="font-medium">{offer.single_use ? t`Single-use codes` : t`Applies by itself`}</span>
  );
}

/** One row of the list: the offer, where it stands, its code, its uses and discount against its limits; its page a click away. */
function OfferRow({ offer, props, f }: { offer: ConsoleOffer; props: ConsoleOffersScreenProps; f: WordsFormat }) {
  const headingId = useId();
  const { t } = useLingui();
  const { renderLink = plainLink } = props;
  const at = (iso: string) => formatDateTime(iso, f.locale, f.timeZone);
  return (
    <Card as="li" aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {renderLink({ href: props.offerHref(offer.id), className: cx('rounded text-brand-ink underline', focusRing), children: offer.title })}
        </h3>
        <Badge tone={OFFER_STATE_TONE[offer.state]}>{OFFER_STATE_LABEL[offer.state]}</Badge>
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Code offer={offer} /> <span>{givesWords(offer, f, props.menu)}</span>
      </p>
      <Figures
        items={[
          [t`Uses`, usesWords(offer, f.locale)],
          [t`Discount given`, givenWords(offer, f)],
          offer.state === 'scheduled' ? [t`Starts`, at(offer.starts_at)] : [t`Ends`, offer.ends_at ? at(offer.ends_at) : t`No end`],
        ]}
      />
    </Card>
  );
}

/** The list: the offers in use first, the archived ones after. */
function OfferList({ offers, props, f }: { offers: ConsoleOffer[]; props: ConsoleOffersScreenProps; f: WordsFormat }) {
  const { t } = useLingui();
  const current = offers.filter((o) => o.status !== 'archived');
  const archived = offers.filter((o) => o.status === 'archived');
  if (offers.length === 0)
    return (
      <EmptyState
        icon={<TagIcon size={40} />}
        title={t`No offers yet`}
        description={props.canEdit ? t`Add a promo code such as KOPI10 for this weekend.` : t`An owner can add promo codes here.`}
      />
    );
  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col gap-3" aria-label={t`Offers`}>
        {current.map((o) => (
          <OfferRow key={o.id} offer={o} props={props} f={f} />
        ))}
      </ul>
      {current.length === 0 && <p className="text-muted">{t`Every offer is archived.`}</p>}
      {archived.length > 0 && (
        <section aria-labelledby="offers-archived" className="flex flex-col gap-3">
          <h2 id="offers-archived" className="text-lg font-semibold">
            {t`Archived`}
          </h2>
          <ul className="flex flex-col gap-3" aria-label={t`Archived offers`}>
            {archived.map((o) => (
              <OfferRow key={o.id} offer={o} props={props} f={f} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Pause or resume, and archive (asked once more: it is for good). */
function StatusControls({ offer, onStatus, onEdit }: { offer: ConsoleOffer; onStatus: ConsoleOffersScreenProps['onStatus']; onEdit: () => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState<OfferStatus | null>(null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const title = offer.title;
  const run = async (status: OfferStatus) => {
    setBusy(status);
    const refused = await onStatus(offer.id, status);
    setBusy(null);
    setProblem(refused);
    if (!refused) setConfirming(false);
  };
  if (offer.status === 'archived') return <p className="text-muted">{t`Archived: its code no longer works, and it cannot change.`}</p>;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button onClick={onEdit}>{t`Edit`}</Button>
        {offer.status === 'paused' ? (
          <Button variant="secondary" loading={busy === 'active'} onClick={() => void run('active')}>
            {t`Resume`}
          </Button>
        ) : (
          <Button variant="secondary" loading={busy === 'paused'} onClick={() => void run('paused')}>
            {t`Pause`}
          </Button>
        )}
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t`Archive`}
        </Button>
      </div>
      {problem && !confirming && <Notice tone="danger">{problem.message}</Notice>}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Archive ${title}?`}
        description={t`Its code stops working for good, and may then be given to a new offer. Orders already placed keep their discount.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t`Cancel`}
            </Button>
            <Button variant="danger" loading={busy === 'archived'} onClick={() => void run('archived')}>
              {t`Archive offer`}
            </Button>
          </>
        }
      >
        {problem && <Notice tone="danger">{problem.message}</Notice>}
      </Dialog>
    </div>
  );
}

/** An offer's page: its terms in words, what it has done, and (owners) edit, pause or resume, archive. */
function OfferPage({ offer, props, f, onEdit }: { offer: ConsoleOffer; props: ConsoleOffersScreenProps; f: WordsFormat; onEdit: () => void }) {
  const { t } = useLingui();
  const name = (id: number) => props.locations.find((l) => l.id === id)?.name ?? t`Location ${id}`;
  const tier = (p: number) => {
    const number = p + 1;
    return props.tiers?.find((x) => x.position === p)?.name ?? t`tier ${number}`;
  };
  const n = (v: number) => v.toLocaleString(f.locale);
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold break-words">{offer.title}</h2>
        <Badge tone={OFFER_STATE_TONE[offer.state]}>{OFFER_STATE_LABEL[offer.state]}</Badge>
      </div>
      {offer.description && <p>{offer.description}</p>}
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Code offer={offer} /> <span>{givesWords(offer, f, props.menu)}</span>
      </p>
      <p className="text-muted">{whenWords(offer, f)}</p>
      <p className="text-muted">{rulesWords(offer, f, name, tier)}</p>
      <section aria-label={t`What it has done`} className="flex flex-col gap-2">
        <Figures
          items={[
            [t`Uses`, usesWords(offer, f.locale)],
            [t`Discount given`, givenWords(offer, f)],
            [t`Orders paid`, n(offer.orders)],
            [t`New customers`, n(offer.new_customers)],
          ]}
        />
        <p className="text-sm text-muted">{t`Uses are orders placed with the code and not cancelled; new customers are those whose first order used it.`}</p>
      </section>
      {(offer.single_use || offer.single_codes > 0) && (
        <SingleCodes
          offer={offer}
          batches={props.codeBatches}
          error={props.codeBatchesError ?? null}
          onRetry={() => props.onCodeBatchesRetry?.()}
          canEdit={props.canEdit}
          onMake={(count, prefix) => props.onMakeCodes?.(offer.id, count, prefix) ?? Promise.resolve(null)}
          csvHref={(batchId) => props.codesCsvHref?.(batchId) ?? '#'}
          format={f}
        />
      )}
      {props.canEdit && <StatusControls offer={offer} onStatus={props.onStatus} onEdit={onEdit} />}
    </Card>
  );
}

/**
 * /merchant/offers and /merchant/offers/:id (staff read, owners change, issue 50): every offer with where
 * it stands and its uses and discount against its limits; an offer's page with what it has done, and the
 * editor in a dialog.
 */
export function ConsoleOffersScreen(props: ConsoleOffersScreenProps) {
  const { offers, loading, error, onRetry, selectedId = null, canEdit, renderLink = plainLink } = props;
  const { t } = useLingui();
  const [editing, setEditing] = useState<'new' | number | null>(props.initialEditing ?? null);
  const f: WordsFormat = { currency: props.currency, locale: props.locale, timeZone: props.timeZone };
  const selected = selectedId === null ? null : (offers?.find((o) => o.id === selectedId) ?? null);
  const edited = typeof editing === 'number' ? (offers?.find((o) => o.id === editing) ?? null) : null;
  const editedTitle = edited?.title;

  let body;
  if (loading && !offers)
    body = (
      <SkeletonGroup label={t`Loading the offers`} className="flex flex-col gap-3">
        {[0, 1, 2].map((i) => (
          <Card key={i}>
            <SkeletonText lines={3} />
          </Card>
        ))}
      </SkeletonGroup>
    );
  else if (!offers) body = <ErrorState title={t`We could not load the offers`} message={error ?? t`Please try again.`} onRetry={onRetry} />;
  else if (selectedId !== null && !selected)
    body = <EmptyState title={t`No such offer`} description={t`It may have been removed, or the address is mistyped.`} />;
  else if (selected) body = <OfferPage offer={selected} props={props} f={f} onEdit={() => setEditing(selected.id)} />;
  else body = <OfferList offers={offers} props={props} f={f} />;

  return (
    <div className="flex flex-col gap-4">
      {selectedId !== null ? (
        renderLink({ href: props.listHref, className: cx('self-start rounded font-medium text-brand-ink underline', focusRing), children: t`All offers` })
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-muted">{t`Promo codes customers give at checkout. One code per order; customers see them in “Offers for you”.`}</p>
          {canEdit && <Button onClick={() => setEditing('new')}>{t`Add an offer`}</Button>}
        </div>
      )}
      {!canEdit && <Notice tone="info">{t`Only an owner can change the offers.`}</Notice>}
      {body}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} title={edited ? t`Edit ${editedTitle}` : t`Add an offer`}>
        {editing !== null && (
          <OfferEditor
            offer={edited}
            locations={props.locations}
            menu={props.menu}
            tiers={props.tiers ?? []}
            format={f}
            onSave={(fields) => props.onSave(edited ? edited.id : null, fields)}
            onDone={() => setEditing(null)}
          />
        )}
      </Dialog>
    </div>
  );
}
