import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { RuleStatus } from '#contract/loyalty';
import type { StampProgram } from '#contract/stamps';
import { Badge, Button, Card, ConfirmRemove, EmptyState, ErrorState, Notice } from '../../../ui';
import { CardsLoading, StatusButtons, STATUS_TONE, useStatusChanges } from './loyalty-parts';
import { stampSummary, type RuleMenu } from './loyalty-words';
import { spoken } from '../shared/spoken';

export interface StampCardsProps {
  /** undefined while they load, or when they could not */
  programs?: StampProgram[] | undefined;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** answers null when done, else why not */
  onStatus: (id: number, status: RuleStatus) => Promise<string | null>;
}

interface SectionProps extends StampCardsProps {
  canEdit: boolean;
  menu: RuleMenu | undefined;
  locale: string;
  /** what the editor saved last ("Saved Coffee card."), said in the section */
  saved: string | null;
  /** null: a new programme */
  onEdit: (program: StampProgram | null) => void;
}

const STATUS_WORDS = spoken<RuleStatus>({ active: msg`Active`, paused: msg`Paused`, ended: msg`Ended` });

function ProgramCard({
  program: p,
  menu,
  locale,
  canEdit,
  busy,
  onEdit,
  onStatus,
  onEnd,
}: {
  program: StampProgram;
  menu: RuleMenu | undefined;
  locale: string;
  canEdit: boolean;
  busy: boolean;
  onEdit: () => void;
  onStatus: (s: RuleStatus) => void;
  onEnd: () => void;
}) {
  const headingId = `stamp-card-${p.id}`;
  const { t } = useLingui();
  const n = (v: number) => v.toLocaleString(locale);
  const inProgress = n(p.cards_in_progress);
  const cards = plural(p.cards_in_progress, { one: `${inProgress} card in progress`, other: `${inProgress} cards in progress` });
  const filled = n(p.cards_filled);
  const many = n(p.customers);
  const customers = plural(p.customers, { one: `${many} customer`, other: `${many} customers` });
  return (
    <Card as="li" aria-labelledby={headingId} className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <h3 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          {p.name} <Badge tone={STATUS_TONE[p.status]}>{STATUS_WORDS[p.status]}</Badge>
        </h3>
        <p>{stampSummary(p, menu, locale)}</p>
        <p className="text-sm text-muted">{p.customers === 0 ? t`No stamps given yet` : t`${cards}, ${filled} filled, ${customers}`}</p>
      </div>
      {canEdit && <StatusButtons name={p.name} status={p.status} busy={busy} onEdit={onEdit} onStatus={onStatus} onEnd={onEnd} />}
    </Card>
  );
}

const ORDER: Record<RuleStatus, number> = { active: 0, paused: 1, ended: 2 };

/** The Loyalty page's stamp cards ("buy 9, the 10th is free"): each programme in plain words with its cards, and its buttons for owners. */
export function StampCardsSection({ programs, loading, error, onRetry, onStatus, canEdit, menu, locale, saved, onEdit }: SectionProps) {
  const { done, setDone, failed, busy, ending, setEnding, change } = useStatusChanges<StampProgram>(onStatus);
  const { t } = useLingui();
  let body;
  if (loading && !programs) body = <CardsLoading label={t`Loading the stamp cards`} cards={2} />;
  else if (!programs) body = <ErrorState title={t`We could not load the stamp cards`} message={error ?? t`Please try again.`} onRetry={onRetry} />;
  else if (programs.length === 0)
    body = (
      <EmptyState
        title={t`No stamp cards yet`}
        description={canEdit ? t`Add one: a coffee card where the 10th latte is free, a pastry card for regulars.` : t`Customers collect points on every sale.`}
        action={canEdit && <Button onClick={() => onEdit(null)}>{t`Add the first stamp card`}</Button>}
      />
    );
  else
    body = (
      <ul className="flex flex-col gap-3" aria-label={t`Stamp card programmes`}>
        {[...programs]
          .sort((a, b) => ORDER[a.status] - ORDER[b.status])
          .map((p) => (
            <ProgramCard
              key={p.id}
              program={p}
              menu={menu}
              locale={locale}
              canEdit={canEdit}
              busy={busy === p.id}
              onEdit={() => {
                setDone(null);
                onEdit(p);
              }}
              onStatus={(s) => void change(p, s)}
              onEnd={() => setEnding(p)}
            />
          ))}
      </ul>
    );
  const message = done ?? (failed ? null : saved);
  return (
    <section aria-labelledby="stamp-cards" className="flex flex-col gap-3 border-t border-border pt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="stamp-cards" className="text-xl font-semibold">
          {t`Stamp cards`}
        </h2>
        {canEdit && programs && programs.length > 0 && (
          <Button
            onClick={() => {
              setDone(null);
              onEdit(null);
            }}
          >
            {t`Add a stamp card`}
          </Button>
        )}
      </div>
      <p className="text-muted">
        {t`Buy 9, the 10th is free: stamps come in addition to points, and a full card gives a reward from your catalogue as a voucher.`}
      </p>
      <div aria-live="polite">
        {message && <Notice tone="success">{message}</Notice>}
        {failed && <Notice tone="danger">{failed}</Notice>}
      </div>
      {body}
      <ConfirmRemove
        item={ending}
        verb={t`End`}
        description={t`Ending is final: the programme gives no more stamps, its cards in progress close and it cannot be resumed. Vouchers it already gave stay with the customers.`}
        onRemove={(p) => void change(p, 'ended')}
        onClose={() => setEnding(null)}
      />
    </section>
  );
}
