/**
 * The theme studio on the real provider (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): a draft
 * kept on the server that customers never see, publishing refused on a failing WCAG AA contrast with
 * the nearest passing colour, published versions with who and when, restoring one in one step, and
 * share-preview links (the draft, read-only, for 24 h). Then through a gateway in real time: after a
 * publish, customers see the new settings within 10 s through every cache (the provider's settings
 * cache and the gateway's answer cache).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { contrastRatio } from '#contract/contrast';
import { MERCHANTS } from '../../server/db/seed/merchants';
import { HOUR, SECOND, systemClock } from '../../server/lib/clock';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { describeDb, useStack } from '../security/support';
import { newStaff, type TestStaff } from './merchant.helpers';
import { useTestProvider } from './support/provider';
import { previewCall, settingsApi } from '#contract/settings.calls';
import { staffApi } from '#contract/staff.calls';
import { themeApi } from '#contract/theme.calls';
import { callApi, gatewayCall } from '../support/calls';

type Theme = Record<string, string>;

describeDb('merchant console: the theme studio', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  beforeEach(async () => {
    // reset() keeps the merchants' rows: put the seeded theme back
    for (const m of MERCHANTS)
      await p.db
        .updateTable('merchants')
        .set({ settings: JSON.stringify(m.settings) })
        .where('id', '=', m.id)
        .execute();
    clearMerchantCache();
    owner = await newStaff(p.db, p.clock, { role: 'owner', name: 'Olive Owner' });
  });

  const draft = async () => (await callApi(p, themeApi.draft, { token: owner.token }).expect(200)).body.data;
  const save = (theme: object) => callApi(p, themeApi.saveDraft, { token: owner.token, body: theme });
  const publish = () => callApi(p, themeApi.publish, { token: owner.token });
  /** what a customer's app reads, past the provider's few seconds of caching */
  const customerSettings = async () => {
    clearMerchantCache();
    return (await callApi(p, settingsApi.mainSetting).expect(200)).body.data;
  };

  it('answers the live theme while no draft is saved, then the saved draft; customers never see it', async () => {
    const first = await draft();
    expect(first.saved_at).toBeNull();
    expect(first.live).toBe(true);
    expect(first.theme).toEqual({
      setting_company: 'Kopi Senja',
      post_title: '/demo/kopi-senja/favicon.svg',
      post_file: '/demo/kopi-senja/logo.svg',
      landing_body_background_image: '/demo/kopi-senja/landing.svg',
      landing_body_background_color: '#3b2418',
      version: 'Full',
      brand_color: '#9a4a1c',
      accent_color: '#f2b33d',
    });
    expect(first.checks).toEqual([{ field: 'brand_color', text: '#ffffff', background: '#9a4a1c', ratio: expect.any(Number), passes: true, suggestion: null }]);

    const saved = await save({ ...first.theme, setting_company: 'Kopi Senja Draft', brand_color: '#1F5F8B', version: 'Lite' }).expect(200);
    expect(saved.body.data.theme).toMatchObject({ setting_company: 'Kopi Senja Draft', brand_color: '#1f5f8b', version: 'Lite' });
    expect(saved.body.data.saved_at).toBe(p.clock.now().toISOString());
    expect(saved.body.data.live).toBe(false);
    expect((await draft()).theme.setting_company).toBe('Kopi Senja Draft');

    const live = await customerSettings();
    expect(live).toMatchObject({ setting_company: 'Kopi Senja', brand_color: '#9a4a1c', version: 'Full' });
    const audit = await p.db.selectFrom('audit_log').selectAll().execute();
    expect(audit).toEqual([
      expect.objectContaining({
        staff_id: owner.id,
        action: 'theme.draft',
        before: first.theme,
        after: expect.objectContaining({ setting_company: 'Kopi Senja Draft' }),
      }),
    ]);
  });

  it('refuses unknown fields and bad values, naming each, and saves nothing', async () => {
    const { theme } = await draft();
    const res = await save({
      ...theme,
      brand_colour: '#000000',
      is_admin: true,
      brand_color: 'red',
      post_file: 'javascript:alert(1)',
      landing_body_background_image: '//evil.example/x.png',
      version: 'Medium',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      brand_colour: 'is not a field of this call',
      is_admin: 'is not a field of this call',
      brand_color: 'must be a colour such as #9a4a1c',
      post_file: 'must be an uploaded image (/media/…), a path on this site or an https:// address',
      landing_body_background_image: 'must be an uploaded image (/media/…), a path on this site or an https:// address',
      version: 'must be Lite or Full',
    });
    for (const url of ['data:image/png;base64,AAAA', 'http://plain.example/logo.png', 'https://a.example/"onload="x', '/ok/../but spaces']) {
      expect((await save({ ...theme, post_file: url })).status, url).toBe(400);
    }
    for (const url of ['', '/media/abc.png', 'https://cdn.example/logo.png']) {
      expect((await save({ ...theme, post_file: url })).status, url).toBe(200);
    }
    expect(await p.db.selectFrom('theme_drafts').select('settings').execute()).toEqual([{ settings: { ...theme, post_file: 'https://cdn.example/logo.png' } }]);
  });

  it('refuses to publish text that fails WCAG AA on the brand colour, suggesting the nearest colour that passes', async () => {
    const { theme } = await draft();
    // white text, as the owner chose it, on a light orange (unset, the app would paint black, which passes)
    await save({ ...theme, brand_color: '#f2b33d', brand_text_color: '#ffffff' }).expect(200);
    const res = await publish();
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    const message = res.body.error.fields.brand_color as string;
    expect(message).toMatch(/^Text on the brand colour has a contrast of 1\.\d\d:1, below 4\.5:1 \(WCAG AA\): try #[0-9a-f]{6}$/);
    const suggestion = /#[0-9a-f]{6}$/.exec(message)![0];
    expect(contrastRatio('#ffffff', suggestion)).toBeGreaterThanOrEqual(4.5);
    expect((await draft()).checks[0]).toMatchObject({ passes: false, suggestion });
    // nothing changed
    expect((await customerSettings()).brand_color).toBe('#9a4a1c');
    expect(await p.db.selectFrom('theme_versions').select('id').execute()).toEqual([]);
    // dark text on the same colour passes
    await save({ ...theme, brand_color: '#f2b33d', brand_text_color: '#1a1a1a' }).expect(200);
    await publish().expect(200);
    expect(await customerSettings()).toMatchObject({ brand_color: '#f2b33d', brand_text_color: '#1a1a1a' });
  });

  it('checks the landing background colour in Lite (colour only), not in Full (an image over it)', async () => {
    const { theme } = await draft();
    await save({ ...theme, version: 'Lite', landing_body_background_color: '#ffd166', landing_text_color: '#ffffff' }).expect(200);
    const lite = await publish();
    expect(lite.status).toBe(400);
    expect(Object.keys(lite.body.error.fields)).toEqual(['landing_body_background_color']);
    expect(lite.body.error.fields.landing_body_background_color).toMatch(/^Text on the landing background colour .*: try #[0-9a-f]{6}$/);
    await save({ ...theme, version: 'Full', landing_body_background_color: '#ffd166', landing_text_color: '#ffffff' }).expect(200);
    await publish().expect(200);
  });

  it('publishes as versions with who and when, keeps the original, and restores any of them in one step', async () => {
    const { theme: original } = await draft();
    await save({ ...original, brand_color: '#1f5f8b', setting_company: 'Blue Kopi' }).expect(200);
    const published = (await publish().expect(200)).body.data.version;
    expect(published).toEqual({
      id: expect.any(Number),
      theme: expect.objectContaining({ brand_color: '#1f5f8b', setting_company: 'Blue Kopi' }),
      published_at: p.clock.now().toISOString(),
      published_by: { id: owner.id, name: 'Olive Owner', email: owner.email },
      restored_from: null,
    });
    // the publishing provider's own cache is emptied at once
    expect((await callApi(p, settingsApi.mainSetting).expect(200)).body.data).toMatchObject({
      brand_color: '#1f5f8b',
      setting_company: 'Blue Kopi',
      pickup_address: '12 Calle Mabini, Makati City',
    });
    expect((await draft()).live).toBe(true);

    p.clock.advance(HOUR);
    const list = (await callApi(p, themeApi.versions, { token: owner.token }).expect(200)).body.data;
    expect(list.current_id).toBe(published.id);
    expect(list.versions.map((v: { id: number }) => v.id)).toEqual([published.id, published.id - 1]);
    const before = list.versions[1];
    expect(before).toMatchObject({ published_by: null, theme: original, restored_from: null });

    const restored = (await callApi(p, themeApi.restore, { token: owner.token, body: { id: before.id } }).expect(200)).body.data.version;
    expect(restored).toMatchObject({ restored_from: before.id, theme: original, published_at: p.clock.now().toISOString() });
    expect(await customerSettings()).toMatchObject({ brand_color: '#9a4a1c', setting_company: 'Kopi Senja' });
    expect((await draft()).theme).toEqual(original);
    expect((await callApi(p, themeApi.restore, { token: owner.token, body: { id: 999_999 } })).status).toBe(404);

    const audit = (await callApi(p, staffApi.audit, { token: owner.token }).expect(200)).body.data.items;
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['theme.restore', 'theme.publish', 'theme.draft']);
    expect(audit[0]).toMatchObject({
      action: 'theme.restore',
      before: expect.objectContaining({ brand_color: '#1f5f8b' }),
      after: expect.objectContaining({ brand_color: '#9a4a1c' }),
    });
    const publishEntry = audit.find((a: { action: string }) => a.action === 'theme.publish');
    expect(publishEntry).toMatchObject({
      before: expect.objectContaining({ brand_color: '#9a4a1c' }),
      after: expect.objectContaining({ brand_color: '#1f5f8b' }),
      staff: { id: owner.id },
    });
  });

  it('a staff member (not an owner) cannot read or change the theme', async () => {
    const staff = await newStaff(p.db, p.clock, { role: 'staff' });
    for (const declaration of [themeApi.draft, themeApi.saveDraft, themeApi.publish, themeApi.versions, themeApi.restore, themeApi.previewLink]) {
      const res = await callApi(p, declaration, { token: staff.token, ...(declaration.method === 'post' ? { body: {} } : {}) });
      expect(res.status, declaration.path).toBe(403);
    }
  });

  describe('share-preview links', () => {
    const previewOf = (token: string) => callApi(p, previewCall, { query: { token } });

    it('show the draft in the shape of the settings, for 24 hours, never cached; customers still see the live theme', async () => {
      const { theme } = await draft();
      await save({ ...theme, brand_color: '#1f5f8b', setting_company: 'Draft Kopi' }).expect(200);
      const link = (await callApi(p, themeApi.previewLink, { token: owner.token }).expect(201)).body.data;
      expect(link).toEqual({
        preview_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expires_at: new Date(p.clock.now().getTime() + 24 * HOUR).toISOString(),
      });

      const res = await previewOf(link.preview_token).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const live = await customerSettings();
      expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(live).sort());
      expect(res.body.data).toEqual({ ...live, brand_color: '#1f5f8b', setting_company: 'Draft Kopi' });
      expect(live).toMatchObject({ brand_color: '#9a4a1c', setting_company: 'Kopi Senja' });

      // it follows the draft as the owner edits
      await save({ ...theme, brand_color: '#224466' }).expect(200);
      expect((await previewOf(link.preview_token).expect(200)).body.data.brand_color).toBe('#224466');

      p.clock.advance(24 * HOUR + SECOND);
      const expired = await previewOf(link.preview_token);
      expect(expired.status).toBe(404);
      expect(expired.body.error.code).toBe('NOT_FOUND');
    });

    it('answers 404 to an unknown link, and 400 to something that is not a link', async () => {
      expect((await previewOf('x'.repeat(43))).status).toBe(404);
      expect((await previewOf('nope')).status).toBe(400);
      expect((await callApi(p, previewCall)).status).toBe(400);
    });
  });
});

describeDb('a published theme reaches customers through every cache within 10 s (real time)', (kind) => {
  const stack = useStack({ kind });

  it('through the gateway answer cache and the provider settings cache', async () => {
    const owner = await newStaff(stack.db, systemClock, { role: 'owner' });
    const cookie = `staff=${owner.token}`;
    const settings = async () => ((await (await gatewayCall(stack, settingsApi.mainSetting)).json()) as { data: { brand_color: string } }).data;
    // both caches hold the old settings now
    expect((await settings()).brand_color).toBe('#9a4a1c');
    const cached = await gatewayCall(stack, settingsApi.mainSetting);
    expect(cached.headers.get('age'), 'the second read came from the gateway cache').toMatch(/^\d+$/);

    const theme = ((await (await gatewayCall(stack, themeApi.draft, { cookie })).json()) as { data: { theme: Theme } }).data.theme;
    expect((await gatewayCall(stack, themeApi.saveDraft, { cookie, body: { ...theme, brand_color: '#1f5f8b' } })).status).toBe(200);
    const published = await gatewayCall(stack, themeApi.publish, { cookie });
    expect(published.status).toBe(200);
    const start = Date.now();
    let seen = '';
    while (Date.now() - start < 11_000) {
      seen = (await settings()).brand_color;
      if (seen === '#1f5f8b') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(seen).toBe('#1f5f8b');
    expect(Date.now() - start).toBeLessThanOrEqual(10_000);
  }, 20_000);
});
