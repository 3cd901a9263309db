import { beforeEach, expect, it } from 'vitest';
import { MERCHANTS } from '../../server/db/seed/merchants';
import { newStaff, type TestStaff } from './merchant.helpers';
import { describeEachDb, useTestProvider } from './support/provider';
import { customersApi } from '#contract/customers.calls';
import { LANGUAGE_ERROR } from '#contract/languages';
import { settingsApi } from '#contract/settings.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { callApi } from '../support/calls';

/**
 * The choice of language (docs/languages.md): the owner's default and offered languages (the default
 * among them), returned in the settings the app starts with; the customer's own choice, stored on their
 * account, one the shop offers.
 */

const SEED = MERCHANTS.find((m) => m.id === 'kopi-senja')!;

describeEachDb('languages', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  beforeEach(async () => {
    await p.db
      .updateTable('merchants')
      .set({ settings: JSON.stringify(SEED.settings), rules: JSON.stringify(SEED.rules) })
      .where('id', '=', SEED.id)
      .execute();
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
  });
  const update = (body: unknown) => callApi(p, shopSettingsApi.update, { token: owner.token, body });
  const customerSettings = async () => (await callApi(p, settingsApi.mainSetting).expect(200)).body.data;

  it('the demo shop offers every language, English first by default, in the settings the app starts with', async () => {
    expect(SEED.rules).toEqual({ languages: ['en', 'fil', 'id'] });
    const settings = await customerSettings();
    expect(settings.language_default).toBe('en');
    expect(settings.languages).toEqual(['en', 'fil', 'id']);
  });

  it('the owner sets the default and the offer; the default must be offered, nothing saved otherwise', async () => {
    await update({ languages: ['en', 'fil'], language_default: 'fil' }).expect(200);
    const settings = await customerSettings();
    expect([settings.language_default, settings.languages]).toEqual(['fil', ['en', 'fil']]);

    const res = await update({ languages: ['en', 'id'] });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ languages: 'must include the default language' });
    expect((await callApi(p, shopSettingsApi.read, { token: owner.token })).body.data.languages).toEqual(['en', 'fil']);

    const unknown = await update({ language_default: 'de' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.language_default).toBe(LANGUAGE_ERROR);
  });

  it("a customer's language: none at first, then the one they chose, on their profile", async () => {
    const c = await p.newCustomer();
    expect((await callApi(p, customersApi.profile, { token: c.token }).expect(200)).body.data.language).toBeNull();
    const res = await callApi(p, customersApi.language, { token: c.token, body: { language: 'id' } }).expect(200);
    expect(res.body.data.customer.language).toBe('id');
    expect((await callApi(p, customersApi.profile, { token: c.token }).expect(200)).body.data.language).toBe('id');
  });

  it('refuses a code the app does not ship with the one wording, and a language the shop does not offer in plain words', async () => {
    const c = await p.newCustomer();
    const unknown = await callApi(p, customersApi.language, { token: c.token, body: { language: 'de' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ language: LANGUAGE_ERROR });

    await update({ languages: ['en', 'fil'] }).expect(200);
    const notOffered = await callApi(p, customersApi.language, { token: c.token, body: { language: 'id' } });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.error.fields).toEqual({ language: 'is not offered by this shop: choose English, Filipino' });
    expect((await callApi(p, customersApi.profile, { token: c.token })).body.data.language).toBeNull();
  });

  it('only the signed-in customer sets their language', async () => {
    const res = await callApi(p, customersApi.language, { body: { language: 'fil' } });
    expect(res.status).toBe(401);
  });
});
