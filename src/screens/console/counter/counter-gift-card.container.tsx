import { useState } from 'react';
import { msg, t } from '@lingui/core/macro';
import { giftCardNumberProblem, normalizeGiftCardNumber, type GiftCardRefusal, type GiftCardSettings } from '#contract/gift-cards';
import { formatMoney } from '#contract/money';
import { ApiRequestError } from '../../../api/client';
import { useCounterMember } from '../../../api/counter';
import { useGiftCardSettings } from '../../../api/gift-cards';
import { useActivateGiftCard, useAddGiftCard, useCheckGiftCard, useSpendGiftCard } from '../../../api/gift-cards-physical';
import { useAction, useKeyedAction } from '../../../shared/action';
import { messageOf } from '../../../shared/errors';
import { spoken } from '../shared/spoken';
import { CounterGiftCardPanel, type GiftCardResult, type GiftMemberFind } from './counter-gift-card';

/** A refusal's title: by its reason for a card that cannot do it, else by its code; the message is the provider's own. */
const REASON_TITLE: Readonly<Partial<Record<GiftCardRefusal, string>>> = spoken({
  inactive: msg`This card is not sold yet`,
  activated: msg`This card is active already`,
  egift: msg`This is an eGift card`,
  claimed: msg`This card is in a wallet already`,
  refunded: msg`This card was refunded`,
  expired: msg`This card has expired`,
  empty: msg`Nothing left on this card`,
  short: msg`Not enough on this card`,
  own: msg`This is the member’s own gift`,
});
const CODE_TITLE: Readonly<Record<string, string>> = spoken({
  NOT_FOUND: msg`We don’t recognise this card`,
  RATE_LIMITED: msg`Too many unknown numbers`,
  VALIDATION: msg`Check the amount`,
  CONFLICT: msg`Gift cards are off`,
  CODE_UNKNOWN: msg`We don’t recognise this member card`,
  CODE_STALE: msg`This code has changed`,
});

function refused(err: unknown): GiftCardResult {
  const reason = err instanceof ApiRequestError ? (err.data as { reason?: GiftCardRefusal } | null)?.reason : undefined;
  const title = (reason && REASON_TITLE[reason]) ?? CODE_TITLE[err instanceof ApiRequestError ? err.code : ''] ?? t`That did not work`;
  return { kind: 'refused', title, message: messageOf(err) };
}

/** The owner's amounts in words, for the activation's hint. */
function offeredOf(s: GiftCardSettings | undefined, locale: string): string | null {
  if (!s) return null;
  const money = (n: number) => formatMoney(n, s.currency, locale);
  const parts = s.amounts.map(money);
  if (s.custom) {
    const [min, max] = [money(s.custom.min), money(s.custom.max)];
    parts.push(t`any amount from ${min} to ${max}`);
  }
  const [first, last] = [parts.slice(0, -1).join(', '), parts.at(-1) ?? ''];
  return parts.length > 1 ? t`${first} or ${last}` : (parts[0] ?? null);
}

/** The counter's gift cards (merchant/counter/gift-card…): check, activate, spend part of, add to a member's wallet. */
export function CounterGiftCardContainer({ locale, timeZone, locationId }: { locale: string; timeZone?: string | undefined; locationId: number | null }) {
  const settings = useGiftCardSettings();
  const check = useCheckGiftCard();
  const activate = useActivateGiftCard();
  const spend = useSpendGiftCard();
  const add = useAddGiftCard();
  const findMember = useCounterMember();
  const [number, setNumber] = useState<string | null>(null);
  const [result, setResult] = useState<GiftCardResult | null>(null);
  const look = useAction(async (typed: string) => {
    // a typo is caught here, before any look-up counts against the limit on guessing
    const problem = giftCardNumberProblem(typed);
    if (problem) return setResult({ kind: 'refused', title: t`Check the number`, message: t`The gift card number ${problem}.` });
    const n = normalizeGiftCardNumber(typed)!;
    try {
      const { card } = await check(n);
      setNumber(n);
      setResult({ kind: 'found', card });
    } catch (err) {
      setResult(refused(err));
    }
  });
  // one idempotency key per attempt, kept for a retry after a lost answer: a double tap activates or spends once
  const sell = useKeyedAction(async (key, n: string, amount: number) => {
    try {
      const { card } = await activate(key, n, amount);
      setResult({ kind: 'activated', card });
    } catch (err) {
      setResult(refused(err));
    }
  });
  const pay = useKeyedAction(async (key, n: string, amount: number) => {
    try {
      const answer = await spend(key, n, amount);
      setResult({ kind: 'spent', card: answer.card, spent: answer.spent });
    } catch (err) {
      setResult(refused(err));
    }
  });
  const toWallet = useAction(async (n: string, how: GiftMemberFind) => {
    try {
      const { member } = await findMember(how, locationId);
      const answer = await add(n, member.customer_id);
      setResult({ kind: 'added', amount: answer.amount, first_name: answer.first_name, balance: answer.balance });
    } catch (err) {
      setResult(refused(err));
    }
  });
  const s = settings.data?.settings;
  return (
    <CounterGiftCardPanel
      result={result}
      offered={offeredOf(s, locale)}
      currency={s?.currency ?? 'PHP'}
      locale={locale}
      timeZone={timeZone}
      onCheck={(typed) => void look.run(typed)}
      checking={look.pending}
      onActivate={(amount) => void (number && sell.run(number, amount))}
      activating={sell.pending}
      onSpend={(amount) => void (number && pay.run(number, amount))}
      spending={pay.pending}
      onAdd={(how) => void (number && toWallet.run(number, how))}
      adding={toWallet.pending}
      onNext={() => {
        setResult(null);
        setNumber(null);
      }}
    />
  );
}
