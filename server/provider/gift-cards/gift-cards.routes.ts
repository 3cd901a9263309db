import { giftCardsConsoleSpec, giftCardsSpec } from '#contract/gift-cards.spec';
import { giftCardsPhysicalSpec } from '#contract/gift-cards-physical.spec';
import { Router } from 'express';
import type { ProviderContext } from '../context';
import { clientKey } from '../http/client-key';
import { mount } from '../http/mount';
import { clientIp } from '../http/session';
import { onReplica } from '../read-replica';
import { deliverDueGiftCards } from './delivery';
import { giftCardReport } from './report';
import { csvDownload } from '../http/csv';
import { activateSetup, addToWallet, checkCard, createBatch, exportBatch, giftCardBatches, spendSetup, staffSeeker } from './physical.service';
import {
  buyGiftCard,
  buySetup,
  claimGiftCard,
  consoleSettings,
  giftCardOptions,
  refundGiftCard,
  sentGiftCards,
  updateSettings,
  viewGiftCard,
} from './gift-cards.service';

/**
 * Gift cards: the customer's eGifts (`gift-card/…`: buy, sent, view, claim, refund) and the owner's
 * settings (`merchant/gift-cards/settings…`: staff read them, owners change them) and report (owners).
 */
export function giftCardsRoutes(ctx: ProviderContext): Router {
  return Router().use(
    mount(ctx, giftCardsSpec, {
      options: () => giftCardOptions(ctx),
      buy: async (body, at) => {
        // refused before anything is written (no card, no stored answer): off, an amount not offered …
        const setup = await buySetup(ctx, body);
        const answer = await at.once(async (trx) => {
          const bought = await buyGiftCard(trx, ctx, setup, at.customerId(), body);
          return at.reply(bought.data, bought.message);
        });
        // due now: sent at once (the job sends it otherwise, and sends nothing twice)
        const card = (answer.envelope.data as { card?: { id: number; state: string } } | null)?.card;
        if (card?.state === 'scheduled') await deliverDueGiftCards(ctx, card.id);
        return answer;
      },
      sent: (q, at) => sentGiftCards(ctx, at.customerId(), q.page ?? 1),
      view: (q, at) => viewGiftCard(ctx, q.number, { customerId: at.customerId(), clientKey: clientKey(clientIp(at.req)) }),
      claim: async (body, at) => {
        const claimed = await claimGiftCard(ctx, body.number, { customerId: at.customerId(), clientKey: clientKey(clientIp(at.req)) });
        return at.reply(claimed.data, claimed.message);
      },
      refund: async (body, at) => {
        const refunded = await refundGiftCard(ctx, at.customerId(), body.id);
        return at.reply(refunded.data, refunded.message);
      },
    }),
    mount(ctx, giftCardsConsoleSpec, {
      settings: async () => ({ settings: await consoleSettings(ctx) }),
      update: async (body, at) => ({ settings: await updateSettings(ctx, at.staff(), body) }),
      // read on the replica when there is one, as the dashboard is
      report: (q) => onReplica(ctx, (db) => giftCardReport(db, ctx.merchantId, ctx.clock.now(), q)),
    }),
    // physical cards: the owner's batches, and the counter's sale, balance, spend and add to a wallet
    mount(ctx, giftCardsPhysicalSpec, {
      batches: () => giftCardBatches(ctx),
      createBatch: async (body, at) => ({ batch: await createBatch(ctx, at.staff(), body) }),
      batchCsv: (q, at) => exportBatch(ctx, at.staff(), q.batch_id, csvDownload(at.res)),
      check: (body, at) => checkCard(ctx, body.number, staffSeeker(at.staff(), clientKey(clientIp(at.req)))),
      activate: async (body, at) => {
        const effect = await activateSetup(ctx, at.staff(), body, staffSeeker(at.staff(), clientKey(clientIp(at.req))));
        return at.once(async (trx) => {
          const done = await effect(trx);
          return at.reply(done.data, done.message);
        });
      },
      spend: async (body, at) => {
        const effect = await spendSetup(ctx, at.staff(), body, staffSeeker(at.staff(), clientKey(clientIp(at.req))));
        return at.once(async (trx) => {
          const done = await effect(trx);
          return at.reply(done.data, done.message);
        });
      },
      add: async (body, at) => {
        const added = await addToWallet(ctx, at.staff(), body, staffSeeker(at.staff(), clientKey(clientIp(at.req))));
        return at.reply(added.data, added.message);
      },
    }),
  );
}
