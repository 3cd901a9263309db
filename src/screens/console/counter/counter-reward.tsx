/**
 * "A reward for points" in the counter's member panel (issue 29): what the customer's points buy now,
 * one chosen and confirmed ("Give Ana Latte for 120 points?"), then handed over with Undo for 2 minutes.
 * Spending needs the code in the customer's app: found by phone or by a wallet card, the confirmation
 * asks for it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CounterMember, CounterMemberRewardsData, CounterRedemption, CounterReward, CounterVoucher } from '#contract/counter';
import type { StaffRole } from '#contract/staff';
import { Button, Notice, SkeletonGroup, SkeletonText } from '../../../ui';
import { canUndo, morePoints, points, type CounterRefusal } from './counter-jobs';
import { TypedForm } from './counter-parts';

export interface RedeemRewardProps {
  /** what the customer's points buy now, once asked for (null: not yet) */
  reach?: Pick<CounterMemberRewardsData, 'rewards' | 'next'> | null;
  reachLoading?: boolean;
  reachError?: string | null;
  /** asks what the customer's points buy (the panel's "A reward for points", and Try again) */
  onShowRewards: () => void;
  /** a reward was chosen from the list (clears a refusal shown) */
  onChooseReward?: () => void;
  /** hands the reward over: the points spent, the voucher used at once; `code`: the customer's code, typed when asked for */
  onRedeemReward: (reward: CounterReward, code?: string) => void;
  /**
   * spending needs the code the customer's app shows now, and the counter has none fresh (the customer
   * was found by phone or by a wallet card, or their code changed since): the confirmation asks for it
   */
  codeNeeded?: boolean;
  redeemingReward?: boolean;
  /** the reward was refused (not enough points, out of stock, its limit): the provider's words */
  rewardRefusal?: CounterRefusal | null;
  /** the reward just handed over (or undone since): the notice with Undo */
  served?: { voucher: CounterVoucher; redemption: CounterRedemption } | null;
  onUndoServed: (redemption: CounterRedemption) => void;
  /** the redemption an undo is being saved for */
  undoingServed?: number | null;
  undoServedError?: string | null;
}

/** Spending asks for the code in the customer's app: a phone number or a wallet card gives points, never spends them. */
function CodeToSpend({ member, reward, props }: { member: CounterMember; reward: CounterReward; props: RedeemRewardProps }) {
  const { t } = useLingui();
  const customer = member.first_name;
  const { title } = reward;
  return (
    <>
      <Notice tone="warning" title={t`Scan the code in ${customer}’s app to spend points`}>
        <Trans>
          A phone number or a wallet card is enough to give points, not to spend them. Ask {customer} to open their member card, then scan its QR code or type
          the 8 characters under it.
        </Trans>
      </Notice>
      <TypedForm
        kind="code"
        label={t`Code in the customer’s app`}
        hint={t`8 letters and digits under the member card’s QR code. It changes every 30 seconds.`}
        empty={t`Type the 8-character code shown under the QR code in the customer’s app.`}
        button={t`Give ${title}`}
        onSubmit={(code) => props.onRedeemReward(reward, code)}
        busy={props.redeemingReward}
      />
    </>
  );
}

/** The reward chosen, asked once more before the points are spent; Enter on the focused button gives it. */
function Confirm({ member, reward, props, onBack }: { member: CounterMember; reward: CounterReward; props: RedeemRewardProps; onBack: () => void }) {
  const { t } = useLingui();
  const give = useRef<HTMLButtonElement>(null);
  const group = useRef<HTMLDivElement>(null);
  const questionId = useId();
  const { rewardRefusal, codeNeeded } = props;
  const customer = member.first_name;
  const { title, free_product: free } = reward;
  const cost = points(reward.points_cost);
  const left = points(member.points - reward.points_cost);
  // what staff do next: give it, or type the customer's code
  useEffect(() => (give.current ?? group.current?.querySelector('input'))?.focus(), [codeNeeded]);
  return (
    <div ref={group} role="group" aria-labelledby={questionId} className="flex flex-col gap-3 rounded-xl border-2 border-brand p-3">
      <p id={questionId} className="text-lg font-semibold">
        {t`Give ${customer} ${title} for ${cost}?`}
      </p>
      <p className="text-sm text-muted">{free ? t`Hand over a free ${free}. ${customer} will have ${left} left.` : t`${customer} will have ${left} left.`}</p>
      {rewardRefusal && (
        <Notice tone="danger" title={rewardRefusal.title}>
          {rewardRefusal.message}
        </Notice>
      )}
      {codeNeeded && <CodeToSpend member={member} reward={reward} props={props} />}
      <div className="flex flex-wrap gap-2">
        {!codeNeeded && (
          <Button ref={give} size="lg" onClick={() => props.onRedeemReward(reward)} loading={props.redeemingReward}>
            {t`Give ${title}`}
          </Button>
        )}
        <Button variant="ghost" onClick={onBack} disabled={props.redeemingReward}>
          {t`Choose another`}
        </Button>
      </div>
    </div>
  );
}

const freeWords = (product: string) => say`Free ${product}`;

/** The next reward within reach: "Next: Latte for 150 points (30 more points)." */
function nextWords(next: NonNullable<CounterMemberRewardsData['next']>): string {
  const { title } = next;
  const [cost, short] = [points(next.points_cost), morePoints(next.points_short)];
  return say`Next: ${title} for ${cost} (${short}).`;
}

/** Why the list is empty: how far the next reward is, or that there is none. */
function nothingYet(customer: string, balance: number, next: CounterMemberRewardsData['next']): string {
  if (!next) return say`There is no reward ${customer} can have right now.`;
  const { title } = next;
  const [has, short, cost] = [points(balance), morePoints(next.points_short), points(next.points_cost)];
  return say`${customer} has ${has}: ${short} for ${title} (${cost}). Give points for today’s sale instead.`;
}

/** What the customer's points buy now, each a button; then the one chosen, to confirm. */
export function RewardChooser({ member, props }: { member: CounterMember; props: RedeemRewardProps }) {
  const { reach, reachLoading, reachError, onShowRewards, rewardRefusal } = props;
  const { t } = useLingui();
  const [chosen, setChosen] = useState<CounterReward | null>(null);
  const customer = member.first_name;
  const listName = t`Rewards ${customer} can have`;
  const refusal = rewardRefusal && (
    <Notice tone="danger" title={rewardRefusal.title}>
      {rewardRefusal.message}
    </Notice>
  );
  if (reachError && !reach) {
    return (
      <Notice
        tone="danger"
        title={t`We could not load the rewards`}
        action={
          <Button size="sm" variant="secondary" onClick={onShowRewards}>
            {t`Try again`}
          </Button>
        }
      >
        {reachError}
      </Notice>
    );
  }
  if (!reach) {
    return (
      <SkeletonGroup label={t`Loading the rewards`}>
        <SkeletonText lines={3} />
      </SkeletonGroup>
    );
  }
  // a refusal (the stock ran out meanwhile) sends staff back to the list, as it is now; one of the code stays, to ask for it
  const picked = chosen && (!rewardRefusal || props.codeNeeded) && reach.rewards.some((r) => r.name === chosen.name) ? chosen : null;
  if (picked) return <Confirm member={member} reward={picked} props={props} onBack={() => setChosen(null)} />;
  if (reach.rewards.length === 0) {
    return (
      <div className="flex flex-col gap-3">
        {refusal}
        <Notice title={t`No reward for ${customer}’s points yet`}>{nothingYet(customer, member.points, reach.next)}</Notice>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {refusal}
      <ul aria-label={listName} aria-busy={reachLoading || undefined} className="flex flex-col gap-2">
        {reach.rewards.map((r) => (
          <li key={r.name}>
            <Button
              variant="secondary"
              className="w-full text-left [&>span]:w-full [&>span]:justify-between"
              onClick={() => {
                setChosen(r);
                props.onChooseReward?.();
              }}
            >
              <span className="flex min-w-0 items-center gap-3">
                <img src={r.image} alt="" width={40} height={40} className="size-10 shrink-0 rounded-lg object-cover" />
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold">{r.title}</span>
                  {r.free_product && <span className="text-sm opacity-80">{freeWords(r.free_product)}</span>}
                </span>
              </span>
              <span className="shrink-0 font-semibold">{points(r.points_cost)}</span>
            </Button>
          </li>
        ))}
      </ul>
      {reach.next && <p className="text-sm text-muted">{nextWords(reach.next)}</p>}
    </div>
  );
}

/** The reward just handed over, with Undo for 2 minutes (an owner: any time); or that it was undone. */
export function Served({ props, role, now }: { props: RedeemRewardProps; role: StaffRole; now: number }) {
  const { served, onUndoServed, undoingServed, undoServedError } = props;
  const { t } = useLingui();
  if (!served) return null;
  const { voucher, redemption } = served;
  const { title, free_product: free } = voucher.reward;
  const customer = voucher.customer_first_name;
  const what = t`${title} for ${customer}`;
  const spent = points(redemption.points_spent ?? 0);
  const staff = redemption.staff_name;
  return (
    <div className="flex flex-col gap-2">
      {redemption.undone_at ? (
        <Notice title={t`Undone: ${what}`}>{t`The ${spent} are back with ${customer}, and the reward is back in stock.`}</Notice>
      ) : (
        <Notice
          tone="success"
          title={what}
          action={
            canUndo(redemption, role, now) && (
              <Button size="sm" variant="secondary" onClick={() => onUndoServed(redemption)} loading={undoingServed === redemption.id}>
                <Trans>
                  Undo<span className="sr-only"> {what}</span>
                </Trans>
              </Button>
            )
          }
        >
          {free ? t`Hand over a free ${free}.` : t`Hand it over now.`} {t`${spent} spent, recorded by ${staff}. Scan the next customer’s card.`}
        </Notice>
      )}
      {undoServedError && <Notice tone="danger">{undoServedError}</Notice>}
    </div>
  );
}
