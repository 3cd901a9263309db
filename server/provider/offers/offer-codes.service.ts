/**
 * Single-use codes (issue 50): the owner makes them in batches for a single-use offer, to hand out (a
 * partner's flyer), and downloads a batch as CSV with which are used and on what order. Each code is
 * random (node:crypto), of letters no one mistakes for others, and long enough never to be guessed;
 * checkout finds it by its unique index (promo-codes.ts), under the limit on guessing.
 */
import { randomInt } from 'node:crypto';
import { OFFER_SINGLE_CODES_MAX, OFFER_SINGLE_CODE_LENGTH, SINGLE_CODE_ALPHABET, type OfferCodeBatch, type OfferCodeBatchesData } from '#contract/offers';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { line, type OpenCsv } from '../http/csv';
import { AppError, notFound } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { insertAudit } from '../staff/staff.repo';
import { batchCodesPage, codeBatches, insertBatch, insertCodes, offerExists } from './offer-codes.repo';
import { lockOffer } from './offers.repo';

/** One code: the prefix, then OFFER_SINGLE_CODE_LENGTH letters of SINGLE_CODE_ALPHABET drawn by node:crypto. */
export function singleCode(prefix: string): string {
  let code = prefix;
  for (let i = 0; i < OFFER_SINGLE_CODE_LENGTH; i++) code += SINGLE_CODE_ALPHABET[randomInt(SINGLE_CODE_ALPHABET.length)];
  return code;
}

const batchOf = (b: Awaited<ReturnType<typeof codeBatches>>[number]): OfferCodeBatch => ({
  id: b.id,
  offer_id: b.offer_id,
  prefix: b.prefix,
  count: b.count,
  used: b.used,
  created_at: b.created_at.toISOString(),
});

/** `merchant/offers/codes`: an offer's batches, newest first, with how many of each are used. */
export async function offerCodeBatches(ctx: ProviderContext, offerId: number): Promise<OfferCodeBatchesData> {
  if (!(await offerExists(ctx.db, offerId))) throw notFound('That offer');
  return { batches: (await codeBatches(ctx.db, { offerId })).map(batchOf) };
}

/** Rows written at a time: a batch of 10,000 is ten statements. */
const CHUNK = 1000;

/** `count` new codes in the batch, drawn again for the rare one some code already has. */
async function fillBatch(trx: Database, batch: { id: number; offerId: number }, prefix: string, count: number): Promise<void> {
  let left = count;
  while (left > 0) {
    const n = Math.min(CHUNK, left);
    const codes = new Set<string>();
    while (codes.size < n) codes.add(singleCode(prefix));
    left -= await insertCodes(trx, batch, [...codes]);
  }
}

/**
 * `merchant/offers/codes/create`: a batch of single-use codes for a single-use offer that is not archived
 * (409 otherwise), at most OFFER_SINGLE_CODES_MAX an offer (409 LIMIT_REACHED), made under the offer's
 * row lock. Audited.
 */
export async function createCodeBatch(
  ctx: ProviderContext,
  staff: StaffOfRequest,
  body: { offer_id: number; count: number; prefix: string },
): Promise<OfferCodeBatch> {
  const now = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const offer = await lockOffer(trx, body.offer_id);
    if (!offer) throw notFound('That offer');
    if (offer.status === 'archived') throw new AppError('CONFLICT', `${offer.title} is archived: its codes no longer work.`, { offer_id: 'is archived' });
    if (!offer.single_use) {
      throw new AppError('CONFLICT', `${offer.title} is not a single-use offer. Edit it and choose single-use codes first.`, {
        offer_id: 'is not a single-use offer',
      });
    }
    const made = (await codeBatches(trx, { offerId: offer.id })).reduce((s, b) => s + b.count, 0);
    if (made + body.count > OFFER_SINGLE_CODES_MAX) {
      throw new AppError(
        'LIMIT_REACHED',
        `${offer.title} has ${made.toLocaleString('en')} codes already: an offer may have ${OFFER_SINGLE_CODES_MAX.toLocaleString('en')} in all.`,
        { count: `must be at most ${Math.max(0, OFFER_SINGLE_CODES_MAX - made)}` },
        { max: OFFER_SINGLE_CODES_MAX },
      );
    }
    const batchId = await insertBatch(trx, { offerId: offer.id, prefix: body.prefix, count: body.count, staffId: staff.id, now });
    await fillBatch(trx, { id: batchId, offerId: offer.id }, body.prefix, body.count);
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'offer.codes',
      target: `offer:${offer.id}`,
      before: null,
      after: { batch_id: batchId, count: body.count, prefix: body.prefix },
      now,
    });
    return batchId;
  });
  const [batch] = await codeBatches(ctx.db, { batchId: id });
  return batchOf(batch!);
}

const PAGE = 2_000;

/**
 * `merchant/offers/codes.csv`: a batch's codes, one a row (the code, used or unused, when, the order),
 * written as they are read, a page at a time; 404 before anything is written when there is no such batch.
 * Audited.
 */
export async function exportCodeBatch(ctx: ProviderContext, staff: StaffOfRequest, batchId: number, open: OpenCsv, timeZone: string): Promise<void> {
  const [batch] = await codeBatches(ctx.db, { batchId });
  if (!batch) throw notFound('That batch of codes');
  await insertAudit(ctx.db, {
    staffId: staff.id,
    action: 'export.offer_codes',
    target: `offer:${batch.offer_id}`,
    before: null,
    after: { batch_id: batch.id },
    now: ctx.clock.now(),
  });
  const res = open(`offer-${batch.offer_id}-codes-${batch.id}.csv`);
  res.write(line(['code', 'status', `used_at (${timeZone})`, 'order']));
  let after = 0;
  for (;;) {
    const rows = await batchCodesPage(ctx.db, batch.id, after, PAGE, timeZone);
    for (const r of rows) res.write(line([r.code, r.order ? 'used' : 'unused', r.order ? r.used_at : null, r.order]));
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  res.end();
}
