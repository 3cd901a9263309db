/**
 * The counter's gift cards (issue 49): a card's number typed (or read off the card), its balance, and
 * what staff do with it: sell and activate a printed card with an amount paid at the till, take part of it
 * off for a walk-in, or add what is left to a member's wallet (found by their member card's code or phone,
 * as the counter finds members).
 */
import { useId, useState, type FormEvent } from 'react';
import type { CounterGiftCard } from '#contract/gift-cards-physical';
import { formatMoney, moneyInput, parseMoney } from '#contract/money';
import { Badge, Button, Card, Notice, TextField } from '../../../ui';
import { formatDate } from '../../../ui/lib/dates';
import { TypedForm } from './counter-parts';

/** What the gift card part shows after a number was checked, or a card activated, spent or added. */
export type GiftCardResult =
  | { kind: 'found'; card: CounterGiftCard }
  | { kind: 'activated'; card: CounterGiftCard }
  | { kind: 'spent'; card: CounterGiftCard; spent: number }
  | { kind: 'added'; amount: number; first_name: string; balance: number }
  /** refused: a title by the refusal's kind and the provider's own words */
  | { kind: 'refused'; title: string; message: string };

/** How the counter finds the member whose wallet a card goes into. */
export type GiftMemberFind = { code: string } | { phone: string };

export interface CounterGiftCardProps {
  result?: GiftCardResult | null;
  /** the amounts the owner offers, in words ("₱500.00, ₱1,000.00 or any amount from ₱200.00 to ₱5,000.00") */
  offered?: string | null;
  currency: string;
  locale: string;
  timeZone?: string | undefined;
  onCheck: (number: string) => void;
  checking?: boolean;
  onActivate: (amount: number) => void;
  activating?: boolean;
  onSpend: (amount: number) => void;
  spending?: boolean;
  onAdd: (member: GiftMemberFind) => void;
  adding?: boolean;
  /** clears the result for the next card */
  onNext: () => void;
}

/** An amount in major units, as the menu's prices are typed. */
function MoneyForm(props: {
  label: string;
  hint: string;
  button: string;
  onSubmit: (amount: number) => void;
  busy?: boolean | undefined;
  max?: number;
  currency: string;
  locale: string;
}) {
  const { label, hint, button, onSubmit, busy, max, currency, locale } = props;
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amount = text.trim() ? parseMoney(text, currency, locale) : null;
    if (amount === null || amount < 1) return setProblem(`Type an amount, such as ${moneyInput(50_000, currency, locale)}.`);
    if (max !== undefined && amount > max) return setProblem(`There is only ${formatMoney(max, currency, locale)} on the card.`);
    setProblem(undefined);
    onSubmit(amount);
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <TextField label={label} hint={hint} inputMode="decimal" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} error={problem} />
      <Button type="submit" loading={busy}>
        {button}
      </Button>
    </form>
  );
}

const STATE_BADGE: Record<CounterGiftCard['state'], { tone: 'success' | 'danger' | 'neutral'; text: string }> = {
  inactive: { tone: 'neutral', text: 'Not sold yet' },
  active: { tone: 'success', text: 'Active' },
  claimed: { tone: 'danger', text: 'In a wallet already' },
  refunded: { tone: 'danger', text: 'Refunded' },
  expired: { tone: 'danger', text: 'Expired' },
  unpaid: { tone: 'danger', text: 'Not paid for' },
};

function CardFound({ card, props }: { card: CounterGiftCard; props: CounterGiftCardProps }) {
  const { currency, locale, timeZone, offered } = props;
  const money = (n: number) => formatMoney(n, currency, locale);
  const headingId = useId();
  const badge = STATE_BADGE[card.state];
  const physical = card.kind === 'physical';
  return (
    <Card as="section" aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="text-xl font-semibold">
            {physical ? 'Gift card' : 'eGift card'} ending {card.last4}
          </h3>
          {card.state === 'active' && (
            <p className="text-2xl font-semibold">
              {money(card.balance)} <span className="text-base font-normal text-muted">left of {money(card.amount)}</span>
            </p>
          )}
          {card.expires_at && card.state === 'active' && <p className="text-sm text-muted">Valid until {formatDate(card.expires_at, locale, timeZone)}</p>}
        </div>
        <div className="ml-auto">
          <Badge tone={badge.tone}>{badge.text}</Badge>
        </div>
      </div>
      {card.state === 'inactive' && (
        <MoneyForm
          label={`Amount paid (${currency})`}
          hint={offered ? `Take the payment at the till first. The shop sells ${offered}.` : 'Take the payment at the till first.'}
          button="Activate card"
          onSubmit={props.onActivate}
          busy={props.activating}
          currency={currency}
          locale={locale}
        />
      )}
      {card.state === 'active' && card.balance > 0 && physical && (
        <MoneyForm
          label={`Amount to pay with the card (${currency})`}
          hint="For a customer without the app: the card keeps the rest."
          button="Take off the card"
          onSubmit={props.onSpend}
          busy={props.spending}
          max={card.balance}
          currency={currency}
          locale={locale}
        />
      )}
      {card.state === 'active' && card.balance > 0 && (
        <section aria-label="Add to a member’s wallet" className="flex flex-col gap-3 border-t border-border pt-4">
          <h4 className="font-semibold">Or add {money(card.balance)} to a member’s wallet</h4>
          <TypedForm
            kind="code"
            label="Code on the member card"
            hint="8 letters and digits under the member card’s QR code, in the member’s app."
            empty="Type the 8-character code shown under the member card’s QR code."
            button="Add by member card"
            onSubmit={(code) => props.onAdd({ code })}
            busy={props.adding}
          />
          <TypedForm
            kind="phone"
            label="Member’s phone number"
            hint="As the member says it, for example 0917 555 0101."
            empty="Type the phone number the member signed up with."
            button="Add to their wallet"
            onSubmit={(phone) => props.onAdd({ phone })}
            busy={props.adding}
          />
        </section>
      )}
    </Card>
  );
}

function Result({ props }: { props: CounterGiftCardProps }) {
  const { result, currency, locale, onNext } = props;
  const money = (n: number) => formatMoney(n, currency, locale);
  if (!result) return <p className="text-muted">Type the number on the back of the card to see what is on it, sell it or use it.</p>;
  const next = (
    <Button variant="ghost" onClick={onNext}>
      Next card
    </Button>
  );
  if (result.kind === 'found')
    return (
      <div className="flex flex-col gap-3">
        <CardFound card={result.card} props={props} />
        {next}
      </div>
    );
  const notice =
    result.kind === 'refused' ? (
      <Notice tone="danger" title={result.title}>
        {result.message}
      </Notice>
    ) : result.kind === 'activated' ? (
      <Notice tone="success" title={`Activated with ${money(result.card.amount)}`}>
        Gift card ending {result.card.last4} is ready to use. The payment is recorded as taken at the till.
      </Notice>
    ) : result.kind === 'spent' ? (
      <Notice tone="success" title={`${money(result.spent)} taken off the card`}>
        {money(result.card.balance)} is left on the gift card ending {result.card.last4}.
      </Notice>
    ) : (
      <Notice tone="success" title={`${money(result.amount)} added to ${result.first_name}’s wallet`}>
        {result.first_name} has {money(result.balance)} in their wallet now. The card is used up: keep it or throw it away.
      </Notice>
    );
  return (
    <div className="flex flex-col gap-3">
      {notice}
      {next}
    </div>
  );
}

/** The counter's gift card part: the number typed on the left, the card and what to do with it on the right. */
export function CounterGiftCardPanel(props: CounterGiftCardProps) {
  return (
    <section aria-labelledby="gift-card-heading" className="flex flex-col gap-3">
      <h2 id="gift-card-heading" className="text-lg font-semibold">
        Gift cards
      </h2>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <TypedForm
          kind="code"
          label="Gift card number"
          hint="The 17 letters and digits on the card, for example ABCD-EFGH-JKMN-PQRS-T."
          empty="Type the number printed on the gift card."
          button="Check gift card"
          onSubmit={props.onCheck}
          busy={props.checking}
        />
        <div aria-live="polite" className="flex flex-col gap-3">
          <Result props={props} />
        </div>
      </div>
    </section>
  );
}
