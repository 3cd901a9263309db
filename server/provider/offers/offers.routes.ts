import { offersConsoleSpec, offersSpec } from '#contract/offers.spec';
import { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { csvDownload } from '../http/csv';
import { getMerchant } from '../settings/settings.service';
import { createCodeBatch, exportCodeBatch, offerCodeBatches } from './offer-codes.service';
import { changeOffer, consoleOffers, createOffer, customerOffers, setStatus } from './offers.service';

/**
 * Offers and promo codes: the customer's "Offers for you" (`offer/list`), and the owner's offers
 * (`merchant/offers…`: staff read them, owners change them). A code itself is order/quote's and
 * order/create's (orders/pricing.ts, with promo-codes.ts).
 */
export function offersRoutes(ctx: ProviderContext): Router {
  return Router().use(
    mount(ctx, offersSpec, {
      list: (_q, at) => customerOffers(ctx, at.customerId()),
    }),
    mount(ctx, offersConsoleSpec, {
      offers: () => consoleOffers(ctx),
      create: async (body, at) => ({ offer: await createOffer(ctx, at.staff(), body) }),
      update: async (body, at) => ({ offer: await changeOffer(ctx, at.staff(), body) }),
      status: async (body, at) => ({ offer: await setStatus(ctx, at.staff(), body) }),
      codeBatches: (q) => offerCodeBatches(ctx, q.offer_id),
      createCodes: async (body, at) => ({ batch: await createCodeBatch(ctx, at.staff(), body) }),
      codesCsv: async (q, at) => {
        const { rules } = await getMerchant(ctx.db, ctx.merchantId);
        await exportCodeBatch(ctx, at.staff(), q.batch_id, csvDownload(at.res), rules.timezone);
      },
    }),
  );
}
