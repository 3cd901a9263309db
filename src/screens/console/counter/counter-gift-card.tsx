/**
 * The counter's gift cards (issue 49): a card's number typed (or read off the card), its balance, and
 * what staff do with it: sell and activate a printed card with an amount paid at the till, take part of it
 * off for a walk-in, or add what is left to a member's wallet (found by their member card's code or phone,
 * as the counter finds members).
 */
import { useId, useState, type FormEvent } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CounterGiftCard } from '#contract/gift-cards-physical';
import { formatMoney, moneyInput, parseMoney } from '#contract/money';
import { Badge, Button, Card, Notice, TextField } from '../../../ui';
import { formatDate } from '../../../ui/lib/dates';
import { TypedForm } from './counter-parts';
import { spoken } from '../shared/spoken';

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
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amount = text.trim() ? parseMoney(text, currency, locale) : null;
    const example = moneyInput(50_000, currency, locale);
    if (amount === null || amount < 1) return setProblem(t`Type an amount, such as ${example}.`);
    const most = max === undefined ? '' : formatMoney(max, currency, locale);
    if (max !== undefined && amount > max) return setProblem(t`There is only ${most} on the card.`);
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

const STATE_TONE: Record<CounterGiftCard['state'], 'success' | 'danger' | 'neutral'> = {
  inactive: 'neutral',
  active: 'success',
  claimed: 'danger',
  refunded: 'danger',
  expired: 'danger',
  unpaid: 'danger',
};
const STATE_WORD = spoken<CounterGiftCard['state']>({
  inactive: msg`Not sold yet`,
  active: msg`Active`,
  claimed: msg`In a wallet already`,
  refunded: msg`Refunded`,
  expired: msg`Expired`,
  unpaid: msg`Not paid for`,
});

function CardFound({ card, props }: { card: CounterGiftCard; props: CounterGiftCardProps }) {
  const { currency, locale, timeZone, offered } = props;
  const { t } = useLingui();
  const money = (n: number) => formatMoney(n, currency, locale);
  const headingId = useId();
  const physical = card.kind === 'physical';
  const { last4 } = card;
  const [balance, amount] = [money(card.balance), money(card.amount)];
  const until = card.expires_at && formatDate(card.expires_at, locale, timeZone);
  return (
    <Card as="section" aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="text-xl font-semibold">
            {physical ? t`Gift card ending ${last4}` : t`eGift card ending ${last4}`}
          </h3>
          {card.state === 'active' && (
            <p className="text-2xl font-semibold">
              <Trans>
                {balance} <span className="text-base font-normal text-muted">left of {amount}</span>
              </Trans>
            </p>
          )}
          {until && card.state === 'active' && <p className="text-sm text-muted">{t`Valid until ${until}`}</p>}
        </div>
        <div className="ml-auto">
          <Badge tone={STATE_TONE[card.state]}>{STATE_WORD[card.state]}</Badge>
        </div>
      </div>
      {card.state === 'inactive' && (
        <MoneyForm
          label={t`Amount paid (${currency})`}
          hint={offered ? t`Take the payment at the till first. The shop sells ${offered}.` : t`Take the payment at the till first.`}
          button={t`Activate card`}
          onSubmit={props.onActivate}
          busy={props.activating}
          currency={currency}
          locale={locale}
        />
      )}
      {card.state === 'active' && card.balance > 0 && physical && (
        <MoneyForm
          label={t`Amount to pay with the card (${currency})`}
          hint={t`For a customer without the app: the card keeps the rest.`}
          button={t`Take off the card`}
          onSubmit={props.onSpend}
          busy={props.spending}
          max={card.balance}
          currency={currency}
          locale={locale}
        />
      )}
      {card.state === 'active' && card.balance > 0 && (
        <section aria-label={t`Add to a member’s wallet`} className="flex flex-col gap-3 border-t border-border pt-4">
          <h4 className="font-semibold">{t`Or add ${balance} to a member’s wallet`}</h4>
          <TypedForm
            kind="code"
            label={t`Code on the member card`}
            hint={t`8 letters and digits under the member card’s QR code, in the member’s app.`}
            empty={t`Type the 8-character code shown under the member card’s QR code.`}
            button={t`Add by member card`}
            onSubmit={(code) => props.onAdd({ code })}
            busy={props.adding}
          />
          <TypedForm
            kind="phone"
            label={t`Member’s phone number`}
            hint={t`As the member says it, for example 0917 555 0101.`}
            empty={t`Type the phone number the member signed up with.`}
            button={t`Add to their wallet`}
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
  const { t } = useLingui();
  const money = (n: number) => formatMoney(n, currency, locale);
  if (!result) return <p className="text-muted">{t`Type the number on the back of the card to see what is on it, sell it or use it.`}</p>;
  const next = (
    <Button variant="ghost" onClick={onNext}>
      {t`Next card`}
    </Button>
  );
  if (result.kind === 'found')
    return (
      <div className="flex flex-col gap-3">
        <CardFound card={result.card} props={props} />
        {next}
      </div>
    );
  let notice;
  if (result.kind === 'refused') {
    notice = (
      <Notice tone="danger" title={result.title}>
        {result.message}
      </Notice>
    );
  } else if (result.kind === 'activated') {
    const [amount, last4] = [money(result.card.amount), result.card.last4];
    notice = (
      <Notice tone="success" title={t`Activated with ${amount}`}>
        {t`Gift card ending ${last4} is ready to use. The payment is recorded as taken at the till.`}
      </Notice>
    );
  } else if (result.kind === 'spent') {
    const [spent, left, last4] = [money(result.spent), money(result.card.balance), result.card.last4];
    notice = (
      <Notice tone="success" title={t`${spent} taken off the card`}>
        {t`${left} is left on the gift card ending ${last4}.`}
      </Notice>
    );
  } else {
    const [amount, customer, balance] = [money(result.amount), result.first_name, money(result.balance)];
    notice = (
      <Notice tone="success" title={t`${amount} added to ${customer}’s wallet`}>
        {t`${customer} has ${balance} in their wallet now. The card is used up: keep it or throw it away.`}
      </Notice>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {notice}
      {next}
    </div>
  );
}

/** The counter's gift card part: the number typed on the left, the card and what to do with it on the right. */
export function CounterGiftCardPanel(props: CounterGiftCardProps) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="gift-card-heading" className="flex flex-col gap-3">
      <h2 id="gift-card-heading" className="text-lg font-semibold">
        {t`Gift cards`}
      </h2>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <TypedForm
          kind="code"
          label={t`Gift card number`}
          hint={t`The 17 letters and digits on the card, for example ABCD-EFGH-JKMN-PQRS-T.`}
          empty={t`Type the number printed on the gift card.`}
          button={t`Check gift card`}
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
