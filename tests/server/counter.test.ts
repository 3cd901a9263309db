import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { normaliseTyped } from '../../server/provider/rewards/voucher-codes';
import { runHourlyJobs } from '../../server/provider/jobs';
import { newStaff, type TestStaff } from './merchant.helpers';
import { describeDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { counterApi } from '#contract/counter.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { callApi } from '../support/calls';

/**
 * The counter (issue 13): a voucher's rotating codes (QR and short), what the counter sees before it
 * redeems, redeeming once, undoing (2 minutes for staff, any time for an owner), the audit log and the
 * customer's side (the voucher used, a notification). Each refusal with its own code.
 */

interface Codes {
  voucher_id: number;
  status: string;
  seconds_left: number;
  step_seconds: number;
  current: { qr: string; short_code: string } | null;
  next: { qr: string; short_code: string } | null;
}

async function cheapestReward(p: TestProvider): Promise<string> {
  const { rewards } = (await callApi(p, rewardsApi.list)).body.data as { rewards: { name: string; points_cost: number; stock: number | null }[] };
  return rewards.filter((r) => r.stock === null || r.stock > 5).sort((a, b) => a.points_cost - b.points_cost)[0]!.name;
}

/** A customer's new voucher (redeemed with points through the API). */
async function newVoucher(p: TestProvider, customer?: { id: number; token: string }) {
  const c = customer ?? (await p.newCustomer({ points: 10_000, name: 'Ana Maria Reyes' }));
  const res = await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: await cheapestReward(p), idempotency_key: randomUUID() } });
  expect(res.status).toBe(201);
  return { customer: c, id: (res.body.data.voucher as { id: number }).id, code: (res.body.data.voucher as { code: string }).code };
}

async function codesOf(p: TestProvider, token: string, id: number): Promise<Codes> {
  const res = await callApi(p, rewardsApi.voucherCode, { token, query: { id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body.data as Codes;
}

describeDb('the counter', (kind) => {
  const p = useTestProvider(kind);
  let staff: TestStaff;
  let owner: TestStaff;
  beforeAll(async () => {
    staff = await newStaff(p.db, p.clock, { role: 'staff', name: 'Ben Santos' });
    owner = await newStaff(p.db, p.clock, { role: 'owner', name: 'Rosa Dela Cruz' });
  });

  const lookup = (code: string, token = staff.token) => callApi(p, counterApi.lookup, { token, body: { code } });
  const redeem = (code: string, token = staff.token) => callApi(p, counterApi.redeem, { token, body: { code } });

  it('hands the customer a QR code and a short code that change every 30 seconds, with the next ones', async () => {
    const v = await newVoucher(p);
    const a = await codesOf(p, v.customer.token, v.id);
    expect(a).toMatchObject({ voucher_id: v.id, status: 'active', step_seconds: 30 });
    expect(a.seconds_left).toBeGreaterThanOrEqual(1);
    expect(a.seconds_left).toBeLessThanOrEqual(30);
    expect(a.current!.qr).toMatch(new RegExp(`^LV1\\.${p.ctx.merchantId}\\.${v.id}\\.\\d+\\.[0-9A-HJKMNP-TV-Z]{16}$`));
    expect(a.current!.short_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(a.next!.qr).not.toBe(a.current!.qr);
    // the same step: the same codes; the next step: what was `next`
    expect((await codesOf(p, v.customer.token, v.id)).current).toEqual(a.current);
    p.clock.advance(a.seconds_left * 1000);
    const b = await codesOf(p, v.customer.token, v.id);
    expect(b.current).toEqual(a.next);
    expect(b.seconds_left).toBe(30);
  });

  it('shows the counter the voucher before anything happens: reward, first name, valid until, usable', async () => {
    const v = await newVoucher(p);
    const codes = await codesOf(p, v.customer.token, v.id);
    for (const code of [codes.current!.qr, codes.current!.short_code, codes.next!.short_code]) {
      const res = await lookup(code);
      expect(res.status, code).toBe(200);
      expect(res.body.data.voucher).toMatchObject({ id: v.id, customer_first_name: 'Ana', status: 'active', usable: true, redemption: null });
      expect(JSON.stringify(res.body.data)).not.toContain('Reyes');
    }
    const row = await p.db.selectFrom('vouchers').select('status').where('id', '=', v.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
  });

  it('takes a short code typed in lower case, with spaces or a dash, O for 0 and I or L for 1', async () => {
    expect(normaliseTyped(' k7qm-2xhd ')).toBe('K7QM2XHD');
    expect(normaliseTyped('OIL0 1abc')).toBe('01101ABC');
    const v = await newVoucher(p);
    const short = (await codesOf(p, v.customer.token, v.id)).current!.short_code;
    const typed = `${short.slice(0, 4).toLowerCase()} - ${short.slice(4).toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l')}`;
    expect((await lookup(typed)).body.data.voucher.id).toBe(v.id);
  });

  it('refuses a code photographed more than a minute ago (CODE_STALE), but takes it for its own and the next 30 seconds', async () => {
    const v = await newVoucher(p);
    const codes = await codesOf(p, v.customer.token, v.id);
    p.clock.advance(codes.seconds_left * 1000 + 29_000); // the next step, nearly over
    expect((await lookup(codes.current!.qr)).status).toBe(200);
    expect((await lookup(codes.current!.short_code)).status).toBe(200);
    p.clock.advance(2_000); // two steps on
    for (const code of [codes.current!.qr, codes.current!.short_code]) {
      const res = await redeem(code);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('CODE_STALE');
      expect(res.body.message).toMatch(/changes every 30 seconds/);
    }
    expect((await p.db.selectFrom('vouchers').select('status').where('id', '=', v.id).executeTakeFirstOrThrow()).status).toBe('active');
  });

  it('refuses a forged or altered QR code, another shop’s, the fixed reference code and made-up codes, each with its own code', async () => {
    const v = await newVoucher(p);
    const other = await newVoucher(p);
    const codes = await codesOf(p, v.customer.token, v.id);
    const qr = codes.current!.qr;
    const parts = qr.split('.');
    const cases: Array<[string, number, string]> = [
      // another voucher's id under this voucher's signature
      [[parts[0], parts[1], String(other.id), parts[3], parts[4]].join('.'), 404, 'CODE_UNKNOWN'],
      // a later step, signed with nothing
      [[parts[0], parts[1], parts[2], String(Number(parts[3]) + 1), parts[4]].join('.'), 404, 'CODE_UNKNOWN'],
      [`${qr.slice(0, -1)}${qr.endsWith('A') ? 'B' : 'A'}`, 404, 'CODE_UNKNOWN'],
      [[parts[0], 'another-shop', parts[2], parts[3], parts[4]].join('.'), 404, 'OTHER_MERCHANT'],
      [v.code, 400, 'REFERENCE_CODE'],
      [v.code.replace(/-/g, '').toLowerCase(), 400, 'REFERENCE_CODE'],
      ['ZZZZZZZZ', 404, 'CODE_UNKNOWN'],
      ['hello', 404, 'CODE_UNKNOWN'],
      ['LV1.x', 404, 'CODE_UNKNOWN'],
    ];
    for (const [code, status, error] of cases) {
      for (const call of [lookup, redeem]) {
        const res = await call(code);
        expect([code, res.status, res.body.error?.code]).toEqual([code, status, error]);
      }
    }
  });

  it('redeems once: the voucher is used, the customer is notified and sees it, the audit log says who', async () => {
    const v = await newVoucher(p);
    const codes = await codesOf(p, v.customer.token, v.id);
    const res = await redeem(codes.current!.qr);
    expect(res.status).toBe(201);
    expect(res.body.data.voucher).toMatchObject({ id: v.id, status: 'used', usable: false });
    expect(res.body.data.redemption).toMatchObject({ voucher_id: v.id, staff_name: 'Ben Santos', customer_first_name: 'Ana', undone_at: null });
    // the customer's phone: used, no codes any more; the voucher among the used ones; a notification
    expect(await codesOf(p, v.customer.token, v.id)).toMatchObject({ status: 'used', current: null, next: null });
    const used = (await callApi(p, rewardsApi.storage, { token: v.customer.token, query: { status: 'used' } })).body.data.vouchers as { id: number }[];
    expect(used.map((u) => u.id)).toContain(v.id);
    const notes = (await callApi(p, notificationsApi.list, { token: v.customer.token })).body.data.items as { title: string; body: string }[];
    expect(notes.some((n) => n.title === 'Voucher used' && /used at the counter/.test(n.body))).toBe(true);
    const audit = await p.db.selectFrom('audit_log').selectAll().where('target', '=', `voucher:${v.id}`).execute();
    expect(audit.map((a) => [a.action, a.staff_id])).toEqual([['voucher.redeem', staff.id]]);

    // again: with the next code, or looked up: used, by whom
    const again = await redeem(codes.next!.short_code, owner.token);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('VOUCHER_USED');
    expect(again.body.message).toMatch(/by Ben Santos/);
    const seen = (await lookup(codes.next!.qr)).body.data.voucher;
    expect(seen).toMatchObject({ status: 'used', usable: false, redemption: { staff_name: 'Ben Santos' } });
    // today's list
    const recent = (await callApi(p, counterApi.recent, { token: staff.token })).body.data.redemptions as { voucher_id: number }[];
    expect(recent[0]!.voucher_id).toBe(v.id);
  });

  it('refuses an expired voucher (VOUCHER_EXPIRED) and says so when it is looked up', async () => {
    const v = await newVoucher(p);
    const codes = await codesOf(p, v.customer.token, v.id);
    await p.db
      .updateTable('vouchers')
      .set({ expires_at: new Date(p.clock.now().getTime() - 1000) })
      .where('id', '=', v.id)
      .execute();
    expect((await lookup(codes.current!.qr)).body.data.voucher).toMatchObject({ status: 'expired', usable: false });
    const res = await redeem(codes.current!.qr);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('VOUCHER_EXPIRED');
    // the customer's phone gets no code for it
    expect(await codesOf(p, v.customer.token, v.id)).toMatchObject({ status: 'expired', current: null });
  });

  it('gives a customer only their own voucher’s codes', async () => {
    const v = await newVoucher(p);
    const stranger = await p.newCustomer();
    const res = await callApi(p, rewardsApi.voucherCode, { token: stranger.token, query: { id: v.id } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect((await callApi(p, rewardsApi.voucherCode, { query: { id: v.id } })).status).toBe(401);
  });

  it('lets staff undo within 2 minutes and only an owner after; the voucher is active again, audited, the customer told', async () => {
    const v = await newVoucher(p);
    const first = (await redeem((await codesOf(p, v.customer.token, v.id)).current!.qr)).body.data.redemption as { id: number; undo_until: string };
    expect(Date.parse(first.undo_until) - p.clock.now().getTime()).toBe(120_000);
    p.clock.advance(119_000);
    const undone = await callApi(p, counterApi.undo, { token: staff.token, body: { redemption_id: first.id } });
    expect(undone.status).toBe(200);
    expect(undone.body.data.voucher).toMatchObject({ status: 'active', usable: true, redemption: null });
    expect(undone.body.data.redemption.undone_at).not.toBeNull();
    const twice = await callApi(p, counterApi.undo, { token: staff.token, body: { redemption_id: first.id } });
    expect([twice.status, twice.body.error.code]).toEqual([409, 'INVALID_TRANSITION']);

    // redeemed again; after 2 minutes staff cannot undo, an owner can
    const second = (await redeem((await codesOf(p, v.customer.token, v.id)).current!.qr)).body.data.redemption as { id: number };
    p.clock.advance(121_000);
    const late = await callApi(p, counterApi.undo, { token: staff.token, body: { redemption_id: second.id } });
    expect([late.status, late.body.error.code]).toEqual([403, 'ROLE_FORBIDDEN']);
    expect(late.body.message).toMatch(/Only an owner can undo a redemption after 2 minutes/);
    expect((await p.db.selectFrom('vouchers').select('status').where('id', '=', v.id).executeTakeFirstOrThrow()).status).toBe('used');
    const byOwner = await callApi(p, counterApi.undo, { token: owner.token, body: { redemption_id: second.id } });
    expect(byOwner.status).toBe(200);
    const audit = await p.db.selectFrom('audit_log').select(['action', 'staff_id']).where('target', '=', `voucher:${v.id}`).orderBy('id').execute();
    expect(audit.map((a) => [a.action, a.staff_id])).toEqual([
      ['voucher.redeem', staff.id],
      ['voucher.undo', staff.id],
      ['voucher.redeem', staff.id],
      ['voucher.undo', owner.id],
    ]);
    const notes = (await callApi(p, notificationsApi.list, { token: v.customer.token })).body.data.items as { title: string; link: string }[];
    const back = notes.filter((n) => n.title === 'Voucher back in your rewards');
    expect(back).toHaveLength(2);
    // its link opens the voucher again, with its QR code
    expect(back.map((n) => n.link)).toEqual([`/reward/storage/active?voucher=${v.id}`, `/reward/storage/active?voucher=${v.id}`]);
    const unknown = await callApi(p, counterApi.undo, { token: owner.token, body: { redemption_id: 999_999 } });
    expect(unknown.status).toBe(404);
  });

  it('forgets short codes older than an hour in the hourly job', async () => {
    const v = await newVoucher(p);
    const short = (await codesOf(p, v.customer.token, v.id)).current!.short_code;
    p.clock.advance(2 * 3600_000);
    await runHourlyJobs(p.ctx);
    expect(await p.db.selectFrom('voucher_short_codes').select('step').where('short_code', '=', short).execute()).toEqual([]);
    expect((await lookup(short)).body.error.code).toBe('CODE_UNKNOWN');
  });
});

describePostgres('the counter under concurrency', () => {
  const p = useTestProvider('postgres', { poolSize: 10 });

  it('50 staff sessions redeeming one voucher at the same moment: exactly one redemption, 49 clear refusals', async () => {
    const members = await Promise.all(Array.from({ length: 50 }, (_, i) => newStaff(p.db, p.clock, { name: `Counter ${i}` })));
    const c = await p.newCustomer({ points: 10_000, name: 'Ana Reyes' });
    const { rewards } = (await callApi(p, rewardsApi.list)).body.data as { rewards: { name: string; points_cost: number; stock: number | null }[] };
    const reward = rewards.filter((r) => r.stock === null || r.stock > 5).sort((a, b) => a.points_cost - b.points_cost)[0]!;
    const voucher = (await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward.name, idempotency_key: randomUUID() } })).body.data.voucher as {
      id: number;
    };
    const codes = (await callApi(p, rewardsApi.voucherCode, { token: c.token, query: { id: voucher.id } })).body.data as Codes;
    const results = await Promise.all(
      members.map((m, i) => callApi(p, counterApi.redeem, { token: m.token, body: { code: i % 2 ? codes.current!.qr : codes.current!.short_code } })),
    );
    const tally: Record<string, number> = {};
    for (const r of results) tally[r.body.error?.code ?? String(r.status)] = (tally[r.body.error?.code ?? String(r.status)] ?? 0) + 1;
    console.info('50 counters, one voucher:', tally);
    expect(tally).toEqual({ '201': 1, VOUCHER_USED: 49 });
    const rows = await p.db.selectFrom('counter_redemptions').select('staff_id').where('voucher_id', '=', voucher.id).execute();
    expect(rows).toHaveLength(1);
    expect(results.find((r) => r.status === 201)!.body.data.redemption.staff_name).toBe(
      members.find((m) => m.id === rows[0]!.staff_id) ? `Counter ${members.findIndex((m) => m.id === rows[0]!.staff_id)}` : '',
    );
    const notes = await p.db.selectFrom('notifications').select('id').where('customer_id', '=', c.id).where('title', '=', 'Voucher used').execute();
    expect(notes).toHaveLength(1);
  });
});
