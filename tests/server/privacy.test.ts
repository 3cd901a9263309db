import { expect, it } from 'vitest';
import { customerDataExport, DATA_EXPORT_FORMAT } from '#contract/privacy';
import { DAY } from '../../server/lib/clock';
import { eraseDueAccounts, ERASED_NAME } from '../../server/provider/privacy/privacy.service';
import { newPhone, signInWithPhone } from './auth.helpers';
import { newStaff } from './merchant.helpers';
import { key, ledgers, makeAddress, makeVoucher, menu } from './orders.helpers';
import { balanceProblems } from './support/fill-shop';
import { describeDb, describePostgres, TEST_MERCHANT_KEY, useTestProvider, type TestProvider } from './support/provider';
import { authApi } from '#contract/auth.calls';
import { campaignsApi } from '#contract/campaigns.calls';
import { customersApi } from '#contract/customers.calls';
import { offersConsoleApi } from '#contract/offers.calls';
import { ordersApi } from '#contract/orders.calls';
import { privacyApi, privacyConsoleApi } from '#contract/privacy.calls';
import { giftCardsApi, giftCardsConsoleApi } from '#contract/gift-cards.calls';
import type { SentGiftCard } from '#contract/gift-cards';
import { outstandingGiftBalance } from '../../server/provider/gift-cards/report';
import { GIFT_PURCHASE, GIFT_SETTINGS } from './gift-cards.helpers';
import { callApi } from '../support/calls';

/**
 * Each customer's data is theirs (issue 45): the export holds everything of theirs and nothing of anyone
 * else's; a deletion signs them out, waits out the cooling-off period, is cancelled by signing in, and
 * then erases the person while every balance still equals its ledger and the shop's orders stay; their
 * phone then signs up as somebody new. The owner does both for a customer, audited, and staff cannot.
 */

/** A customer with something of everything: points, wallet money, an address, a voucher, an order. */
async function busyCustomer(p: TestProvider, name = 'Ana Santos') {
  const phone = newPhone();
  const signed = await signInWithPhone(p, phone, name);
  const c = { id: signed.customer.id, token: signed.token, phone };
  await p.db.transaction().execute(async (trx) => {
    const { postWalletEntry } = await import('../../server/provider/wallet/wallet.ledger');
    const { earnPoints } = await import('../../server/provider/points/points.ledger');
    await postWalletEntry(trx, p.clock, c.id, { type: 'topup', amount: 100_000, reason: 'Top-up' });
    await earnPoints(trx, p.clock, c.id, 300, { reason: 'Welcome' });
  });
  const addressId = await makeAddress(p, c.id);
  await makeVoucher(p, c.id);
  const latte = (await menu(p)).get('Spanish latte')!;
  const order = await callApi(p, ordersApi.create, {
    token: c.token,
    body: { fulfilment: 'delivery', address_id: addressId, payment_method: 'wallet', items: [{ product_id: latte.id, qty: 1 }], idempotency_key: key() },
  }).expect(201);
  return { ...c, order: order.body.data.order as { name: string; total: number } };
}

describeDb('customer data', (kind) => {
  const p = useTestProvider(kind);
  /** an owner and a member of staff signed in now (the clock moves weeks, and an idle console session ends) */
  const teamNow = async () => ({ owner: await newStaff(p.db, p.clock, { role: 'owner' }), staff: await newStaff(p.db, p.clock, { role: 'staff' }) });
  const erased = async (id: number) =>
    (await p.db.selectFrom('customers').select('erased_at').where('id', '=', id).executeTakeFirstOrThrow()).erased_at !== null;

  it('downloads everything of the customer’s in the documented format, and nothing of anyone else’s', async () => {
    const ana = await busyCustomer(p, 'Ana Santos');
    const ben = await busyCustomer(p, 'Ben Reyes');
    const res = await callApi(p, privacyApi.dataExport, { token: ana.token }).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = customerDataExport.parse(res.body.data);
    expect(data).toMatchObject({
      format: DATA_EXPORT_FORMAT,
      version: 1,
      profile: { id: ana.id, name: 'Ana Santos', phone: ana.phone, points: expect.any(Number) },
    });
    expect(data.orders.map((o) => o.name)).toEqual([ana.order.name]);
    expect(data.orders[0]!.items).toEqual([expect.objectContaining({ name: 'Spanish latte', qty: 1 })]);
    expect(data.addresses).toHaveLength(1);
    expect(data.wallet_ledger.map((w) => w.type)).toEqual(['topup', 'order']);
    expect(data.points_ledger.length).toBeGreaterThanOrEqual(1);
    expect(data.vouchers).toHaveLength(1);
    expect(data.notifications.length).toBeGreaterThanOrEqual(1);
    expect(data.devices.length).toBeGreaterThanOrEqual(0);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('Ben Reyes');
    expect(text).not.toContain(ben.phone);
    expect(text).not.toContain(ben.order.name);
  });

  it('holds the offers and codes the customer used: the offer, the code, the order, the discount, when; a cancelled one given back', async () => {
    const { owner } = await teamNow();
    const offer = (
      await callApi(p, offersConsoleApi.create, {
        token: owner.token,
        body: { title: '₱20 off', kind: 'amount_off', value: 2000, code: 'PRIVACY20', per_customer_limit: null },
      }).expect(201)
    ).body.data.offer;
    const ana = await busyCustomer(p, 'Ana Santos');
    const ben = await busyCustomer(p, 'Ben Reyes');
    const latte = (await menu(p)).get('Spanish latte')!;
    const order = (token: string) =>
      callApi(p, ordersApi.create, {
        token,
        body: { fulfilment: 'pickup', payment_method: 'wallet', items: [{ product_id: latte.id, qty: 1 }], promo_code: offer.code, idempotency_key: key() },
      }).expect(201);
    const kept = (await order(ana.token)).body.data.order;
    p.clock.advance(60_000);
    const cancelled = (await order(ana.token)).body.data.order;
    const bens = (await order(ben.token)).body.data.order;
    await callApi(p, ordersApi.status, { headers: { 'x-merchant-key': TEST_MERCHANT_KEY }, body: { name: cancelled.name, status: 'cancelled' } }).expect(200);
    const data = customerDataExport.parse((await callApi(p, privacyApi.dataExport, { token: ana.token }).expect(200)).body.data);
    expect(data.offers).toEqual([
      { offer: '₱20 off', code: 'PRIVACY20', order: kept.name, discount: 2000, state: 'used', used_at: expect.any(String), given_back_at: null },
      {
        offer: '₱20 off',
        code: 'PRIVACY20',
        order: cancelled.name,
        discount: 2000,
        state: 'given_back',
        used_at: expect.any(String),
        given_back_at: p.clock.now().toISOString(),
      },
    ]);
    expect(Date.parse(data.offers[1]!.used_at) - Date.parse(data.offers[0]!.used_at)).toBe(60_000);
    expect(JSON.stringify(data)).not.toContain(bens.name);
  });

  it('records every yes and no to offers with its time and where it was given, and shows them in the data', async () => {
    const ana = await busyCustomer(p);
    await callApi(p, campaignsApi.unsubscribe, { token: ana.token, body: { subscribed: false } }).expect(200);
    p.clock.advance(60_000);
    await callApi(p, campaignsApi.unsubscribe, { token: ana.token, body: { subscribed: true } }).expect(200);
    const data = customerDataExport.parse((await callApi(p, privacyApi.dataExport, { token: ana.token }).expect(200)).body.data);
    expect(data.consents.map(({ channel, granted, source }) => ({ channel, granted, source }))).toEqual([
      { channel: 'all', granted: true, source: 'sign_up_default' },
      { channel: 'all', granted: false, source: 'profile' },
      { channel: 'all', granted: true, source: 'profile' },
    ]);
    expect(data.consents[2]!.created_at).toBe(p.clock.now().toISOString());
  });

  it('starts a new account without offers unless the sign-up box was ticked (opt-in), and records the choice', async () => {
    const signUpWith = async (offers: boolean) => {
      const phone = `+63917${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
      await callApi(p, authApi.otpRequest, { body: { phone, purpose: 'register' } }).expect(200);
      const verified = await callApi(p, authApi.otpVerify, { body: { phone, code: p.lastCode(phone), purpose: 'register' } }).expect(200);
      const reg = await callApi(p, authApi.register, { body: { registration_token: verified.body.data.registration_token, name: 'Opt In', offers } }).expect(
        201,
      );
      return reg.body.data as { token: string; customer: { id: number } };
    };
    for (const offers of [false, true]) {
      const c = await signUpWith(offers);
      const status = await callApi(p, campaignsApi.preferences, { token: c.token }).expect(200);
      expect(status.body.data.subscribed, `offers: ${offers}`).toBe(offers);
      const data = customerDataExport.parse((await callApi(p, privacyApi.dataExport, { token: c.token }).expect(200)).body.data);
      expect(data.consents.map(({ channel, granted, source }) => ({ channel, granted, source }))).toEqual([
        { channel: 'all', granted: offers, source: 'sign_up' },
      ]);
    }
    const refused = await callApi(p, authApi.register, { body: { registration_token: 'x'.repeat(20), name: 'Opt In', offers: 'yes' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toHaveProperty('offers');
  });

  it('lets an owner download a customer’s data for them, audited; staff cannot', async () => {
    const team = await teamNow();
    const ana = await busyCustomer(p);
    await callApi(p, privacyConsoleApi.dataExport, { token: team.staff.token, query: { customer_id: ana.id } }).expect(403);
    const res = await callApi(p, privacyConsoleApi.dataExport, { token: team.owner.token, query: { customer_id: ana.id } }).expect(200);
    expect(res.body.data.profile.phone).toBe(ana.phone);
    const audit = await p.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'customer.data_export')
      .where('target', '=', `customer:${ana.id}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.staff_id).toBe(team.owner.id);
    await callApi(p, privacyConsoleApi.dataExport, { token: team.owner.token, query: { customer_id: 99_999_999 } }).expect(404);
  });

  it('refuses a deletion without its confirmation, and changes nothing', async () => {
    const ana = await busyCustomer(p);
    const res = await callApi(p, privacyApi.requestDeletion, { token: ana.token, body: { confirm: 'yes' } }).expect(400);
    expect(res.body.error.fields.confirm).toMatch(/DELETE/);
    await callApi(p, customersApi.profile, { token: ana.token }).expect(200);
    const row = await p.db.selectFrom('customers').select(['erase_after']).where('id', '=', ana.id).executeTakeFirstOrThrow();
    expect(row.erase_after).toBeNull();
  });

  it('tells what a deletion leaves behind before it is asked for, then signs the customer out everywhere', async () => {
    const ana = await busyCustomer(p);
    p.clock.advance(61_000); // past the code's resend wait
    const other = await signInWithPhone(p, ana.phone); // a second session: another phone of theirs
    const before = await callApi(p, privacyApi.deletion, { token: ana.token }).expect(200);
    const { wallet } = await ledgers(p, ana.id);
    expect(before.body.data).toEqual({ deletion: null, cooling_off_days: 14, wallet_balance: wallet, points: expect.any(Number) });
    const asked = await callApi(p, privacyApi.requestDeletion, { token: ana.token, body: { confirm: 'DELETE' } }).expect(200);
    expect(asked.body.data.deletion).toEqual({
      requested_at: p.clock.now().toISOString(),
      erase_after: new Date(p.clock.now().getTime() + 14 * DAY).toISOString(),
      requested_by: 'customer',
    });
    await callApi(p, customersApi.profile, { token: ana.token }).expect(401);
    await callApi(p, customersApi.profile, { token: other.token }).expect(401);
  });

  it('cancels the deletion when the customer signs in again within the cooling-off period', async () => {
    const ana = await busyCustomer(p);
    await callApi(p, privacyApi.requestDeletion, { token: ana.token, body: { confirm: 'DELETE' } }).expect(200);
    p.clock.advance(13 * DAY);
    const back = await signInWithPhone(p, ana.phone);
    expect(back.customer.id).toBe(ana.id);
    const status = await callApi(p, privacyApi.deletion, { token: back.token }).expect(200);
    expect(status.body.data.deletion).toBeNull();
    p.clock.advance(2 * DAY);
    await eraseDueAccounts(p.ctx);
    expect(await erased(ana.id)).toBe(false);
    const notes = await p.db.selectFrom('notifications').select('title').where('customer_id', '=', ana.id).execute();
    expect(notes.map((n) => n.title)).toContain('Your account is staying');
  });

  it('erases the person after the cooling-off period: balances equal their ledgers, the orders stay, the phone is somebody new', async () => {
    const ana = await busyCustomer(p);
    const ordersBefore = await p.db.selectFrom('orders').select(['name', 'total']).where('customer_id', '=', ana.id).execute();
    await callApi(p, privacyApi.requestDeletion, { token: ana.token, body: { confirm: 'DELETE' } }).expect(200);
    p.clock.advance(14 * DAY - 60_000);
    await eraseDueAccounts(p.ctx);
    expect(await erased(ana.id)).toBe(false);
    p.clock.advance(60_000);
    expect(await eraseDueAccounts(p.ctx)).toBeGreaterThanOrEqual(1);
    expect(await erased(ana.id)).toBe(true);
    expect(await eraseDueAccounts(p.ctx)).toBe(0);

    const row = await p.db.selectFrom('customers').selectAll().where('id', '=', ana.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: ERASED_NAME,
      phone: null,
      email: null,
      google_sub: null,
      birth_day: null,
      referral_code: null,
      points: 0,
      wallet_balance: 0,
    });
    expect(row.erased_at).not.toBeNull();
    const l = await ledgers(p, ana.id);
    expect(l.walletSum).toBe(0);
    expect(l.pointsSum).toBe(0);
    expect(await balanceProblems(p.db)).toMatchObject({ wallet: 0, points: 0, vouchers: 0 });
    // the shop's records stay, with nothing of the person
    const ordersAfter = await p.db.selectFrom('orders').select(['name', 'total', 'address']).where('customer_id', '=', ana.id).execute();
    expect(ordersAfter.map(({ name, total }) => ({ name, total }))).toEqual(ordersBefore);
    expect(ordersAfter.every((o) => o.address === null)).toBe(true);
    for (const table of ['sessions', 'addresses', 'notifications', 'push_subscriptions', 'customer_devices', 'wallet_passes', 'consents'] as const) {
      expect(await p.db.selectFrom(table).select('customer_id').where('customer_id', '=', ana.id).execute(), table).toEqual([]);
    }
    expect(await p.db.selectFrom('vouchers').select('status').where('customer_id', '=', ana.id).execute()).toEqual([{ status: 'cancelled' }]);
    const audit = await p.db
      .selectFrom('audit_log')
      .select(['actor', 'after'])
      .where('action', '=', 'customer.erased')
      .where('target', '=', `customer:${ana.id}`)
      .execute();
    expect(audit).toHaveLength(1);

    // their phone signs up as a new customer, who sees nothing of the old one
    const again = await signInWithPhone(p, ana.phone, 'Ana Again');
    expect(again.customer.id).not.toBe(ana.id);
    const data = (await callApi(p, privacyApi.dataExport, { token: again.token }).expect(200)).body.data;
    expect(data.orders).toEqual([]);
    expect(data.wallet_ledger).toEqual([]);
    expect(data.profile).toMatchObject({ name: 'Ana Again', points: 0, wallet_balance: 0 });
    // the old account's export is gone with it
    const team = await teamNow();
    await callApi(p, privacyConsoleApi.dataExport, { token: team.owner.token, query: { customer_id: ana.id } }).expect(404);
  });

  /** Gift cards on, a card bought by `token` (for Ben's phone unless told otherwise). */
  const giftCard = async (token: string, extra: Record<string, unknown> = {}) => {
    await callApi(p, giftCardsConsoleApi.update, { token: (await teamNow()).owner.token, body: GIFT_SETTINGS }).expect(200);
    const res = await callApi(p, giftCardsApi.buy, { token, body: { ...GIFT_PURCHASE, idempotency_key: key(), ...extra } });
    expect(res.status, res.text).toBe(201);
    return res.body.data.card as SentGiftCard;
  };
  const topUp = (id: number, amount: number) =>
    p.db.transaction().execute(async (trx) => {
      const { postWalletEntry } = await import('../../server/provider/wallet/wallet.ledger');
      await postWalletEntry(trx, p.clock, id, { type: 'topup', amount, reason: 'Top-up' });
    });
  /** 'YYYY-MM-DDT09:00' `days` ahead (Manila's date is UTC's at 01:00 UTC and after) */
  const daysAhead = (days: number) => `${new Date(p.clock.now().getTime() + days * DAY).toISOString().slice(0, 10)}T09:00`;

  it('puts the gift cards a customer sent and received in their data: what they typed, never the other person’s contact', async () => {
    const ana = await busyCustomer(p, 'Ana Santos');
    const carla = await busyCustomer(p, 'Carla Cruz');
    await topUp(ana.id, 100_000);
    await topUp(carla.id, 100_000);
    const sent = await giftCard(ana.token, { message: 'For your new job', to_phone: '0917 555 0101' });
    // Carla's card for Ana, to the phone number Carla typed
    const received = await giftCard(carla.token, { from_name: 'Carla', to_name: 'Ana', to_phone: '0917 555 0177', message: 'Enjoy!' });
    await callApi(p, giftCardsApi.claim, { token: ana.token, body: { number: received.number } }).expect(200);

    const data = customerDataExport.parse((await callApi(p, privacyApi.dataExport, { token: ana.token }).expect(200)).body.data);
    expect(data.gift_cards_sent).toEqual([
      expect.objectContaining({ number: sent.number, amount: 50_000, to: '+639175550101', message: 'For your new job', status: 'active', to_name: 'Ben' }),
    ]);
    expect(data.gift_cards_received).toEqual([{ amount: 50_000, from_name: 'Carla', message: 'Enjoy!', claimed_at: p.clock.now().toISOString() }]);
    const text = JSON.stringify(data);
    // not the number Carla typed, not Carla's own phone or name beyond what she wrote on the card, not her card's number
    for (const other of ['639175550177', carla.phone, 'Carla Cruz', received.number]) expect(text).not.toContain(other);
    // Carla's own data has the card she sent, with the contact she typed, and not who claimed it
    const hers = customerDataExport.parse((await callApi(p, privacyApi.dataExport, { token: carla.token }).expect(200)).body.data);
    expect(hers.gift_cards_sent.map((g) => [g.to, g.status])).toEqual([['+639175550177', 'claimed']]);
    expect(JSON.stringify(hers)).not.toContain('Ana Santos');
  });

  it('holds the customer’s ratings of their orders, and erasing them keeps a rating without its words', async () => {
    const ana = await busyCustomer(p, 'Ana Santos');
    const ben = await busyCustomer(p, 'Ben Reyes');
    const rate = async (c: { id: number; order: { name: string } }, rating: number, comment: string) => {
      const order = await p.db.updateTable('orders').set({ status: 'completed' }).where('name', '=', c.order.name).returning('id').executeTakeFirstOrThrow();
      await p.db
        .insertInto('feedback')
        .values({ order_id: order.id, customer_id: c.id, rating, reasons: ['speed'], comment, created_at: p.clock.now() })
        .execute();
    };
    await rate(ana, 2, 'Ana here: it came late to Block 4');
    await rate(ben, 5, 'Ben loved it');
    const data = customerDataExport.parse((await callApi(p, privacyApi.dataExport, { token: ana.token }).expect(200)).body.data);
    expect(data.feedback).toEqual([
      {
        order: ana.order.name,
        rating: 2,
        reasons: ['speed'],
        comment: 'Ana here: it came late to Block 4',
        reply: null,
        created_at: p.clock.now().toISOString(),
      },
    ]);
    await callApi(p, privacyApi.requestDeletion, { token: ana.token, body: { confirm: 'DELETE' } }).expect(200);
    p.clock.advance(15 * DAY);
    expect(await eraseDueAccounts(p.ctx)).toBeGreaterThanOrEqual(1);
    const left = await p.db
      .selectFrom('feedback')
      .select(['customer_id', 'rating', 'comment'])
      .where('customer_id', 'in', [ana.id, ben.id])
      .orderBy('customer_id')
      .execute();
    expect(left).toEqual([
      { customer_id: ana.id, rating: 2, comment: '' },
      { customer_id: ben.id, rating: 5, comment: 'Ben loved it' },
    ]);
  });

  it('erases a buyer’s gift cards’ contacts and messages, refunds those not sent yet, and the gift-card balance still adds up', async () => {
    const ana = await busyCustomer(p, 'Ana Santos');
    const carla = await busyCustomer(p, 'Carla Cruz');
    await topUp(ana.id, 200_000);
    await topUp(carla.id, 100_000);
    const sent = await giftCard(ana.token, { message: 'For your new job' });
    const later = await giftCard(ana.token, { amount: 30_000, to_phone: '0917 555 0188', deliver_at: daysAhead(200) });
    const received = await giftCard(carla.token, { to_phone: ana.phone, to_name: 'Ana' });
    await callApi(p, giftCardsApi.claim, { token: ana.token, body: { number: received.number } }).expect(200);
    await callApi(p, privacyApi.requestDeletion, { token: ana.token, body: { confirm: 'DELETE' } }).expect(200);
    p.clock.advance(15 * DAY);
    const before = await outstandingGiftBalance(p.db);
    const anaGift = (await p.db.selectFrom('customers').select('gift_balance').where('id', '=', ana.id).executeTakeFirstOrThrow()).gift_balance;
    expect(anaGift).toBe(50_000);
    expect(await eraseDueAccounts(p.ctx)).toBeGreaterThanOrEqual(1);

    const cards = await p.db
      .selectFrom('gift_cards')
      .select(['id', 'status', 'amount', 'to_phone', 'to_email', 'to_name', 'message', 'from_name', 'contact_erased_at'])
      .where('id', 'in', [sent.id, later.id, received.id])
      .orderBy('id')
      .execute();
    const erasedAt = p.clock.now();
    expect(cards).toEqual([
      // sent: still Ben's to claim, with nothing of Ana's on it
      {
        id: sent.id,
        status: 'active',
        amount: 50_000,
        to_phone: null,
        to_email: null,
        to_name: 'Ben',
        message: '',
        from_name: 'Someone',
        contact_erased_at: erasedAt,
      },
      // not sent yet: refunded (nobody can be sent it now), then written off with the wallet
      {
        id: later.id,
        status: 'refunded',
        amount: 30_000,
        to_phone: null,
        to_email: null,
        to_name: 'Ben',
        message: '',
        from_name: 'Someone',
        contact_erased_at: erasedAt,
      },
      // Carla's card to Ana: Ana's phone goes, Carla's words stay
      {
        id: received.id,
        status: 'claimed',
        amount: 50_000,
        to_phone: null,
        to_email: null,
        to_name: 'Ana',
        message: 'Happy birthday!',
        from_name: 'Ana',
        contact_erased_at: erasedAt,
      },
    ]);
    const entries = await p.db.selectFrom('wallet_ledger').select(['type', 'amount', 'ref']).where('customer_id', '=', ana.id).orderBy('id').execute();
    expect(entries.slice(-2)).toEqual([
      { type: 'refund', amount: 30_000, ref: `gift-card:${later.id}` },
      { type: 'adjust', amount: expect.any(Number), ref: 'account:deleted' },
    ]);
    expect(await balanceProblems(p.db)).toMatchObject({ wallet: 0, points: 0 });
    // the liability: less the card refunded and Ana's gift money written off; Ben's card still owed
    const after = await outstandingGiftBalance(p.db);
    expect(before.total - after.total).toBe(30_000 + anaGift);
    const ben = await p.newCustomer();
    const claimed = await callApi(p, giftCardsApi.claim, { token: ben.token, body: { number: sent.number } }).expect(200);
    expect(claimed.body.data.amount).toBe(50_000);
    expect((await outstandingGiftBalance(p.db)).total).toBe(after.total);
  });

  it('lets an owner ask for a customer’s deletion and cancel it, audited; staff cannot; an erased account cannot come back', async () => {
    const team = await teamNow();
    const ana = await busyCustomer(p);
    await callApi(p, privacyConsoleApi.requestDeletion, { token: team.staff.token, body: { customer_id: ana.id } }).expect(403);
    const asked = await callApi(p, privacyConsoleApi.requestDeletion, { token: team.owner.token, body: { customer_id: ana.id } }).expect(200);
    expect(asked.body.data.deletion.requested_by).toBe('owner');
    await callApi(p, customersApi.profile, { token: ana.token }).expect(401);
    await callApi(p, privacyConsoleApi.cancelDeletion, { token: team.staff.token, body: { customer_id: ana.id } }).expect(403);
    const cancelled = await callApi(p, privacyConsoleApi.cancelDeletion, { token: team.owner.token, body: { customer_id: ana.id } }).expect(200);
    expect(cancelled.body.data.deletion).toBeNull();
    const actions = await p.db.selectFrom('audit_log').select('action').where('target', '=', `customer:${ana.id}`).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['customer.deletion', 'customer.deletion_cancelled']);

    await callApi(p, privacyConsoleApi.requestDeletion, { token: team.owner.token, body: { customer_id: ana.id } }).expect(200);
    p.clock.advance(14 * DAY);
    await eraseDueAccounts(p.ctx);
    expect(await erased(ana.id)).toBe(true);
    const later = await teamNow();
    const refused = await callApi(p, privacyConsoleApi.cancelDeletion, { token: later.owner.token, body: { customer_id: ana.id } }).expect(409);
    expect(refused.body.error.code).toBe('CONFLICT');
  });
});

describePostgres('customer data [postgres]', () => {
  const p = useTestProvider('postgres');

  it('erases each due account once however many instances run the job at once, and every ledger still adds up', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, (_, i) => busyCustomer(p, `Customer ${i}`)));
    for (const c of customers) await callApi(p, privacyApi.requestDeletion, { token: c.token, body: { confirm: 'DELETE' } }).expect(200);
    p.clock.advance(15 * DAY);
    const counts = await Promise.all(Array.from({ length: 4 }, () => eraseDueAccounts(p.ctx)));
    expect(counts.reduce((s, n) => s + n, 0)).toBe(customers.length);
    const ids = customers.map((c) => c.id);
    const writeOffs = await p.db
      .selectFrom('wallet_ledger')
      .select('customer_id')
      .where('ref', '=', 'account:deleted')
      .where('customer_id', 'in', ids)
      .execute();
    expect(writeOffs).toHaveLength(customers.length);
    const audits = await p.db
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'customer.erased')
      .where(
        'target',
        'in',
        ids.map((id) => `customer:${id}`),
      )
      .execute();
    expect(audits).toHaveLength(customers.length);
    expect(await balanceProblems(p.db)).toMatchObject({ wallet: 0, points: 0, vouchers: 0 });
  });
});
