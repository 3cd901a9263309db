import { expect, it } from 'vitest';
import { insertAudit } from '../../server/provider/staff/staff.repo';
import { configureLive } from './channels.helpers';
import { newStaff, type TestStaff } from './merchant.helpers';
import { describeDb, useTestProvider } from './support/provider';
import { channelsApi } from '#contract/channels.calls';
import { rewardsApi, rewardsEditorApi } from '#contract/rewards.calls';
import { settingsApi } from '#contract/settings.calls';
import { themeApi } from '#contract/theme.calls';
import { wheelApi } from '#contract/wheel.calls';
import type { Call } from '#contract/api';
import { callApi } from '../support/calls';
import { locationsConsoleApi } from '#contract/locations.calls';
import { menuApi } from '#contract/menu.calls';
import { staffApi } from '#contract/staff.calls';

/**
 * The Overview's set-up checklist (issue 27): each step turns done after the owner's real action, read
 * from the activity log (brand: a publish, with the shop's own logo and favicon; settings: a save;
 * locations: a location added or changed; menu: a product added and a demo product archived or deleted
 * or the demo cleared; rewards: any change; loyalty: the tiers saved and the wheel published, or the demo
 * cleared; staff: an invitation or a second member; channels: out of test mode), and the shop is live
 * when all are. "Clear the demo" (issue 46) takes the demo's content away and nothing of the owner's.
 */
describeDb('the set-up checklist', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  const setup = async () =>
    (await callApi(p, channelsApi.setup, { token: owner.token }).expect(200)).body.data as { steps: Record<string, { done: boolean }>; live: boolean };
  const done = async () =>
    Object.entries((await setup()).steps)
      .filter(([, s]) => s.done)
      .map(([name]) => name);
  const post = (call: Call<unknown, any>, body?: unknown) => callApi(p, call, { token: owner.token, ...(body === undefined ? {} : { body }) });
  /** an audit row as the settings call will write it (settings.update: the shop settings page is not on this branch yet) */
  const audited = (action: string, target: string) =>
    insertAudit(p.db, { staffId: owner.id, action, target, before: { was: 1 }, after: { now: 2 }, now: p.clock.now() });

  /** a product of the seeded demo menu, never ordered */
  const demoProduct = async () => (await p.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

  it('a new shop: nothing done, not live, the steps in order', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const s = await setup();
    expect(Object.keys(s.steps)).toEqual(['brand', 'settings', 'locations', 'menu', 'rewards', 'loyalty', 'staff', 'channels']);
    expect(Object.values(s.steps).every((step) => !step.done)).toBe(true);
    expect(s.live).toBe(false);
  });

  it("brand: done once the theme is published with the shop's own logo and favicon, not by a draft alone", async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const theme = (await callApi(p, themeApi.draft, { token: owner.token }).expect(200)).body.data.theme;
    await post(themeApi.saveDraft, { ...theme, setting_company: 'Café Aurora' }).expect(200);
    expect(await done()).toEqual([]);
    // published with the demo's logo and favicon (its favicon says "Kopi Senja"): not the shop's brand yet
    await post(themeApi.publish).expect(200);
    expect(await done()).toEqual([]);
    await post(themeApi.saveDraft, { ...theme, setting_company: 'Café Aurora', post_file: '/media/aurora-logo.png' }).expect(200);
    await post(themeApi.publish).expect(200);
    expect(await done()).toEqual([]);
    await post(themeApi.saveDraft, {
      ...theme,
      setting_company: 'Café Aurora',
      post_file: '/media/aurora-logo.png',
      post_title: '/media/aurora-icon.png',
    }).expect(200);
    await post(themeApi.publish).expect(200);
    expect(await done()).toEqual(['brand']);
  });

  it('locations: done once a location was changed or added', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const location = (await p.db.selectFrom('locations').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await post(locationsConsoleApi.update, { id: location, phone: '+63 32 555 0100' }).expect(200);
    expect(await done()).toEqual(['locations']);
  });

  it('loyalty: done once the tiers were saved and the wheel published, both', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    await audited('loyalty.tiers.update', 'tiers');
    expect(await done()).toEqual([]);
    await audited('wheel.publish', 'wheel');
    expect(await done()).toEqual(['loyalty']);
  });

  it('settings: done once the shop settings were saved (settings.update)', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    await audited('settings.update', 'settings');
    expect(await done()).toEqual(['settings']);
  });

  it('menu: a product added in the console and a demo product archived or deleted, both', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const category = (await p.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await post(menuApi.createProduct, { category_id: category, name: 'House blend', price: 12_000 }).expect(201);
    expect(await done()).toEqual([]);
    await post(menuApi.archiveProduct, { id: await demoProduct() }).expect(200);
    expect(await done()).toEqual(['menu']);
  });

  it('menu: a deleted demo product counts as replaced too', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    await post(menuApi.deleteProduct, { id: await demoProduct() }).expect(200);
    expect(await done()).toEqual([]);
    const category = (await p.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await post(menuApi.createProduct, { category_id: category, name: 'House blend', price: 12_000 }).expect(201);
    expect(await done()).toEqual(['menu']);
  });

  it('rewards: done after any change to the catalogue', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const { rewards } = (await callApi(p, rewardsApi.list)).body.data as { rewards: { name: string }[] };
    await post(rewardsEditorApi.update, { name: rewards[0]!.name, points_cost: 777 }).expect(200);
    expect(await done()).toEqual(['rewards']);
  });

  it('staff: done once an invitation is sent', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    await post(staffApi.invite, { role: 'staff' }).expect(201);
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
      const theme = (await callApi(p, themeApi.draft, { token: owner.token }).expect(200)).body.data.theme;
      await post(themeApi.saveDraft, { ...theme, post_file: '/media/aurora-logo.png', post_title: '/media/aurora-icon.png' }).expect(200);
      await post(themeApi.publish).expect(200);
      await audited('settings.update', 'settings');
      await audited('location.update', 'location:1');
      await audited('loyalty.tiers.update', 'tiers');
      await audited('wheel.publish', 'wheel');
      const category = (await p.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      await post(menuApi.createProduct, { category_id: category, name: 'House blend', price: 12_000 }).expect(201);
      await post(menuApi.archiveProduct, { id: await demoProduct() }).expect(200);
      const { rewards } = (await callApi(p, rewardsApi.list)).body.data as { rewards: { name: string; points_cost: number }[] };
      await post(rewardsEditorApi.update, { name: rewards[0]!.name, points_cost: rewards[0]!.points_cost + 10 }).expect(200);
      expect((await setup()).live).toBe(false);
      await post(staffApi.invite, { role: 'staff' }).expect(201);
      const s = await setup();
      expect(Object.values(s.steps).every((step) => step.done)).toBe(true);
      expect(s.live).toBe(true);
    } finally {
      restore();
    }
    // back in test mode (the sandbox, the outbox): not live any more
    expect((await setup()).live).toBe(false);
  });

  it("clears the demo in one step: its products, rewards, wheel, tiers, rule, images, address and phone; nothing of the owner's", async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const category = (await p.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const own = (await post(menuApi.createProduct, { category_id: category, name: 'House blend', price: 12_000 }).expect(201)).body.data.product.id as number;
    const demoProducts = (await p.db.selectFrom('products').select('id').where('archived_at', 'is', null).execute()).length - 1;
    const res = await post(channelsApi.clearDemo, { confirm: true, shop_name: '  Café Luna ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      products_archived: demoProducts,
      tiers_turned_off: true,
      rules_removed: 1,
      location_phones_cleared: 1,
      shop_name: 'Café Luna',
    });
    expect(res.body.data.rewards_retired).toBeGreaterThan(0);
    expect(res.body.data.wheel_segments_removed).toBeGreaterThan(0);
    // (an earlier test here published the shop's own logo and favicon: those stay)
    expect(res.body.data.settings_cleared).toEqual(expect.arrayContaining(['landing_body_background_image', 'pickup_address']));
    // the owner's product stays on the menu; the demo's are archived, not deleted
    const menu = await p.db.selectFrom('products').select(['id', 'archived_at']).execute();
    expect(menu.filter((r) => r.archived_at === null).map((r) => r.id)).toEqual([own]);
    expect(menu.length).toBe(demoProducts + 1);
    expect(await p.db.selectFrom('rewards').select('id').where('active', '=', true).execute()).toEqual([]);
    expect(await p.db.selectFrom('wheel_segments').select('id').where('active', '=', true).execute()).toEqual([]);
    expect(await p.db.selectFrom('tiers').select('position').where('welcome_reward_id', 'is not', null).execute()).toEqual([]);
    expect((await p.db.selectFrom('tier_programs').select('enabled').executeTakeFirstOrThrow()).enabled).toBe(false);
    const site = (await callApi(p, settingsApi.mainSetting).expect(200)).body.data;
    expect(site).toMatchObject({ setting_company: 'Café Luna', landing_body_background_image: '' });
    expect([site.post_title, site.post_file, site.landing_body_background_image].filter((v: string) => v.startsWith('/demo/'))).toEqual([]);
    // the customer's wheel is closed, and nothing welcomes a tier with the demo croissant
    const customer = await p.newCustomer();
    expect((await callApi(p, wheelApi.spin, { token: customer.token, body: { idempotency_key: 'clear-demo-spin-1' } })).status).toBe(409);
    // in Activity, and the checklist counts it: the menu (with a product of the owner's) and loyalty
    const [entry] = await p.db.selectFrom('audit_log').select(['action', 'staff_id']).where('action', '=', 'shop.clear_demo').execute();
    expect(entry).toEqual({ action: 'shop.clear_demo', staff_id: owner.id });
    const s = await setup();
    expect(s).toMatchObject({ demo_cleared: true, steps: { menu: { done: true }, loyalty: { done: true } } });
    // again: nothing more to clear
    const again = (await post(channelsApi.clearDemo, { confirm: true }).expect(200)).body.data;
    expect(again).toMatchObject({
      products_archived: 0,
      rewards_retired: 0,
      wheel_segments_removed: 0,
      tiers_turned_off: false,
      rules_removed: 0,
      location_phones_cleared: 0,
      settings_cleared: [],
      shop_name: null,
    });
  });

  it('clearing the demo keeps tiers the owner saved, and refuses a blank shop name, staff and strangers', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    await audited('loyalty.tiers.update', 'tiers');
    const blank = await post(channelsApi.clearDemo, { confirm: true, shop_name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toHaveProperty('shop_name');
    expect(await p.db.selectFrom('audit_log').select('id').where('action', '=', 'shop.clear_demo').execute()).toEqual([]);
    const member = await newStaff(p.db, p.clock, { role: 'staff' });
    expect((await callApi(p, channelsApi.clearDemo, { token: member.token, body: { confirm: true } })).status).toBe(403);
    expect((await callApi(p, channelsApi.clearDemo, { body: { confirm: true } })).status).toBe(401);
    const res = (await post(channelsApi.clearDemo, { confirm: true }).expect(200)).body.data;
    expect(res.tiers_turned_off).toBe(false);
    expect((await p.db.selectFrom('tier_programs').select('enabled').executeTakeFirstOrThrow()).enabled).toBe(true);
    expect(await p.db.selectFrom('tiers').select('position').where('welcome_reward_id', 'is not', null).execute()).not.toEqual([]);
  });

  it('owners only: staff 403, a customer or nobody 401', async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const member = await newStaff(p.db, p.clock, { role: 'staff' });
    const customer = await p.newCustomer();
    const res = await callApi(p, channelsApi.setup, { token: member.token });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ROLE_FORBIDDEN');
    expect((await callApi(p, channelsApi.setup, { token: customer.token })).status).toBe(401);
    expect((await callApi(p, channelsApi.setup)).status).toBe(401);
  });
});
