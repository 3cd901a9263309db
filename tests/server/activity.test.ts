/**
 * The activity log beyond the console's own changes (issue #24, gaps): changes made with the machine
 * key, CSV downloads and customer look-ups are recorded; the counter's unknown short codes are capped
 * per staff session (30 a minute) with one entry when the cap trips. PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { beforeEach, expect, it } from 'vitest';
import { MINUTE, SECOND } from '../../server/lib/clock';
import { UNKNOWN_CODES_PER_MINUTE } from '../../server/provider/counter/code-limit';
import { newStaff, newStaffSession, type TestStaff } from './merchant.helpers';
import { describeDb, useTestProvider, TEST_MERCHANT_KEY } from './support/provider';
import { counterApi } from '#contract/counter.calls';
import { customersConsoleApi } from '#contract/customers.calls';
import { dashboardApi } from '#contract/dashboard.calls';
import { menuMachineApi } from '#contract/menu.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from '../support/calls';

describeDb('merchant console: what the activity log records', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  beforeEach(async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner', name: 'Olive Owner' });
  });

  const activity = async (query: Record<string, string | number> = {}) =>
    (await callApi(p, staffApi.audit, { token: owner.token, query }).expect(200)).body.data.items as Array<{
      actor: string;
      action: string;
      target: string | null;
      after: Record<string, unknown> | null;
      staff: { id: number } | null;
    }>;

  it('records changes made with the machine key, as the machine', async () => {
    const product = await p.db.selectFrom('products').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    await callApi(p, menuMachineApi.updateProduct, {
      body: { product_id: product.id, available: false },
      headers: { 'x-merchant-key': TEST_MERCHANT_KEY },
    }).expect(200);
    // a call without a key records nothing; bad input with the key changes nothing, but is the key's call
    await callApi(p, menuMachineApi.updateProduct, { body: { product_id: product.id, available: true } }).expect(401);
    await callApi(p, menuMachineApi.updateProduct, { body: { product_id: 'x' }, headers: { 'x-merchant-key': TEST_MERCHANT_KEY } }).expect(400);
    // each call of a key is written once it has answered (issue 52): a moment after its answer
    await expect.poll(async () => (await activity({ person: 'machine' })).length).toBe(3);
    const entries = await activity({ person: 'machine' });
    expect(entries.filter((e) => e.action !== 'api_key.call')).toEqual([
      expect.objectContaining({
        actor: 'machine',
        staff: null,
        action: 'product.update',
        target: `product:${product.id}`,
        after: { product_id: product.id, available: false, product_name: product.name },
      }),
    ]);
    expect(entries.filter((e) => e.action === 'api_key.call').map((e) => e.after?.status)).toEqual([400, 200]);
    expect(await activity({ kind: 'menu' })).toHaveLength(1);
  });

  it('records CSV downloads with their days', async () => {
    await callApi(p, dashboardApi.exportOrders, { token: owner.token, query: { from: '2026-11-01', to: '2026-11-30' } }).expect(200);
    await callApi(p, dashboardApi.exportLedger, { token: owner.token, query: { from: '2026-11-02', to: '2026-11-03' } }).expect(200);
    const entries = await activity({ kind: 'exports' });
    expect(entries.map((e) => [e.action, e.after])).toEqual([
      ['export.ledger', { from: '2026-11-02', to: '2026-11-03' }],
      ['export.orders', { from: '2026-11-01', to: '2026-11-30' }],
    ]);
  });

  it('records customer look-ups: a search typed letter by letter is one entry with its last words; opening an account is one', async () => {
    const sam = await newStaff(p.db, p.clock, { role: 'staff', name: 'Sam' });
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    for (const q of ['a', 'an', 'ana', 'ana r']) {
      await callApi(p, customersConsoleApi.search, { token: sam.token, query: { q } }).expect(200);
      p.clock.advance(400);
    }
    await callApi(p, customersConsoleApi.detail, { token: sam.token, query: { id: c.id } }).expect(200);
    p.clock.advance(2 * MINUTE);
    await callApi(p, customersConsoleApi.search, { token: sam.token, query: { q: 'ben' } }).expect(200);
    const entries = await activity({ person: sam.id, kind: 'customers' });
    expect(entries.map((e) => [e.action, e.target, e.after])).toEqual([
      ['customer.search', null, { q: 'ben' }],
      ['customer.view', `customer:${c.id}`, { name: 'Ana Reyes' }],
      ['customer.search', null, { q: 'ana r' }],
    ]);
  });

  it(`caps a staff session's unknown codes at the counter: ${UNKNOWN_CODES_PER_MINUTE} a minute, one Activity entry when it trips`, async () => {
    const sam = await newStaff(p.db, p.clock, { role: 'staff', name: 'Sam' });
    const code = (i: number) =>
      `ZZ${String(i)
        .padStart(6, '0')
        .replace(/[^0-9]/g, '0')}`.replace(/[01]/g, '2');
    for (let i = 0; i < UNKNOWN_CODES_PER_MINUTE; i++) {
      const res = await p.call('post', i % 2 ? counterApi.lookup.path : counterApi.redeem.path, { token: sam.token, body: { code: `${code(i)}` } });
      expect(res.body.error.code).toBe('CODE_UNKNOWN');
    }
    const capped = await callApi(p, counterApi.lookup, { token: sam.token, body: { code: code(99) } });
    expect(capped.status).toBe(429);
    expect(capped.body.data.retry_after).toBeGreaterThan(0);
    expect(capped.body.data.retry_after).toBeLessThanOrEqual(60);
    // another session (another tablet) is not capped
    const tablet = await newStaffSession(p.db, p.clock, sam.id);
    expect((await callApi(p, counterApi.lookup, { token: tablet.token, body: { code: code(98) } })).body.error.code).toBe('CODE_UNKNOWN');
    p.clock.advance(MINUTE + SECOND);
    expect((await callApi(p, counterApi.lookup, { token: sam.token, body: { code: code(97) } })).body.error.code).toBe('CODE_UNKNOWN');
    const entries = await activity({ kind: 'counter' });
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'counter.code_limit',
        target: `staff:${sam.id}`,
        staff: expect.objectContaining({ id: sam.id }),
        after: { unknown_codes: UNKNOWN_CODES_PER_MINUTE, minutes: 1 },
      }),
    ]);
  });
});
