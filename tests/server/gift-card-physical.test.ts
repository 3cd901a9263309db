import { beforeAll, beforeEach, expect, it } from 'vitest';
import { GIFT_PURCHASE, GIFT_SETTINGS } from './gift-cards.helpers';
import { DAY, MINUTE } from '../../server/lib/clock';
import { newStaffSession, ownerAndStaff } from './merchant.helpers';
import { key } from './orders.helpers';
import { describeEachDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { giftCardsApi, giftCardsConsoleApi } from '#contract/gift-cards.calls';
import { giftCardsPhysicalApi } from '#contract/gift-cards-physical.calls';
import { giftCardNumberChecks, normalizeGiftCardNumber } from '#contract/gift-cards';
import { walletApi } from '#contract/wallet.calls';
import { callApi } from '../support/calls';

/**
 * Physical gift cards (issue 49), the provider's side: the owner's batches of numbers (made, listed,
 * downloaded as CSV; every card inactive until sold), and the counter: sell and activate a card with an
 * amount the owner offers (paid at the till, who activated it), its balance, part of it spent for a walk-in,
 * what is left added to a member's wallet as gift money (and a member adding it from the app), every
 * movement in the ledgers, the report and the liability; the limit on guessing numbers; and on PostgreSQL
 * 50 spends, and 50 adds, of one card at once.
 */

/** Wednesday 2 December 2026, 10:00 in Manila. */
const START = new Date('2026-12-02T02:00:00Z');

function physicalCalls(p: TestProvider, team: ReturnType<typeof ownerAndStaff>) {
  const g = {
    batch: async (count = 3, label = 'December counter cards') => {
      const res = await callApi(p, giftCardsPhysicalApi.createBatch, { token: team.owner.token, body: { label, count } });
      expect(res.status, res.text).toBe(201);
      return res.body.data.batch as { id: number; count: number; activated: number; label: string };
    },
    numbers: async (batchId: number) =>
      (await p.db.selectFrom('gift_cards').select('number').where('batch_id', '=', batchId).orderBy('id').execute()).map((r) => r.number),
    csv: (batchId: number, token = team.owner.token) => callApi(p, giftCardsPhysicalApi.batchCsv, { token, query: { batch_id: batchId } }),
    check: (number: string, ip = '192.0.2.10', token = team.staff.token) => callApi(p, giftCardsPhysicalApi.check, { token, body: { number }, ip }),
    activate: (number: string, amount = 50_000, token = team.staff.token) =>
      callApi(p, giftCardsPhysicalApi.activate, { token, body: { number, amount, idempotency_key: key() }, ip: '192.0.2.10' }),
    spend: (number: string, amount: number, ip = '192.0.2.10', idem = key()) =>
      callApi(p, giftCardsPhysicalApi.spend, { token: team.staff.token, body: { number, amount, idempotency_key: idem }, ip }),
    add: (number: string, customerId: number, ip = '192.0.2.10') =>
      callApi(p, giftCardsPhysicalApi.add, { token: team.staff.token, body: { number, customer_id: customerId }, ip }),
    balance: async (token: string) => (await callApi(p, walletApi.balance, { token }).expect(200)).body.data as { balance: number; gift_balance: number },
    report: async () =>
      (await callApi(p, giftCardsConsoleApi.report, { token: team.owner.token, query: { from: '2026-11-01', to: '2027-03-31' } }).expect(200)).body.data,
    ledger: (number: string) =>
      p.db
        .selectFrom('gift_card_ledger as l')
        .innerJoin('gift_cards as c', 'c.id', 'l.gift_card_id')
        .select(['l.type', 'l.amount', 'l.balance_after', 'l.staff_id', 'l.customer_id'])
        .where('c.number', '=', number)
        .orderBy('l.id')
        .execute(),
  };
  return g;
}

describeEachDb('physical gift cards', (kind) => {
  const p = useTestProvider(kind);
  const team = ownerAndStaff(p);
  const g = physicalCalls(p, team);
  let day = 0;
  beforeEach(async () => {
    // a day of its own for each test (no count of an earlier test's wrong numbers), signed in afresh
    p.clock.set(START.getTime() + ++day * 2 * DAY);
    for (const m of [team.owner, team.staff]) m.token = (await newStaffSession(p.db, p.clock, m.id)).token;
    await callApi(p, giftCardsConsoleApi.update, { token: team.owner.token, body: GIFT_SETTINGS }).expect(200);
  });

  it('makes a batch of unguessable numbers with their check, lists it, and downloads it as CSV; owners only; audited', async () => {
    const batch = await g.batch(5, 'Till cards');
    expect(batch).toMatchObject({ label: 'Till cards', count: 5, activated: 0 });
    const numbers = await g.numbers(batch.id);
    expect(numbers).toHaveLength(5);
    expect(new Set(numbers).size).toBe(5);
    for (const n of numbers) expect(giftCardNumberChecks(n)).toBe(true);
    const rows = await p.db.selectFrom('gift_cards').selectAll().where('batch_id', '=', batch.id).execute();
    expect(rows.every((r) => r.status === 'inactive' && r.amount === 0 && r.buyer_id === null && r.paid_with === 'till' && r.activated_at === null)).toBe(true);

    const list = (await callApi(p, giftCardsPhysicalApi.batches, { token: team.owner.token }).expect(200)).body.data.batches;
    expect(list[0]).toMatchObject({ id: batch.id, label: 'Till cards', count: 5, activated: 0 });

    const file = await g.csv(batch.id).expect(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toContain(`gift-cards-batch-${batch.id}.csv`);
    const lines = file.text.trim().split('\r\n');
    expect(lines[0]).toBe('"number","batch","status","currency","amount","balance","activated_at (Asia/Manila)"');
    expect(lines).toHaveLength(6);
    // the number in groups of four as printed; read back, it is the card's
    const printed = lines[1]!.split(',')[0]!.replace(/"/g, '');
    expect(printed).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]$/);
    expect(normalizeGiftCardNumber(printed)).toBe(numbers[0]);
    expect(lines[1]).toContain('"Till cards","inactive","PHP",0.00,0.00,');

    // staff may not make nor download batches; an unknown batch is a 404
    expect((await callApi(p, giftCardsPhysicalApi.createBatch, { token: team.staff.token, body: { label: 'x', count: 1 } })).status).toBe(403);
    expect((await g.csv(batch.id, team.staff.token)).status).toBe(403);
    expect((await g.csv(999_999)).status).toBe(404);
    const audit = await p.db.selectFrom('audit_log').select('action').where('target', '=', `gift_card_batch:${batch.id}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['gift_cards.batch', 'export.gift_card_batch']);
  });

  it('keeps a card inactive until sold: no value, no claim, no spend, nothing owed', async () => {
    const batch = await g.batch(1);
    const [number] = await g.numbers(batch.id);
    const before = await g.report();
    const member = await p.newCustomer();
    const view = await callApi(p, giftCardsApi.view, { token: member.token, query: { number: number! } });
    expect([view.status, view.body.error.code, view.body.data.reason]).toEqual([409, 'GIFT_CARD_INVALID', 'inactive']);
    const claim = await callApi(p, giftCardsApi.claim, { token: member.token, body: { number: number! } });
    expect([claim.status, claim.body.data.reason]).toEqual([409, 'inactive']);
    expect((await g.spend(number!, 1_000)).body.data.reason).toBe('inactive');
    expect((await g.add(number!, member.id)).body.data.reason).toBe('inactive');
    expect((await g.check(number!).expect(200)).body.data.card).toMatchObject({ state: 'inactive', kind: 'physical', amount: 0, balance: 0 });
    expect(await g.balance(member.token)).toEqual(expect.objectContaining({ balance: 0, gift_balance: 0 }));
    const after = await g.report();
    expect(after.outstanding).toEqual(before.outstanding);
    expect(after.sold).toEqual(before.sold);
  });

  it('activates a card once with an amount offered, paid at the till and by whom; refuses an eGift, a typo and an unknown number clearly', async () => {
    const batch = await g.batch(2);
    const [number, other] = await g.numbers(batch.id);
    const before = await g.report();
    // an amount the owner does not offer: 400 naming amount, nothing activated
    const odd = await g.activate(number!, 12_345);
    expect([odd.status, Object.keys(odd.body.error.fields)]).toEqual([400, ['amount']]);
    const res = await g.activate(number!, 50_000);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.card).toMatchObject({ state: 'active', kind: 'physical', amount: 50_000, balance: 50_000, last4: number!.slice(-4) });
    expect(res.body.message).toContain('Take the payment at the till');
    const row = await p.db.selectFrom('gift_cards').selectAll().where('number', '=', number!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'active', amount: 50_000, paid_with: 'till', activated_by: team.staff.id });
    expect(await g.ledger(number!)).toEqual([{ type: 'activate', amount: 50_000, balance_after: 50_000, staff_id: team.staff.id, customer_id: null }]);

    const again = await g.activate(number!, 50_000);
    expect([again.status, again.body.error.code, again.body.data.reason]).toEqual([409, 'GIFT_CARD_INVALID', 'activated']);
    // a custom amount in the owner's range works too
    await g.activate(other!, 25_000).expect(201);

    // an eGift's number: clearly not a printed card
    const buyer = await p.newCustomer({ wallet: 100_000 });
    const bought = await callApi(p, giftCardsApi.buy, { token: buyer.token, body: { ...GIFT_PURCHASE, idempotency_key: key() } }).expect(201);
    const egift = bought.body.data.card.number as string;
    const eg = await g.activate(egift, 50_000);
    expect([eg.status, eg.body.data.reason]).toEqual([409, 'egift']);
    expect(eg.body.message).toMatch(/eGift card, not a printed card/);
    // a typo: 400 on number before any look-up; an unknown number: 404
    const typo = number!.slice(0, 3) + (number![3] === 'A' ? 'B' : 'A') + number!.slice(4);
    const t = await g.activate(typo, 50_000);
    expect([t.status, Object.keys(t.body.error.fields)]).toEqual([400, ['number']]);
    const { newCardNumber } = await import('../../server/provider/gift-cards/gift-cards.service');
    expect((await g.activate(newCardNumber(), 50_000)).status).toBe(404);

    // sold at the till counts as sold; the liability grows by what was sold
    const after = await g.report();
    expect(after.sold.count - before.sold.count).toBe(3);
    expect(after.sold.amount - before.sold.amount).toBe(50_000 + 25_000 + 50_000);
    expect(after.outstanding.total - before.outstanding.total).toBe(50_000 + 25_000 + 50_000 - 0);
    expect((await callApi(p, giftCardsPhysicalApi.batches, { token: team.owner.token }).expect(200)).body.data.batches[0]).toMatchObject({
      id: batch.id,
      activated: 2,
    });
  });

  it('spends part of a card for a walk-in: the card keeps the rest, never below zero; the report counts it spent', async () => {
    const batch = await g.batch(1);
    const [number] = await g.numbers(batch.id);
    await g.activate(number!, 50_000).expect(201);
    const before = await g.report();
    const first = await g.spend(number!, 18_000);
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toMatchObject({ spent: 18_000, card: { balance: 32_000, amount: 50_000, state: 'active' } });
    // the batch's file says it is sold, for how much, what is left and when it was activated (the shop's time)
    expect((await g.csv(batch.id).expect(200)).text.trim().split('\r\n')[1]).toMatch(/"active","PHP",500\.00,320\.00,"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}"$/);
    const short = await g.spend(number!, 32_001);
    expect([short.status, short.body.data.reason, short.body.data.balance]).toEqual([409, 'short', 32_000]);
    await g.spend(number!, 32_000).expect(201);
    expect((await g.check(number!).expect(200)).body.data.card).toMatchObject({ state: 'active', balance: 0 });
    expect((await g.spend(number!, 1)).body.data.reason).toBe('empty');
    expect(await g.ledger(number!)).toEqual([
      expect.objectContaining({ type: 'activate', amount: 50_000, balance_after: 50_000 }),
      expect.objectContaining({ type: 'spend', amount: -18_000, balance_after: 32_000, staff_id: team.staff.id }),
      expect.objectContaining({ type: 'spend', amount: -32_000, balance_after: 0 }),
    ]);
    // a retried spend (the same idempotency key) takes nothing more
    const batch2 = await g.batch(1);
    const [n2] = await g.numbers(batch2.id);
    await g.activate(n2!, 50_000).expect(201);
    const idem = key();
    await g.spend(n2!, 10_000, '192.0.2.10', idem).expect(201);
    await g.spend(n2!, 10_000, '192.0.2.10', idem).expect(201);
    expect((await g.check(n2!).expect(200)).body.data.card.balance).toBe(40_000);

    const after = await g.report();
    expect(after.spent - before.spent).toBe(50_000 + 10_000);
    expect(before.outstanding.total + 50_000 - (after.spent - before.spent)).toBe(after.outstanding.total);
  });

  it("adds what is left on a card to a member's wallet as gift money, once; a member can add an active card from the app", async () => {
    const batch = await g.batch(2);
    const [number, other] = await g.numbers(batch.id);
    await g.activate(number!, 50_000).expect(201);
    await g.spend(number!, 20_000).expect(201);
    const member = await p.newCustomer();
    const before = await g.report();
    const res = await g.add(number!, member.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ amount: 30_000, balance: 30_000 });
    expect(await g.balance(member.token)).toMatchObject({ balance: 30_000, gift_balance: 30_000 });
    const entries = await p.db.selectFrom('wallet_ledger').select(['type', 'amount', 'gift_amount']).where('customer_id', '=', member.id).execute();
    expect(entries).toEqual([{ type: 'gift', amount: 30_000, gift_amount: 30_000 }]);
    expect((await g.ledger(number!)).at(-1)).toEqual({ type: 'wallet', amount: -30_000, balance_after: 0, staff_id: team.staff.id, customer_id: member.id });
    expect((await g.add(number!, member.id)).body.data.reason).toBe('claimed');
    expect((await g.check(number!).expect(200)).body.data.card).toMatchObject({ state: 'claimed', balance: 0 });
    // claimed: the liability is the same, moved from the card into the wallet
    const after = await g.report();
    expect(after.outstanding.total).toBe(before.outstanding.total);
    expect(after.claimed.amount - before.claimed.amount).toBe(30_000);
    // an unknown member: 404
    await g.activate(other!, 100_000).expect(201);
    expect((await g.add(other!, 999_999)).status).toBe(404);

    // the member types the other card's number in the wallet: it shows its value and adds it
    const typed = other!
      .match(/.{1,4}/g)!
      .join('-')
      .toLowerCase();
    const view = (await callApi(p, giftCardsApi.view, { token: member.token, query: { number: typed } }).expect(200)).body.data.card;
    expect(view).toMatchObject({ amount: 100_000, state: 'ready' });
    const claimed = await callApi(p, giftCardsApi.claim, { token: member.token, body: { number: typed } }).expect(200);
    expect(claimed.body.data).toMatchObject({ amount: 100_000, balance: 130_000, gift_balance: 130_000 });
    expect((await g.ledger(other!)).at(-1)).toMatchObject({ type: 'wallet', amount: -100_000, staff_id: null, customer_id: member.id });
  });

  it('checks a balance under the limit on guessing: numbers that are no card refuse every look-up after too many, per member of staff', async () => {
    const batch = await g.batch(1);
    const [number] = await g.numbers(batch.id);
    await g.activate(number!, 50_000).expect(201);
    const { newCardNumber } = await import('../../server/provider/gift-cards/gift-cards.service');
    for (let i = 0; i < 5; i++) expect((await g.check(newCardNumber(), '203.0.113.20')).status).toBe(404);
    const blocked = await g.check(number!, '203.0.113.21');
    expect([blocked.status, blocked.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    // spend and add are looked up under the same limit
    expect((await g.spend(number!, 1_000, '203.0.113.22')).status).toBe(429);
    // the owner (another member of staff) still looks it up; an hour on, so does the staff member
    expect((await g.check(number!, '203.0.113.23', team.owner.token)).status).toBe(200);
    p.clock.advance(61 * MINUTE);
    team.staff.token = (await newStaffSession(p.db, p.clock, team.staff.id)).token;
    expect((await g.check(number!, '203.0.113.24').expect(200)).body.data.card.balance).toBe(50_000);
  });
});

describePostgres('physical gift cards under concurrency', () => {
  const p = useTestProvider('postgres');
  const team = ownerAndStaff(p);
  const g = physicalCalls(p, team);
  beforeAll(async () => {
    p.clock.set(START.getTime());
    for (const m of [team.owner, team.staff]) m.token = (await newStaffSession(p.db, p.clock, m.id)).token;
    await callApi(p, giftCardsConsoleApi.update, { token: team.owner.token, body: GIFT_SETTINGS }).expect(200);
  });

  it('50 simultaneous partial spends of one card never take it below zero and keep its balance exact', async () => {
    const batch = await g.batch(1);
    const [number] = await g.numbers(batch.id);
    await g.activate(number!, 100_000).expect(201);
    // 50 spends of 3,000 on 100,000: 33 fit, the rest are refused as short
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => g.spend(number!, 3_000, `192.0.2.${i + 1}`)));
    const ok = answers.filter((a) => a.status === 201).length;
    expect(ok).toBe(33);
    expect(answers.filter((a) => a.status === 409 && a.body.data.reason === 'short')).toHaveLength(17);
    const row = await p.db.selectFrom('gift_cards').select(['amount', 'spent']).where('number', '=', number!).executeTakeFirstOrThrow();
    expect(row.spent).toBe(ok * 3_000);
    const ledger = await g.ledger(number!);
    expect(ledger.filter((l) => l.type === 'spend')).toHaveLength(ok);
    expect(ledger.at(-1)!.balance_after).toBe(100_000 - ok * 3_000);
    expect(ledger.reduce((s, l) => s + l.amount, 0)).toBe(100_000 - row.spent);
  });

  it("50 simultaneous adds of one card to members' wallets give one wallet credit", async () => {
    const batch = await g.batch(1);
    const [number] = await g.numbers(batch.id);
    await g.activate(number!, 50_000).expect(201);
    const members = await Promise.all(Array.from({ length: 50 }, () => p.newCustomer()));
    const answers = await Promise.all(members.map((m, i) => g.add(number!, m.id, `198.51.100.${i + 1}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.data.reason === 'claimed')).toHaveLength(49);
    const card = await p.db.selectFrom('gift_cards').select('id').where('number', '=', number!).executeTakeFirstOrThrow();
    const credits = await p.db.selectFrom('wallet_ledger').select(['amount']).where('ref', '=', `gift-card:${card.id}`).execute();
    expect(credits).toEqual([{ amount: 50_000 }]);
  });
});
