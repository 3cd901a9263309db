import { expect, it } from 'vitest';
import { insertAudit } from '../../server/provider/staff/staff.repo';
import { configureLive } from './channels.helpers';
import { newStaff, type TestStaff } from './merchant.helpers';
import { describeEachDb, useTestProvider } from './support/provider';

/**
 * The Overview's set-up checklist (issue 27): each step turns done after the owner's real action, read
 * from the activity log (brand: a publish; settings: a save; menu: a product added and a demo product
 * archived or deleted; rewards: any change; staff: an invitation or a second member; channels: out of
 * test mode), and the shop is live when all are.
 */
describeEachDb('the set-up checklist', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  const setup = async () => (await p.call('get', 'merchant/setup', { token: owner.token }).expect(200)).body.data as { steps: Record<string, { done: boolean }>; live: boolean };
  const done = async () => Object.entries((await setup()).steps).filter(([, s]) => s.done).map(([name]) => name);
  const post = (path: string, body?: unknown) => p.call('post', path, { token: owner.token, ...(body === undefined ? {} : { body }) });
  /** an audit row as the settings call will write it (settings.update: the shop settings page is not on this branch yet) */
  const audited = (action: string, target: string) => insertAudit(p.db, { staffId: owner.id, action, target, before: { was: 1 }, after: { now: 2 }, now: p.clock.now() });

  /** a product of the seeded demo menu, never ordered */
  const demoProduct = async () => (await p.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

  it('a new shop: nothing done, not live, the steps in order', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const s = await setup();
    expect(Object.keys(s.steps)).toEqual(['brand', 'settings', 'menu', 'rewards', 'staff', 'channels']);
    expect(Object.values(s.steps).every((step) => !step.done)).toBe(true);
    expect(s.live).toBe(false);
  });

  it('brand: done once the theme is published, not by a draft alone', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const theme = (await p.call('get', 'merchant/theme/draft', { token: owner.token }).expect(200)).body.data.theme;
    await post('merchant/theme/draft', { ...theme, setting_company: 'Café Aurora' }).expect(200);
    expect(await done()).toEqual([]);
    await post('merchant/theme/publish').expect(200);
    expect(await done()).toEqual(['brand']);
  });

  it('settings: done once the shop settings were saved (settings.update)', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    await audited('settings.update', 'settings');
    expect(await done()).toEqual(['settings']);
  });

  it('menu: a product added in the console and a demo product archived or deleted, both', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const category = (await p.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await post('merchant/menu/product/create', { category_id: category, name: 'House blend', price: 12_000 }).expect(201);
    expect(await done()).toEqual([]);
    await post('merchant/menu/product/archive', { id: await demoProduct() }).expect(200);
    expect(await done()).toEqual(['menu']);
  });

  it('menu: a deleted demo product counts as replaced too', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    await post('merchant/menu/product/delete', { id: await demoProduct() }).expect(200);
    expect(await done()).toEqual([]);
    const category = (await p.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await post('merchant/menu/product/create', { category_id: category, name: 'House blend', price: 12_000 }).expect(201);
    expect(await done()).toEqual(['menu']);
  });

  it('rewards: done after any change to the catalogue', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const { rewards } = (await p.call('get', 'reward/list')).body.data as { rewards: { name: string }[] };
    await post('merchant/rewards/update', { name: rewards[0]!.name, points_cost: 777 }).expect(200);
    expect(await done()).toEqual(['rewards']);
  });

  it('staff: done once an invitation is sent', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    await post('merchant/staff/invite', { role: 'staff' }).expect(201);
    expect(await done()).toEqual(['staff']);
  });

  it('staff: done when a second person is on the team; a removed one does not count', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const other = await newStaff(p.db, p.clock, { role: 'staff' });
    expect(await done()).toEqual(['staff']);
    await p.db.updateTable('staff').set({ removed_at: p.clock.now() }).where('id', '=', other.id).execute();
    expect(await done()).toEqual([]);
  });

  it('channels: done out of test mode; with every step done the shop is live', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const restore = configureLive(p);
    try {
      expect(await done()).toEqual(['channels']);
      await post('merchant/theme/publish').expect(200);
      await audited('settings.update', 'settings');
      const category = (await p.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      await post('merchant/menu/product/create', { category_id: category, name: 'House blend', price: 12_000 }).expect(201);
      await post('merchant/menu/product/archive', { id: await demoProduct() }).expect(200);
      const { rewards } = (await p.call('get', 'reward/list')).body.data as { rewards: { name: string }[] };
      await post('merchant/rewards/update', { name: rewards[0]!.name, active: false }).expect(200);
      expect((await setup()).live).toBe(false);
      await post('merchant/staff/invite', { role: 'staff' }).expect(201);
      const s = await setup();
      expect(Object.values(s.steps).every((step) => step.done)).toBe(true);
      expect(s.live).toBe(true);
    } finally {
      restore();
    }
    // back in test mode (the sandbox, the outbox): not live any more
    expect((await setup()).live).toBe(false);
  });

  it('owners only: staff 403, a customer or nobody 401', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const member = await newStaff(p.db, p.clock, { role: 'staff' });
    const customer = await p.newCustomer();
    const res = await p.call('get', 'merchant/setup', { token: member.token });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ROLE_FORBIDDEN');
    expect((await p.call('get', 'merchant/setup', { token: customer.token })).status).toBe(401);
    expect((await p.call('get', 'merchant/setup')).status).toBe(401);
  });
});
