import { beforeEach, expect, it } from 'vitest';
import { customersApi } from '#contract/customers.calls';
import type { Language } from '#contract/languages';
import { boardApi } from '#contract/board.calls';
import { ordersApi } from '#contract/orders.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { stampsConsoleApi } from '#contract/stamps.calls';
import { wheelApi } from '#contract/wheel.calls';
import { takeBackRefundedOrder } from '../../server/provider/orders/refunded';
import { earnPoints } from '../../server/provider/points/points.ledger';
import { creditPendingPoints } from '../../server/provider/points/points.jobs';
import { pointsApi } from '#contract/points.calls';
import { DAY } from '../../server/lib/clock';
import { newStaff, type TestStaff } from './merchant.helpers';
import { completeOrder, creditedAtPayment, key, products } from './orders.helpers';
import { describeEachDb, useTestProvider, type TestProvider } from './support/provider';
import { callApi } from '../support/calls';

/**
 * What the shop says of stamps, take-backs and vouchers, in the customer's language (docs/app.md, "What the shop
 * sends"): a stamp card filled, a cancelled or refunded order's take-back sentences, and the voucher reward/redeem and
 * wheel/spin answer, which follows the app's `lang` (as reward/storage does); the points history's reasons, in `lang` or
 * the customer's own language, and the points-ready notice listing them.
 */

/** A paid pickup order of `qty` lattes from the wallet; answers its name and id. */
async function paidOrder(p: TestProvider, c: { token: string }, qty = 6): Promise<{ name: string; id: number }> {
  const { latte } = await products(p);
  const res = await callApi(p, ordersApi.create, {
    token: c.token,
    body: { items: [{ product_id: latte.id, qty }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const name = res.body.data.order.name as string;
  const { id } = await p.db.selectFrom('orders').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return { name, id };
}

describeEachDb('stamps, take-backs and vouchers in the customer language', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  beforeEach(async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    await callApi(p, shopSettingsApi.update, { token: owner.token, body: { languages: ['en', 'fil', 'id'], language_default: 'en' } }).expect(200);
  });
  const choose = (c: { token: string }, language: Language) => callApi(p, customersApi.language, { token: c.token, body: { language } }).expect(200);
  const noticesOf = (customerId: number) =>
    p.db.selectFrom('notifications').select(['type', 'title', 'body']).where('customer_id', '=', customerId).orderBy('id').execute();
  /** A reward of the test's own, its title in Filipino and Bahasa Indonesia too. */
  const translatedReward = async () =>
    p.db
      .insertInto('rewards')
      .values({
        name: `lang-reward-${key().slice(0, 8)}`.toLowerCase(),
        title: 'Free latte',
        points_cost: 100,
        valid_days: 30,
        discount_amount: 16_500,
        position: 300,
        translations: JSON.stringify({ fil: { title: 'Libreng latte' }, id: { title: 'Latte gratis' } }),
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();

  it('a stamp card filled: its title and vouchers in Filipino, with the reward by its Filipino title', async () => {
    const { latte } = await products(p);
    const reward = await translatedReward();
    await callApi(p, stampsConsoleApi.create, {
      token: owner.token,
      body: { name: 'Coffee card', product_ids: [latte.id], per: 'item', stamps_needed: 3, reward_id: reward.id, expiry_days: 365 },
    }).expect(201);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    await choose(c, 'fil');
    await completeOrder(p, (await paidOrder(p, c, 6)).name);
    const full = (await noticesOf(c.id)).filter((n) => n.type === 'reward');
    expect(full).toEqual([
      {
        type: 'reward',
        title: 'Puno na ang 2 Coffee card mo',
        body: 'May 2 voucher para sa Libreng latte na naghihintay sa iyo. Buksan ang isa para ipakita ang QR code sa counter.',
      },
    ]);
    // the reward sold out: the next card is full all the same, and the counter is the place to ask, in Bahasa Indonesia
    await choose(c, 'id');
    await p.db.updateTable('rewards').set({ stock: 0 }).where('id', '=', reward.id).execute();
    await completeOrder(p, (await paidOrder(p, c, 3)).name);
    const last = (await noticesOf(c.id)).filter((n) => n.type === 'reward').at(-1)!;
    expect(last).toMatchObject({ title: 'Coffee card Anda sudah penuh', body: 'Minta Latte gratis Anda di kasir.' });
  });

  it("a cancelled order's take-back sentences speak Filipino: the reason, the refund, the points", async () => {
    const c = await p.newCustomer({ wallet: 1_000_000 });
    await choose(c, 'fil');
    const order = await paidOrder(p, c);
    const staff = await newStaff(p.db, p.clock, { name: 'Ben Santos' });
    await callApi(p, boardApi.cancel, { token: staff.token, body: { name: order.name, reason: 'Out of oat milk' } }).expect(200);
    const notice = (await noticesOf(c.id)).find((n) => n.title === `Na-cancel ang order ${order.name}`);
    expect(notice?.body).toMatch(/^.+ Dahilan: Out of oat milk\. Naibalik na ang ₱[\d,.]+ sa wallet mo\. Na-cancel ang 99 points na makukuha mo sana rito\.$/);
    expect(notice?.body).not.toMatch(/Reason|back in your wallet|would have earned/);
  });

  it("a refund at the payment gateway: what it took back, in the customer's Bahasa Indonesia", async () => {
    const c = await p.newCustomer({ wallet: 1_000_000 });
    await choose(c, 'id');
    const order = await paidOrder(p, c);
    const taken = await p.db.transaction().execute((trx) => takeBackRefundedOrder(trx, p.ctx, order.id));
    expect(taken).toMatchObject({ voided: 99, taken: 0 });
    const last = (await noticesOf(c.id)).at(-1)!;
    expect(last).toMatchObject({
      title: '99 poin dibatalkan',
      body: `Pembayaran Anda untuk pesanan ${order.name} sudah dikembalikan, jadi 99 poin yang seharusnya Anda dapat darinya dibatalkan.`,
    });
  });

  it("reward/redeem answers the voucher in the app's lang; the notice keeps the customer's language", async () => {
    const reward = await translatedReward();
    const c = await p.newCustomer({ points: 500 });
    await choose(c, 'fil');
    const res = await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward.name, idempotency_key: key(), lang: 'id' } }).expect(201);
    expect(res.body.data.voucher.reward.title).toBe('Latte gratis');
    const plain = await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward.name, idempotency_key: key() } }).expect(201);
    expect(plain.body.data.voucher.reward.title).toBe('Free latte');
    const told = (await noticesOf(c.id)).filter((n) => n.type === 'reward');
    expect(told.map((n) => n.body)).toEqual([expect.stringContaining('para sa Libreng latte'), expect.stringContaining('para sa Libreng latte')]);
  });

  it("wheel/spin answers a prize voucher in the app's lang, and tells of it in the customer's language", async () => {
    const seg = await p.db.selectFrom('wheel_segments').select(['id', 'reward_id']).where('prize_type', '=', 'voucher').orderBy('id').executeTakeFirstOrThrow();
    await p.db.updateTable('wheel_segments').set({ active: false }).where('id', '<>', seg.id).execute();
    await p.db
      .updateTable('rewards')
      .set({ translations: JSON.stringify({ fil: { title: 'Libreng croissant' }, id: { title: 'Croissant gratis' } }) })
      .where('id', '=', seg.reward_id!)
      .execute();
    const c = await p.newCustomer();
    await choose(c, 'fil');
    const res = await callApi(p, wheelApi.spin, { token: c.token, body: { idempotency_key: key(), lang: 'id' } }).expect(200);
    expect(res.body.data.prize.voucher.reward.title).toBe('Croissant gratis');
    const won = (await noticesOf(c.id)).filter((n) => n.type === 'wheel');
    expect(won.map((n) => n.body)).toEqual(['Nanalo ka ng Libreng croissant. Buksan ang voucher mo para ipakita ang QR code nito sa counter.']);
  });

  const history = async (c: { id: number; token: string }, lang?: Language) =>
    (await callApi(p, pointsApi.history, { token: c.token, body: { customer_id: c.id, ...(lang ? { lang } : {}) } }).expect(200)).body.data as {
      items: Array<{ type: string; reason: string }>;
      pending: Array<{ reason: string }>;
    };

  it("the points history reads in the app's lang, else the customer's language; an entry without words keeps its text", async () => {
    const reward = await translatedReward();
    const c = await p.newCustomer({ wallet: 1_000_000 });
    await choose(c, 'fil');
    await p.db.transaction().execute((trx) => earnPoints(trx, p.clock, c.id, 200, { reason: 'Welcome gift' }));
    const order = await paidOrder(p, c);
    await completeOrder(p, order.name);
    await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward.name, idempotency_key: key() } }).expect(201);
    const inId = await history(c, 'id');
    expect(inId.items.map((e) => e.reason)).toEqual(['Ditukar: Latte gratis', `Pesanan ${order.name}`, 'Welcome gift']);
    const own = await history(c);
    expect(own.items.map((e) => e.reason)).toEqual(['Na-redeem: Libreng latte', `Order ${order.name}`, 'Welcome gift']);
    // the ledger keeps its English, as the console and the webhooks read it
    const stored = await p.db.selectFrom('points_ledger').select('reason').where('customer_id', '=', c.id).orderBy('id').execute();
    expect(stored.map((r) => r.reason)).toEqual(['Welcome gift', `Order ${order.name}`, 'Redeemed: Free latte']);
  });

  it("a cancelled order's entries and the points-ready notice speak the customer's language", async () => {
    await callApi(p, shopSettingsApi.update, { token: owner.token, body: { points_hold_days: 2 } }).expect(200);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    await choose(c, 'id');
    const first = await paidOrder(p, c);
    const second = await paidOrder(p, c);
    await completeOrder(p, first.name);
    await completeOrder(p, second.name);
    expect((await history(c)).pending.map((e) => e.reason)).toEqual([`Pesanan ${first.name}`, `Pesanan ${second.name}`]);
    p.clock.advance(2 * DAY);
    await creditPendingPoints(p.ctx);
    const ready = (await noticesOf(c.id)).at(-1)!;
    expect(ready.body).toBe(`Pesanan ${first.name}, Pesanan ${second.name}: siap dipakai. Poin berlaku selama 365 hari.`);
    // an order whose points were credited at payment, cancelled: its points taken back, said in the history in Bahasa
    // Indonesia and in English in the ledger
    const third = await paidOrder(p, c);
    await creditedAtPayment(p, third.name);
    const staff = await newStaff(p.db, p.clock, { name: 'Ben Santos' });
    await callApi(p, boardApi.cancel, { token: staff.token, body: { name: third.name, reason: 'Wrong order' } }).expect(200);
    expect((await history(c)).items[0]).toMatchObject({ type: 'adjust', reason: `Pesanan ${third.name} dibatalkan` });
    expect((await history(c, 'en')).items[0]!.reason).toBe(`Order ${third.name} cancelled`);
  });
});
