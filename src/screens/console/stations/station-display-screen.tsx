import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { consoleHref } from '#contract/console-routes';
import { waitTone, type StationTicket, type StationTicketsData } from '#contract/stations';
import { Button, EmptyState, ErrorState, Notice, SkeletonGroup, SkeletonText, cx, focusRing, type RenderLink } from '../../../ui';
import { plainLink } from '../../../ui/lib/link';
import { spoken } from '../shared/spoken';

export interface StationDisplayScreenProps {
  data?: StationTicketsData | undefined;
  loading?: boolean;
  /** the last refresh failed and nothing was read yet */
  error?: string | null;
  onRetry?: () => void;
  /** the network is down (or the last refreshes failed): the last tickets stay on screen */
  offline?: boolean;
  /** now, for the waiting times (ISO) */
  now: string;
  /** a line (its id) or the whole ticket (null) tapped: bumped, or un-bumped when it was bumped */
  onTap: (ticket: StationTicket, lineId: number | null) => void;
  /** what Undo would undo, in words; null: nothing to undo */
  undoLabel: string | null;
  onUndo: () => void;
  muted: boolean;
  onMutedChange: (muted: boolean) => void;
  /** the order being bumped */
  busy?: string | null;
  actionError?: string | null;
  /** a screen reader's news: new tickets */
  announcement?: string;
  renderLink?: RenderLink;
}

type WaitTone = ReturnType<typeof waitTone>;

const TONE: Record<WaitTone, { card: string; head: string }> = {
  fresh: { card: 'border-border', head: 'bg-surface text-ink' },
  soon: { card: 'border-warning', head: 'bg-warning/15 text-ink' },
  late: { card: 'border-danger', head: 'bg-danger text-danger-contrast' },
};

/** The word under a waiting time once it is getting late. */
const TONE_WORD = spoken<Exclude<WaitTone, 'fresh'>>({ soon: msg`Getting late`, late: msg`Late` });

/** The ticket header's name: "Bump all of A-12 for Ana, waiting 7 minutes (getting late)", one whole sentence per tone. */
function bumpAllWords(order: string, who: string, waiting: number, tone: WaitTone): string {
  if (tone === 'soon')
    return plural(waiting, {
      one: `Bump all of ${order} for ${who}, waiting # minute (getting late)`,
      other: `Bump all of ${order} for ${who}, waiting # minutes (getting late)`,
    });
  if (tone === 'late')
    return plural(waiting, {
      one: `Bump all of ${order} for ${who}, waiting # minute (late)`,
      other: `Bump all of ${order} for ${who}, waiting # minutes (late)`,
    });
  return plural(waiting, { one: `Bump all of ${order} for ${who}, waiting # minute`, other: `Bump all of ${order} for ${who}, waiting # minutes` });
}

/** Whole minutes since a time. */
const minutesSince = (at: string, now: string) => Math.max(0, Math.floor((Date.parse(now) - Date.parse(at)) / 60_000));

/**
 * /merchant/stations/:id/display (staff; issue 54): a station's screen, for a tablet in landscape. Its
 * open tickets oldest first, each with its waiting time (amber from half the station's late minutes, red
 * from them), the pickup name or table, and only this station's items with their options. Tap an item to
 * bump it (again to un-bump), the ticket's header to bump all of it; Undo takes back the last tap. A short
 * sound for a new ticket unless muted. Offline, the last tickets stay with a notice until it is back.
 */
export function StationDisplayScreen(props: StationDisplayScreenProps) {
  const { t } = useLingui();
  const { data, loading, error, onRetry, offline, renderLink = plainLink } = props;
  const back = renderLink({
    href: consoleHref('stations'),
    className: cx('inline-flex min-h-11 items-center font-medium text-brand-ink underline', focusRing),
    children: t`All stations`,
  });
  if (loading && !data)
    return (
      <SkeletonGroup label={t`Loading the tickets`} className="flex flex-col gap-3">
        <SkeletonText lines={6} />
      </SkeletonGroup>
    );
  if (!data)
    return (
      <div className="flex flex-col items-center">
        <ErrorState title={t`We could not load this station`} message={error ?? undefined} {...(onRetry ? { onRetry } : {})} />
        {back}
      </div>
    );
  const { station, tickets } = data;
  const name = station.name;
  const undo = props.undoLabel;
  const count = tickets.length;
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="mr-auto text-3xl font-bold">
          {station.name} <span className="text-xl font-normal text-muted">{plural(count, { one: '# ticket', other: '# tickets' })}</span>
        </h2>
        <Button variant="secondary" size="lg" onClick={props.onUndo} disabled={props.undoLabel === null} aria-label={undo ? t`Undo: ${undo}` : t`Undo`}>
          {t`Undo`}
        </Button>
        <Button variant="ghost" size="lg" aria-pressed={props.muted} onClick={() => props.onMutedChange(!props.muted)}>
          {props.muted ? t`Sound off` : t`Sound on`}
        </Button>
        {back}
      </header>
      {offline && (
        <Notice tone="warning" title={t`Offline — showing the last tickets`}>
          <Trans>New tickets and bumps from other screens show again as soon as the connection is back.</Trans>
        </Notice>
      )}
      {props.actionError && (
        <Notice tone="danger" title={t`That did not work`}>
          {props.actionError}
        </Notice>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {props.announcement ?? ''}
      </p>
      {tickets.length === 0 ? (
        <EmptyState title={t`No tickets`} description={t`New orders show here as soon as they are paid.`} />
      ) : (
        <ol className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label={t`${name} tickets, oldest first`}>
          {tickets.map((ticket) => (
            <Ticket key={ticket.order} ticket={ticket} late={station.late_minutes} {...props} />
          ))}
        </ol>
      )}
    </div>
  );
}

function Ticket({ ticket, late, now, onTap, busy }: StationDisplayScreenProps & { ticket: StationTicket; late: number }) {
  const { t } = useLingui();
  const waiting = minutesSince(ticket.paid_at ?? ticket.placed_at, now);
  const toneName = waitTone(waiting, late);
  const tone = TONE[toneName];
  const word = toneName === 'fresh' ? '' : TONE_WORD[toneName];
  const table = ticket.table_label;
  const who = table ? t`Table ${table}` : ticket.pickup_name;
  const working = busy === ticket.order;
  return (
    <li className={cx('flex flex-col overflow-hidden rounded-xl border-4 bg-surface-raised', tone.card)} aria-busy={working}>
      <button
        type="button"
        className={cx('flex min-h-16 w-full items-center justify-between gap-3 px-4 py-3 text-left', tone.head, focusRing)}
        onClick={() => onTap(ticket, null)}
        disabled={working}
        aria-label={bumpAllWords(ticket.order, who, waiting, toneName)}
      >
        <span className="flex flex-col">
          <span className="text-2xl font-bold">{who}</span>
          <span className="text-base">
            {ticket.order} · {ticket.fulfilment === 'delivery' ? t`Delivery` : ticket.fulfilment === 'pickup' ? t`Pickup` : t`Dine-in`}
          </span>
          {ticket.counter_due !== undefined && <span className="text-base font-bold">{t`Pay at counter`}</span>}
        </span>
        <span className="flex flex-col items-end">
          <span className="text-3xl font-bold whitespace-nowrap tabular-nums">{t`${waiting} min`}</span>
          {word && <span className="text-sm font-semibold">{word}</span>}
        </span>
      </button>
      <ul className="flex flex-col divide-y divide-border">
        {ticket.lines.map((l) => {
          const done = l.bumped_at !== null;
          return (
            <li key={l.id}>
              <button
                type="button"
                className={cx('flex min-h-14 w-full flex-col px-4 py-2 text-left', done ? 'bg-surface text-muted' : 'text-ink', focusRing)}
                aria-pressed={done}
                disabled={working}
                onClick={() => onTap(ticket, l.id)}
              >
                <span className={cx('text-xl font-semibold', done && 'line-through')}>
                  {l.qty} × {l.name}
                </span>
                {l.options.length > 0 && <span className="text-base">{l.options.map((o) => o.name).join(', ')}</span>}
                <span className="sr-only">{done ? t`made; tap to make again` : t`tap when made`}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
