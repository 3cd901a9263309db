import { Router } from 'express';
import { counterMachineSpec, counterSpec } from '#contract/counter.spec';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { withCodeLimit } from './code-limit';
import { lookup, recent, redeem } from './counter.service';
import { earnAtCounter, earnAtTill, findMember, quoteEarn, todaysEarns, undoEarn } from './earns.service';
import { memberRewards, redeemFromCard } from './member-redeem.service';
import { undo } from './undo.service';

/** The counter (merchant/counter/…: any staff member, owners included): vouchers, points for walk-in sales, and rewards for a member's points. */
export function counterRoutes(ctx: ProviderContext): Router {
  return Router().use(counterStaffRoutes(ctx), tillRoutes(ctx));
}

/** A till's purchase for a member (merchant/till/earn): an API key allowed `points:earn`, as the counter's earn. */
function tillRoutes(ctx: ProviderContext): Router {
  return mount(ctx, counterMachineSpec, {
    earn: async (body, at) => {
      const caller = at.caller();
      // the server's own key never has points:earn (SERVER_KEY_SCOPES): only a key made in the console gives points
      if (caller.kind !== 'key') throw new Error('merchant/till/earn: the server key passed the scope check');
      return earnAtTill(ctx, caller, body, (effect) =>
        at.once(async (trx) => {
          const data = await effect(trx);
          return at.reply(data, `${data.earn.points} points for ${data.member.first_name}.`);
        }),
      );
    },
  });
}

function counterStaffRoutes(ctx: ProviderContext): Router {
  return mount(ctx, counterSpec, {
    lookup: async (body, at) => ({ voucher: await withCodeLimit(ctx, at.staff(), () => lookup(ctx, at.staff(), body.code, body.location_id)) }),
    redeem: async (body, at) => {
      const data = await withCodeLimit(ctx, at.staff(), () => redeem(ctx, at.staff(), body.code, body.location_id));
      return at.reply(data, `Redeemed: ${data.voucher.reward.title}.`);
    },
    undo: async (body, at) => {
      const { issued, ...data } = await undo(ctx, at.staff(), body.redemption_id);
      return issued ? at.reply(data, `Undone: ${data.redemption.points_spent ?? 0} points are back with ${data.redemption.customer_first_name}.`) : data;
    },
    recent: async () => ({ redemptions: await recent(ctx) }),
    // a member card's unknown codes count against the session's limit like vouchers' (a phone never fails that way)
    member: async (body, at) => ({ member: await withCodeLimit(ctx, at.staff(), () => findMember(ctx, at.staff(), body)) }),
    earn: async (body, at) =>
      earnAtCounter(ctx, at.staff(), body, (effect) =>
        at.once(async (trx) => {
          const data = await effect(trx);
          return at.reply(data, `${data.earn.points} points for ${data.member.first_name}.`);
        }),
      ),
    earnQuote: async (body, at) => quoteEarn(ctx, at.staff(), body),
    undoEarn: async (body, at) => undoEarn(ctx, at.staff(), body.earn_id),
    earns: async (_, at) => ({ earns: await todaysEarns(ctx, at.staff()) }),
    memberRewards: async (body, at) => memberRewards(ctx, at.staff(), body),
    // the customer's rotating code is checked as a look-up's: its unknown codes count against the limit
    memberRedeem: async (body, at) =>
      withCodeLimit(ctx, at.staff(), () =>
        redeemFromCard(ctx, at.staff(), body, (effect) =>
          at.once(async (trx) => {
            const data = await effect(trx);
            return at.reply(data, `${data.voucher.reward.title} for ${data.member.first_name}.`);
          }),
        ),
      ),
  });
}
