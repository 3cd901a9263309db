import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { msg, t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useSpokenLanguage } from '#i18n/use-lingui';
import { COUNTER_SALE_MAX, type CounterEarn, type CounterEarnQuoteData, type CounterMember } from '#contract/counter';
import { formatMoney, moneyInput, parseMoney } from '#contract/money';
import type { StaffRole } from '#contract/staff';
import { Button, Card, Notice, TextField } from '../../../ui';
import { canUndo, morePoints, points, pointsFor, type CounterRefusal } from './counter-jobs';
import { CounterToday, TypedForm } from './counter-parts';
import { RewardChooser, Served, type RedeemRewardProps } from './counter-reward';
import { spoken } from '../shared/spoken';

/** "Give points": find the customer, type the sale, give its points (or a reward for their points), undo a mistake. */
export interface GivePointsProps extends RedeemRewardProps {
  /** a member card's code as typed, or a phone number as the customer says it (a scanned card comes through the scanner) */
  onFindMember: (find: { code: string } | { phone: string }) => void;
  finding?: boolean;
  /** the customer found, until their points are given or the next customer */
  member?: CounterMember | null;
  /** the card or phone was refused */
  memberRefusal?: CounterRefusal | null;
  /** the sale's amount, in minor units */
  onEarn: (amount: number) => void;
  earning?: boolean;
  /** the points were refused (a daily cap: the provider's words) */
  earnRefusal?: CounterRefusal | null;
  /** forgets the customer found (or the refusal), for the next one: the camera reads again */
  onClearMember: () => void;
  /** the points just given (or taken back since): the notice with Undo */
  earned?: CounterEarn | null;
  onUndoEarn: (earn: CounterEarn) => void;
  /** the earn an undo is being saved for */
  undoingEarn?: number | null;
  undoEarnError?: string | null;
  /** today's points given at the counter, newest first */
  earns?: CounterEarn[];
  earnsLoading?: boolean;
  earnsError?: string | null;
  onRetryEarns?: () => void;
  currency: string;
  /** minor units that earn one point (the shop's settings); absent: no preview */
  pointsPerAmount?: number | undefined;
  /** the amount typed, in minor units (null: none that earns), for the provider's quote */
  onAmountChange?: ((amount: number | null) => void) | undefined;
  /** what the provider says the amount earns (the customer's tier, the earning rules, the caps): shown once it is for the amount typed */
  quote?: CounterQuote | null | undefined;
}

/** The provider's quote for one amount (merchant/counter/earn/quote). */
export type CounterQuote = CounterEarnQuoteData & { amount: number };

interface Shared {
  role: StaffRole;
  now: number;
  locale: string;
  timeZone?: string | undefined;
}

const FINDERS = [
  {
    kind: 'code',
    words: spoken({
      heading: msg`Or type the card’s code`,
      label: msg`Code on the member card`,
      hint: msg`8 letters and digits under the card’s QR code. It changes every 30 seconds.`,
      empty: msg`Type the 8-character code shown under the member card’s QR code.`,
      button: msg`Check card`,
    }),
  },
  {
    kind: 'phone',
    words: spoken({
      heading: msg`No card? Find by phone`,
      label: msg`Customer’s phone number`,
      hint: msg`As the customer says it, for example 0917 555 0101.`,
      empty: msg`Type the phone number the customer signed up with.`,
      button: msg`Find by phone`,
    }),
  },
] as const;

/** The left column's typed ways to find a customer (the camera is above them). */
export function MemberFinder({ onFindMember, finding }: Pick<GivePointsProps, 'onFindMember' | 'finding'>) {
  // its words are read from a table: rendered again when the language changes
  useSpokenLanguage();
  return FINDERS.map(({ kind, words }) => (
    <section key={kind} aria-labelledby={`member-${kind}-heading`} className="flex flex-col gap-3">
      <h2 id={`member-${kind}-heading`} className="text-lg font-semibold">
        {words.heading}
      </h2>
      <TypedForm
        kind={kind}
        label={words.label}
        hint={words.hint}
        empty={words.empty}
        button={words.button}
        onSubmit={(text) => onFindMember(kind === 'code' ? { code: text } : { phone: text })}
        busy={finding}
      />
    </section>
  ));
}

/** What the amount typed earns: the provider's quote once it is for this amount; without one (a preview), the shop's rate alone. */
function earningOf(member: CounterMember, props: GivePointsProps, amount: number | null) {
  const quoted = props.quote && props.quote.amount === amount ? props.quote : null;
  if (quoted)
    return {
      earns: quoted.points,
      extras: quoted.points_breakdown.slice(1).map((p) => p.label),
      over: quoted.limit,
      left: quoted.points_left_today,
      pending: false,
    };
  const { pointsPerAmount } = props;
  const earns = amount !== null && pointsPerAmount ? pointsFor(amount, pointsPerAmount) : null;
  // asked for and not here yet: no number that may be wrong ("Earns 40", then 50 given)
  const pending = props.onAmountChange !== undefined && earns !== null && earns > 0;
  return {
    earns,
    extras: [],
    over: earns !== null && earns > member.points_left_today ? ('customer' as const) : null,
    left: member.points_left_today,
    pending,
  };
}

/** The sale's amount in major units, as the menu's prices are typed, and what it earns as it is typed. */
function AmountForm({ member, props, locale }: { member: CounterMember; props: GivePointsProps; locale: string }) {
  const { currency, pointsPerAmount, onEarn, earning, onAmountChange } = props;
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const overId = useId();
  // the customer was just found: the amount is what staff type next
  useEffect(() => input.current?.focus(), [member.customer_id]);
  const amount = text.trim() ? parseMoney(text, currency, locale) : null;
  const asked = amount !== null && amount >= 1 && amount <= COUNTER_SALE_MAX ? amount : null;
  useEffect(() => onAmountChange?.(asked), [asked, onAmountChange]);
  const { earns, extras, over, left, pending } = earningOf(member, props, amount);
  const { t } = useLingui();
  const rate = pointsPerAmount ? formatMoney(pointsPerAmount, currency, locale) : null;
  const more = morePoints(left);
  const customer = member.first_name;
  const overText = over === 'staff' ? t`You can give only ${more} today: ask an owner for more.` : t`${customer} can earn only ${more} at the counter today.`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const example = moneyInput(18_000, currency, locale);
    const most = formatMoney(COUNTER_SALE_MAX, currency, locale);
    if (amount === null || amount < 1) return setProblem(t`Type the amount of the sale, such as ${example}.`);
    if (amount > COUNTER_SALE_MAX) return setProblem(t`A sale can be at most ${most}.`);
    if (earns === 0) return setProblem(t`This sale earns no points: one point for each ${rate}.`);
    setProblem(undefined);
    onEarn(amount);
  };
  const earned = earns !== null ? points(earns) : '';
  const rules = extras.join(', ');
  const said = pending
    ? t`Working out the points…`
    : earns !== null
      ? extras.length
        ? t`Earns ${earned} (with ${rules})`
        : t`Earns ${earned}`
      : rate
        ? t`One point for each ${rate}`
        : '';
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <TextField
        ref={input}
        label={t`Amount of the sale (${currency})`}
        hint={t`The total on the receipt.`}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={problem}
      />
      <p aria-live="polite" className="text-lg font-semibold">
        {said}
      </p>
      {!pending && over && (
        <p id={overId} className="text-sm text-danger">
          {overText}
        </p>
      )}
      {/* over a daily cap the provider would refuse it: the button says so instead of failing after the tap */}
      <Button type="submit" size="lg" loading={earning} disabled={!pending && over !== null} aria-describedby={!pending && over ? overId : undefined}>
        {t`Give points`}
      </Button>
    </form>
  );
}

/** What staff do for the customer found: points for a sale, or a reward for their points. */
type MemberJob = 'points' | 'reward';

/** The customer found: who (first name, the phone's last 4), their points, what they may still earn today; then the sale, or a reward. */
function MemberPanel({ member, props, locale }: { member: CounterMember; props: GivePointsProps; locale: string }) {
  const { t } = useLingui();
  const headingId = useId();
  const [job, setJob] = useState<MemberJob>('points');
  const { first_name: customer, phone_last4: last4 } = member;
  const balance = points(member.points);
  const more = morePoints(member.points_left_today);
  const choose = (to: MemberJob) => {
    setJob(to);
    if (to === 'reward') props.onShowRewards();
  };
  return (
    <Card as="section" aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-xl font-semibold">
          {member.first_name}
        </h2>
        <span className="text-sm text-muted">{t`Phone ending ${last4}`}</span>
      </div>
      <p>
        {member.points_left_today > 0 ? (
          <Trans>
            <strong>{balance}</strong> now · can earn {more} today
          </Trans>
        ) : (
          <Trans>
            <strong>{balance}</strong> now · has reached today’s limit at the counter
          </Trans>
        )}
      </p>
      <div role="group" aria-label={t`What for ${customer}?`} className="grid grid-cols-2 gap-2">
        {(
          [
            ['points', t`Points for a sale`],
            ['reward', t`Redeem a reward`],
          ] as const
        ).map(([to, label]) => (
          <Button key={to} variant={job === to ? 'primary' : 'secondary'} aria-pressed={job === to} onClick={() => choose(to)}>
            {label}
          </Button>
        ))}
      </div>
      {job === 'reward' ? (
        <RewardChooser member={member} props={props} />
      ) : (
        <>
          {props.earnRefusal && (
            <Notice tone="danger" title={props.earnRefusal.title}>
              {props.earnRefusal.message}
            </Notice>
          )}
          <AmountForm member={member} props={props} locale={locale} />
        </>
      )}
      <Button variant="ghost" onClick={props.onClearMember}>
        {t`Not ${customer}? Next customer`}
      </Button>
    </Card>
  );
}

/** The points just given, with Undo for 2 minutes (an owner: any time); or that they were taken back. */
function Earned({ earn, props, shared }: { earn: CounterEarn; props: GivePointsProps; shared: Shared }) {
  const { onUndoEarn, undoingEarn, undoEarnError } = props;
  const { t } = useLingui();
  const what = earnedFor(earn.points, earn.customer_first_name);
  const amount = formatMoney(earn.amount, props.currency, shared.locale);
  const staff = earn.staff_name;
  return (
    <div className="flex flex-col gap-2">
      {earn.undone_at ? (
        <Notice title={t`Taken back: ${what}`}>{t`Their points are as they were before this sale.`}</Notice>
      ) : (
        <Notice
          tone="success"
          title={what}
          action={
            canUndo(earn, shared.role, shared.now) && (
              <Button size="sm" variant="secondary" onClick={() => onUndoEarn(earn)} loading={undoingEarn === earn.id}>
                <Trans>
                  Undo<span className="sr-only"> {what}</span>
                </Trans>
              </Button>
            )
          }
        >
          {t`For a sale of ${amount}, given by ${staff}. Scan the next customer’s card.`}
        </Notice>
      )}
      {undoEarnError && <Notice tone="danger">{undoEarnError}</Notice>}
    </div>
  );
}

/** The right column of "Give points": what was just given, then the customer found (or a refusal, or what to do). */
export function GivePointsResult({ props, shared }: { props: GivePointsProps; shared: Shared }) {
  const { member, memberRefusal, earned, served } = props;
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-3">
      {earned && <Earned earn={earned} props={props} shared={shared} />}
      <Served props={props} role={shared.role} now={shared.now} />
      {memberRefusal && (
        <>
          <Notice tone="danger" title={memberRefusal.title}>
            {memberRefusal.message}
          </Notice>
          <Button variant="ghost" onClick={props.onClearMember}>
            {t`Scan again`}
          </Button>
        </>
      )}
      {member ? (
        <MemberPanel key={member.customer_id} member={member} props={props} locale={shared.locale} />
      ) : (
        !earned &&
        !served && (
          <Card>
            <p className="text-muted">
              {t`Scan the customer’s member card, type the code under it, or find them by phone. You see who it is before any points are given.`}
            </p>
          </Card>
        )
      )}
    </div>
  );
}

const EARNS_WORDS = spoken({
  list: msg`Points given today`,
  loading: msg`Loading today’s points`,
  failed: msg`We could not load today’s points`,
  emptyTitle: msg`No points given today`,
  emptyText: msg`Points given at this shop’s counters today are listed here.`,
});

/** Points given, named for the notice and its undo ("40 points for Ana"). */
function earnedFor(count: number, customer: string): string {
  const given = points(count);
  return say`${given} for ${customer}`;
}
const forSale = (customer: string, amount: string) => say`for ${customer} · ${amount}`;

/** Today's points given at the counter: how many for how much, to whom; Undo while allowed. */
export function EarnsToday({ props, shared }: { props: GivePointsProps; shared: Shared }) {
  const { earns, earnsLoading, earnsError, onRetryEarns, onUndoEarn, undoingEarn, currency } = props;
  return (
    <CounterToday
      rows={earns}
      loading={earnsLoading}
      error={earnsError}
      onRetry={onRetryEarns}
      words={EARNS_WORDS}
      at={(e) => e.earned_at}
      what={(e) => (
        <>
          <span className="font-medium">{points(e.points)}</span>
          <span>{forSale(e.customer_first_name, formatMoney(e.amount, currency, shared.locale))}</span>
        </>
      )}
      undoName={(e) => earnedFor(e.points, e.customer_first_name)}
      onUndo={onUndoEarn}
      undoing={undoingEarn}
      {...shared}
    />
  );
}
