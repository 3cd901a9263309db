import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useState, type ReactNode } from 'react';
import { GIFT_CARD_NUMBER_LENGTH, giftCardNumberProblem, normalizeGiftCardNumber } from '#contract/gift-card-rules';
import type { GiftCardBuyInput, GiftCardOptionsData, GiftCardState, SentGiftCard } from '#contract/gift-cards';
import { formatMoney } from '#contract/money';
import {
  AppShell,
  Badge,
  Button,
  EmptyState,
  ErrorState,
  FieldFrame,
  GiftIcon,
  Money,
  Notice,
  Skeleton,
  SkeletonGroup,
  TextField,
  TopBar,
  cardClass,
  cx,
  type BadgeTone,
} from '../../ui';
import { formatDateTime } from '../../ui/lib/dates';

/** What the form sends: the purchase without its idempotency key (the container adds one). */
export type GiftCardOrder = Omit<GiftCardBuyInput, 'idempotency_key'>;

export interface GiftCardBuyScreenProps {
  options?: GiftCardOptionsData;
  /** the wallet's balance, to pay from */
  balance?: number;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  onBuy?: (order: GiftCardOrder) => void;
  buying?: boolean;
  /** Why the purchase was refused, and the field it names. */
  buyError?: { message: string; fields?: Record<string, string> } | null;
  /** Just bought. */
  bought?: SentGiftCard | null;
  onAnother?: () => void;
  /** The cards this customer sent, newest first. */
  sent?: SentGiftCard[];
  onRefund?: (id: number) => void;
  /** the card being refunded */
  refunding?: number | null;
  onTopUp?: () => void;
  /** whether the shop takes online payments now: then the card may be paid on the payment page too */
  onlinePayments?: boolean;
  /** Opens a card by the number typed (checked first: a typo is caught here, before any look-up). */
  onOpenNumber?: (number: string) => void;
  onBack?: () => void;
  nav?: ReactNode;
  currency: string;
  locale: string;
  timeZone?: string;
  /** the sender's name to start from (the customer's own) */
  defaultFromName?: string;
}

const STATE: Record<GiftCardState, { label: MessageDescriptor; tone: BadgeTone }> = {
  awaiting_payment: { label: msg`Waiting for payment`, tone: 'warning' },
  payment_failed: { label: msg`Payment failed`, tone: 'danger' },
  scheduled: { label: msg`Scheduled`, tone: 'neutral' },
  delivered: { label: msg`Delivered`, tone: 'brand' },
  claimed: { label: msg`Claimed`, tone: 'success' },
  refunded: { label: msg`Refunded`, tone: 'warning' },
  expired: { label: msg`Expired`, tone: 'danger' },
};

const radioCard = (checked: boolean) =>
  cx(
    'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border bg-surface-raised px-3 py-2',
    'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-focus',
    checked ? 'border-brand-ink ring-1 ring-brand-ink' : 'border-border hover:bg-surface',
  );

/** A row of radio cards, one per choice. */
function Choices<T extends string>({ name, value, set, labels }: { name: string; value: T; set: (v: T) => void; labels: Record<T, string> }) {
  return (
    <div className="flex flex-wrap gap-2">
      {(Object.keys(labels) as T[]).map((v) => (
        <label key={v} className={radioCard(value === v)}>
          <input type="radio" name={name} value={v} checked={value === v} onChange={() => set(v)} className="size-5 accent-brand outline-none" />
          {labels[v]}
        </label>
      ))}
    </div>
  );
}

/** The amounts offered, and another within the custom range. */
function AmountChoice({
  options,
  amount,
  setAmount,
  other,
  setOther,
  error,
  money,
  currency,
}: {
  options: GiftCardOptionsData;
  amount: string;
  setAmount: (v: string) => void;
  other: string;
  setOther: (v: string) => void;
  error?: string | undefined;
  money: (n: number) => string;
  currency: string;
}) {
  const { t } = useLingui();
  const fields = { amount: error };
  const lowest = options.custom ? money(options.custom.min) : '';
  const highest = options.custom ? money(options.custom.max) : '';
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">
        <Trans>Amount</Trans>
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.amounts.map((a) => (
          <label key={a} className={radioCard(amount === String(a))}>
            <input
              type="radio"
              name="amount"
              value={a}
              checked={amount === String(a)}
              onChange={() => setAmount(String(a))}
              className="size-5 accent-brand outline-none"
            />
            {money(a)}
          </label>
        ))}
        {options.custom && (
          <label className={radioCard(amount === 'other')}>
            <input
              type="radio"
              name="amount"
              value="other"
              checked={amount === 'other'}
              onChange={() => setAmount('other')}
              className="size-5 accent-brand outline-none"
            />
            <Trans>Other amount</Trans>
          </label>
        )}
      </div>
      {options.custom && amount === 'other' && (
        <TextField
          label={t`Amount (${currency})`}
          inputMode="decimal"
          value={other}
          onChange={(e) => setOther(e.target.value)}
          hint={t`From ${lowest} to ${highest}`}
          error={fields.amount}
        />
      )}
      {amount !== 'other' && fields.amount && <p className="text-sm text-danger">{fields.amount}</p>}
    </fieldset>
  );
}

/** The designs turned on, each its picture. */
function DesignChoice({ options, design, setDesign }: { options: GiftCardOptionsData; design: string; setDesign: (id: GiftCardOrder['design']) => void }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">
        <Trans>Design</Trans>
      </legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {options.designs.map((d) => (
          <label key={d.id} className={cx(radioCard(design === d.id), 'flex-col items-stretch p-2')}>
            <img src={d.picture} alt="" width={160} height={100} className="aspect-[8/5] w-full rounded-lg object-cover" />
            <span className="flex items-center gap-2">
              <input
                type="radio"
                name="design"
                value={d.id}
                checked={design === d.id}
                onChange={() => setDesign(d.id)}
                className="size-5 accent-brand outline-none"
              />
              {d.name}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Now, or a local date and time in the shop's zone. */
function WhenChoice({
  timezone,
  when,
  setWhen,
  at,
  setAt,
  error,
}: {
  timezone: string;
  when: 'now' | 'later';
  setWhen: (w: 'now' | 'later') => void;
  at: string;
  setAt: (v: string) => void;
  error?: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">
        <Trans>When should it arrive?</Trans>
      </legend>
      <Choices name="when" value={when} set={setWhen} labels={{ now: t`Now`, later: t`Pick a date and time` }} />
      {when === 'later' && (
        <TextField
          label={t`Date and time`}
          type="datetime-local"
          value={at}
          onChange={(e) => setAt(e.target.value)}
          hint={t`In the shop's time zone (${timezone})`}
          error={error}
        />
      )}
    </fieldset>
  );
}

/** By text message or e-mail, and where. */
function SendTo({
  channel,
  setChannel,
  to,
  setTo,
  error,
}: {
  channel: 'phone' | 'email';
  setChannel: (c: 'phone' | 'email') => void;
  to: string;
  setTo: (v: string) => void;
  error?: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <>
      <div role="radiogroup" aria-label={t`Send it by`}>
        <Choices name="channel" value={channel} set={setChannel} labels={{ phone: t`Text message`, email: t`E-mail` }} />
      </div>
      <TextField
        label={channel === 'phone' ? t`Their phone number` : t`Their e-mail address`}
        type={channel === 'phone' ? 'tel' : 'email'}
        value={to}
        onChange={(e) => setTo(e.target.value)}
        autoComplete="off"
        error={error}
      />
    </>
  );
}

/** The form: amount, design, to whom, the message, when, and from whom. */
function BuyForm(props: GiftCardBuyScreenProps & { options: GiftCardOptionsData }) {
  const { options, onBuy, buying = false, buyError, balance, currency, locale, onTopUp, onlinePayments = false } = props;
  const { t } = useLingui();
  const [pay, setPay] = useState<'wallet' | 'gateway'>('wallet');
  const method = onlinePayments ? pay : 'wallet';
  const money = (n: number) => formatMoney(n, currency, locale);
  const [amount, setAmount] = useState<string>(String(options.amounts[0] ?? 'other'));
  const [other, setOther] = useState('');
  const [design, setDesign] = useState<GiftCardOrder['design']>(options.designs[0]?.id ?? 'celebrate');
  const designMessage = options.designs.find((d) => d.id === design)?.message ?? '';
  const [message, setMessage] = useState<string | null>(null);
  const [toName, setToName] = useState('');
  const [channel, setChannel] = useState<'phone' | 'email'>('phone');
  const [to, setTo] = useState('');
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  // the customer's own name until they type another (their profile may arrive after the form)
  const [typedFrom, setFromName] = useState<string | null>(null);
  const fromName = typedFrom ?? props.defaultFromName ?? '';
  const fields = buyError?.fields ?? {};
  const digits = Number.isFinite(Number(other)) ? Math.round(Number(other) * 100) : NaN;
  const price = amount === 'other' ? digits : Number(amount);

  const submit = () =>
    onBuy?.({
      amount: price,
      design,
      message: message ?? designMessage,
      from_name: fromName,
      to_name: toName,
      ...(channel === 'phone' ? { to_phone: to } : { to_email: to }),
      deliver_at: when === 'later' ? at : null,
      payment_method: method,
    });

  return (
    <form
      className="flex flex-col gap-5"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <AmountChoice
        options={options}
        amount={amount}
        setAmount={setAmount}
        other={other}
        setOther={setOther}
        error={fields.amount}
        money={money}
        currency={currency}
      />
      <DesignChoice
        options={options}
        design={design}
        setDesign={(id) => {
          setDesign(id);
          setMessage(null);
        }}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-semibold">
          <Trans>Who is it for?</Trans>
        </legend>
        <TextField label={t`Their name`} value={toName} onChange={(e) => setToName(e.target.value)} autoComplete="off" error={fields.to_name} />
        <SendTo channel={channel} setChannel={setChannel} to={to} setTo={setTo} error={channel === 'phone' ? fields.to_phone : fields.to_email} />
        <FieldFrame
          label={t`Your message`}
          hint={t`Up to 300 characters`}
          error={fields.message}
          control={(field) => (
            <textarea
              rows={3}
              maxLength={300}
              value={message ?? designMessage}
              onChange={(e) => setMessage(e.target.value)}
              {...field}
              className={cx(field.className, 'py-2')}
            />
          )}
        />
        <TextField
          label={t`From`}
          value={fromName}
          onChange={(e) => setFromName(e.target.value)}
          hint={t`Your name, as they will see it`}
          error={fields.from_name}
        />
      </fieldset>

      <WhenChoice timezone={options.timezone} when={when} setWhen={setWhen} at={at} setAt={setAt} error={fields.deliver_at} />
      {onlinePayments && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">
            <Trans>How will you pay?</Trans>
          </legend>
          <Choices name="pay" value={pay} set={setPay} labels={{ wallet: t`My wallet`, gateway: t`Online payment` }} />
        </fieldset>
      )}
      <BuyFooter
        buyError={buyError}
        onTopUp={onTopUp}
        buying={buying}
        total={Number.isFinite(price) && price > 0 ? money(price) : null}
        method={method}
        balance={balance}
        currency={currency}
        locale={locale}
      />
    </form>
  );
}

/** Why the purchase was refused (with a way to top up), the pay button, and the wallet's balance. */
function BuyFooter({
  buyError,
  onTopUp,
  buying,
  total,
  method,
  balance,
  currency,
  locale,
}: Pick<GiftCardBuyScreenProps, 'buyError' | 'onTopUp' | 'balance' | 'currency' | 'locale'> & {
  buying: boolean;
  /** the price in words, or null while no amount is chosen */
  total: string | null;
  method: 'wallet' | 'gateway';
}) {
  const { t } = useLingui();
  const payWords = method === 'wallet' ? (total ? t`Pay ${total} from my wallet` : t`Pay from my wallet`) : total ? t`Pay ${total} online` : t`Pay online`;
  return (
    <>
      {buyError && (
        <Notice
          tone="danger"
          title={t`We couldn't send it`}
          action={
            onTopUp && (
              <Button variant="secondary" onClick={onTopUp}>
                <Trans>Top up</Trans>
              </Button>
            )
          }
        >
          {buyError.message}
        </Notice>
      )}
      <div className="flex flex-col gap-1">
        <Button type="submit" loading={buying} icon={<GiftIcon size={18} />}>
          {payWords}
        </Button>
        {balance !== undefined && method === 'wallet' && (
          <p className="text-sm text-muted">
            <Trans>
              Your wallet: <Money amount={balance} currency={currency} locale={locale} />
            </Trans>
          </p>
        )}
      </div>
    </>
  );
}

/** One card sent: to whom, how much, where it stands, and a refund while it is not claimed. */
function SentCard({ card, props }: { card: SentGiftCard; props: GiftCardBuyScreenProps }) {
  const { onRefund, refunding, currency, locale, timeZone } = props;
  const { t, i18n } = useLingui();
  const state = STATE[card.state];
  const at = (iso: string) => formatDateTime(iso, locale, timeZone);
  const name = card.to_name;
  let when: string | null = null;
  if (card.state === 'scheduled') {
    const time = at(card.deliver_at);
    when = t`Arrives ${time}`;
  } else if (card.state === 'claimed' && card.claimed_at) {
    const time = at(card.claimed_at);
    when = t`Added to their wallet ${time}`;
  } else if (card.state === 'refunded' && card.refunded_at) {
    const time = at(card.refunded_at);
    when = t`Refunded to your wallet ${time}`;
  } else if (card.delivered_at) {
    const time = at(card.delivered_at);
    when = t`Sent ${time}`;
  }
  const refundable = card.state === 'scheduled' || card.state === 'delivered' || card.state === 'expired';
  return (
    <li className={cx(cardClass(), 'flex flex-col gap-2')}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">
            {card.to_name} · <Money amount={card.amount} currency={currency} locale={locale} />
          </p>
          <p className="text-sm break-all text-muted">{card.to}</p>
        </div>
        <Badge tone={state.tone}>{i18n._(state.label)}</Badge>
      </div>
      <p className="text-sm text-muted">{when}</p>
      <p className="font-mono text-sm tracking-wider">
        <span className="sr-only">
          <Trans>Card number</Trans>{' '}
        </span>
        {card.number}
      </p>
      {refundable && onRefund && (
        <Button
          variant="secondary"
          className="self-start"
          loading={refunding === card.id}
          onClick={() => onRefund(card.id)}
          aria-label={t`Refund the gift card for ${name}`}
        >
          <Trans>Refund</Trans>
        </Button>
      )}
    </li>
  );
}

/** A card someone gave by its number (a printed one, or a link lost): checked, then opened. */
function AddByNumber({ onOpenNumber }: { onOpenNumber: (number: string) => void }) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { t } = useLingui();
  const length = GIFT_CARD_NUMBER_LENGTH;
  // the rule's two problems, each a whole sentence in the language spoken
  const problemWords = (typedNumber: string) =>
    normalizeGiftCardNumber(typedNumber) === null
      ? t`The number must be the ${length} letters and digits on the card.`
      : t`The number has a typo: check each character against the card.`;
  return (
    <section aria-labelledby="add-by-number" className="flex flex-col gap-2">
      <h2 id="add-by-number" className="text-lg font-semibold">
        <Trans>Got a gift card?</Trans>
      </h2>
      <form
        className="flex flex-col gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const wrong = giftCardNumberProblem(typed);
          setProblem(wrong ? problemWords(typed) : null);
          if (!wrong) onOpenNumber(normalizeGiftCardNumber(typed)!);
        }}
      >
        <TextField
          label={t`Gift card number`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint={t`${length} letters and digits, as on the card or in the message`}
          error={problem}
        />
        <Button type="submit" variant="secondary" className="self-start">
          <Trans>Add it</Trans>
        </Button>
      </form>
    </section>
  );
}

/** /gift-cards: buy an eGift for someone from the wallet, and follow the ones sent. */
export function GiftCardBuyScreen(props: GiftCardBuyScreenProps) {
  const { options, loading = false, error, onRetry, bought, onAnother, sent, onBack, nav, locale, timeZone } = props;
  const { t } = useLingui();
  let body: ReactNode;
  if (error && !options) {
    body = <ErrorState title={t`We couldn't load gift cards`} message={error} onRetry={onRetry} />;
  } else if (loading || !options) {
    body = (
      <SkeletonGroup label={t`Loading gift cards`} className="flex flex-col gap-3">
        <Skeleton height="4rem" />
        <Skeleton height="10rem" />
        <Skeleton height="12rem" />
      </SkeletonGroup>
    );
  } else if (!options.enabled) {
    body = <EmptyState icon={<GiftIcon size={40} />} title={t`Gift cards aren't on sale right now. Check back soon.`} />;
  } else if (bought) {
    // sent at once unless its time is later than its purchase (the answer comes before the text goes)
    const later = new Date(bought.deliver_at).getTime() > new Date(bought.created_at).getTime();
    const name = bought.to_name;
    const amount = <Money amount={bought.amount} currency={props.currency} locale={locale} />;
    const day = formatDateTime(bought.deliver_at, locale, timeZone);
    body = (
      <Notice
        tone="success"
        title={later ? t`Your gift is scheduled` : t`Your gift is on its way`}
        action={
          onAnother && (
            <Button onClick={onAnother}>
              <Trans>Send another</Trans>
            </Button>
          )
        }
      >
        {later ? (
          <Trans>
            {name} gets a link to add {amount} to their wallet on {day}. You can follow it below.
          </Trans>
        ) : (
          <Trans>
            {name} gets a link to add {amount} to their wallet. You can follow it below.
          </Trans>
        )}
      </Notice>
    );
  } else {
    body = <BuyForm {...props} options={options} />;
  }
  return (
    <AppShell header={<TopBar title={t`Send a gift card`} onBack={onBack} />} nav={nav}>
      <div className="flex flex-col gap-6">
        {body}
        {props.onOpenNumber && <AddByNumber onOpenNumber={props.onOpenNumber} />}
        {sent && sent.length > 0 && (
          <section aria-labelledby="sent-gifts" className="flex flex-col gap-3">
            <h2 id="sent-gifts" className="text-lg font-semibold">
              <Trans>Gifts you sent</Trans>
            </h2>
            <ul className="flex flex-col gap-3">
              {sent.map((c) => (
                <SentCard key={c.id} card={c} props={props} />
              ))}
            </ul>
          </section>
        )}
      </div>
    </AppShell>
  );
}
