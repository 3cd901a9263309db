import { beforeEach, expect, it } from 'vitest';
import { campaignsConsoleApi } from '#contract/campaigns.calls';
import { customersApi } from '#contract/customers.calls';
import { LANGUAGE_ERROR, type Language } from '#contract/languages';
import { rewardsApi, rewardsEditorApi } from '#contract/rewards.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { sendDueBroadcasts } from '../../server/provider/campaigns/broadcasts.service';
import { issueVoucher } from '../../server/provider/rewards/vouchers.repo';
import { recordingMailer } from './mailer.helpers';
import { newStaff, type TestStaff } from './merchant.helpers';
import { describeEachDb, useTestProvider, type TestProvider } from './support/provider';
import { callApi } from '../support/calls';

/**
 * The shop's own words in other languages (docs/decisions/012-translated-shop-words.md), in what the shop
 * sends and in the customer's vouchers: a broadcast's title and text written per language reach each
 * customer in theirs (the one they chose while the shop offers it), else in the default language's words,
 * field by field; a voucher's reward reads in the reader's `lang` from the reward's translations. An unknown
 * language code: 400 LANGUAGE_ERROR; words the contract refuses: 400 on their field, nothing written.
 * On PGlite and on PostgreSQL.
 */

const noticesOf = (p: TestProvider, customerId: number) =>
  p.db.selectFrom('notifications').select(['title', 'body']).where('customer_id', '=', customerId).where('type', '=', 'campaign').orderBy('id').execute();

describeEachDb("broadcasts and vouchers in the reader's language", (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  let mailer: ReturnType<typeof recordingMailer>;
  let key = 0;
  beforeEach(async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    mailer = recordingMailer();
    p.ctx.mailer = mailer;
    await offer(['en', 'fil', 'id'], 'en');
  });
  const offer = (languages: Language[], language_default: Language) =>
    callApi(p, shopSettingsApi.update, { token: owner.token, body: { languages, language_default } }).expect(200);
  const customerIn = async (name: string, language: Language | null) => {
    const c = await p.newCustomer({ name });
    if (language) await callApi(p, customersApi.language, { token: c.token, body: { language } }).expect(200);
    return c;
  };
  const send = (body: Record<string, unknown>) =>
    callApi(p, campaignsConsoleApi.broadcast, {
      token: owner.token,
      body: { idempotency_key: `k${++key}`, title: 'Rainy day, {name}?', body: 'Hot chocolate is half price until 5 PM.', ...body },
    });

  it("writes each customer's message in their language, field by field, else in the default language's words", async () => {
    const ana = await customerIn('Ana Reyes', 'fil');
    const budi = await customerIn('Budi Santoso', 'id');
    const ben = await customerIn('Ben Cruz', null);
    const cara = await customerIn('Cara Lim', 'id');
    await p.db.updateTable('customers').set({ email: 'ana@example.test', email_verified_at: p.clock.now() }).where('id', '=', ana.id).execute();
    const translations = {
      fil: { title: '  Maulan ba, {name}? ', body: 'Kalahating presyo ang hot chocolate hanggang 5 PM.' },
      id: { title: 'Hujan, {name}?', body: '' },
    };
    const sent = await send({ translations }).expect(201);
    // trimmed, the empty field dropped; answered as the console lists it
    const stored = { fil: { title: 'Maulan ba, {name}?', body: 'Kalahating presyo ang hot chocolate hanggang 5 PM.' }, id: { title: 'Hujan, {name}?' } };
    expect(sent.body.data.translations).toEqual(stored);
    // the shop stops offering Bahasa Indonesia before the job runs: Cara and Budi chose it, so they read the default
    await offer(['en', 'fil'], 'en');
    await sendDueBroadcasts(p.ctx);
    expect(await noticesOf(p, ana.id)).toEqual([{ title: 'Maulan ba, Ana?', body: 'Kalahating presyo ang hot chocolate hanggang 5 PM.' }]);
    expect(await noticesOf(p, ben.id)).toEqual([{ title: 'Rainy day, Ben?', body: 'Hot chocolate is half price until 5 PM.' }]);
    expect(await noticesOf(p, cara.id)).toEqual([{ title: 'Rainy day, Cara?', body: 'Hot chocolate is half price until 5 PM.' }]);
    expect(await noticesOf(p, budi.id)).toEqual([{ title: 'Rainy day, Budi?', body: 'Hot chocolate is half price until 5 PM.' }]);
    // the e-mail copy is the same message
    expect(mailer.mails.map((m) => [m.to, m.subject])).toEqual([['ana@example.test', 'Maulan ba, Ana?']]);
    expect(mailer.mails[0]!.text).toMatch(/^Kalahating presyo ang hot chocolate hanggang 5 PM\./);

    const list = (await callApi(p, campaignsConsoleApi.broadcasts, { token: owner.token }).expect(200)).body.data.broadcasts;
    expect(list[0]).toMatchObject({ id: sent.body.data.id, title: 'Rainy day, {name}?', translations: stored });
    const audit = await p.db.selectFrom('audit_log').select('after').where('action', '=', 'broadcast.send').executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ translations: stored });
  });

  it('gives the Bahasa Indonesia words where the shop offers them, the default body where only a title was written', async () => {
    const budi = await customerIn('Budi Santoso', 'id');
    await send({ translations: { id: { title: 'Hujan, {name}?' } } }).expect(201);
    await sendDueBroadcasts(p.ctx);
    expect(await noticesOf(p, budi.id)).toEqual([{ title: 'Hujan, Budi?', body: 'Hot chocolate is half price until 5 PM.' }]);
  });

  it('refuses an unknown language, another placeholder, two lines and words too long, on their field, and sends nothing', async () => {
    const fields = async (translations: unknown) => (await send({ translations }).expect(400)).body.error.fields as Record<string, string>;
    expect(await fields({ ms: { title: 'Hujan' } })).toEqual({ 'translations.ms': LANGUAGE_ERROR });
    expect(await fields({ tl: { title: 'Ulan' } })).toEqual({ 'translations.tl': LANGUAGE_ERROR });
    expect(await fields({ fil: { body: 'May {points} puntos ka' } })).toEqual({ 'translations.fil.body': 'must use only {name}: {points} is not one' });
    expect(await fields({ fil: { title: 'Dalawang\nlinya' } })).toEqual({ 'translations.fil.title': 'must be one line' });
    expect(await fields({ id: { body: 'x'.repeat(301) } })).toEqual({ 'translations.id.body': 'must be at most 300 characters' });
    expect(await fields({ fil: { link: '/home' } })).toEqual({ 'translations.fil.link': 'is not a field of this call' });
    expect(await p.db.selectFrom('broadcasts').select('id').execute()).toEqual([]);
  });

  it("reads a voucher's reward in the reader's language, field by field, in the list and alone; an unknown code: 400", async () => {
    const created = await callApi(p, rewardsEditorApi.create, {
      token: owner.token,
      body: {
        title: 'Merienda treat',
        description: 'Fifty pesos off any afternoon order.',
        image: '',
        points_cost: 150,
        stock_total: null,
        valid_days: 30,
        per_customer_limit: null,
        discount_amount: 5_000,
        active: true,
        translations: { fil: { title: 'Pang-meryenda' }, id: { description: 'Potongan lima puluh peso.' } },
      },
    }).expect(201);
    const reward = await p.db.selectFrom('rewards').select(['id', 'valid_days']).where('name', '=', created.body.data.reward.name).executeTakeFirstOrThrow();
    const ana = await p.newCustomer({ name: 'Ana Reyes' });
    const voucherId = await p.db.transaction().execute((trx) => issueVoucher(trx, p.clock, ana.id, reward, 'redeem', 150));
    const listed = async (lang?: string) => {
      const res = await callApi(p, rewardsApi.storage, { token: ana.token, query: { status: 'active', ...(lang ? { lang } : {}) } }).expect(200);
      return (res.body.data.vouchers as Array<{ id: number; reward: { title: string; description: string } }>).find((v) => v.id === voucherId)!.reward;
    };
    expect(await listed('fil')).toMatchObject({ title: 'Pang-meryenda', description: 'Fifty pesos off any afternoon order.' });
    expect(await listed('id')).toMatchObject({ title: 'Merienda treat', description: 'Potongan lima puluh peso.' });
    for (const lang of ['en', undefined]) {
      expect(await listed(lang), String(lang)).toMatchObject({ title: 'Merienda treat', description: 'Fifty pesos off any afternoon order.' });
    }
    const alone = await callApi(p, rewardsApi.voucher, { token: ana.token, query: { id: voucherId, lang: 'fil' } }).expect(200);
    expect(alone.body.data.voucher.reward).toMatchObject({ title: 'Pang-meryenda', discount_amount: 5_000 });
    // a language the shop does not offer is still one the app ships: the owner's words in it, as the catalogue answers
    await offer(['en', 'fil'], 'en');
    expect(await listed('id')).toMatchObject({ description: 'Potongan lima puluh peso.' });

    for (const lang of ['ms', 'FIL', '']) {
      const bad = await callApi(p, rewardsApi.storage, { token: ana.token, query: { status: 'active', lang } }).expect(400);
      expect(bad.body.error.fields, lang).toEqual({ lang: LANGUAGE_ERROR });
    }
    const badOne = await callApi(p, rewardsApi.voucher, { token: ana.token, query: { id: voucherId, lang: 'xx' } }).expect(400);
    expect(badOne.body.error.fields).toEqual({ lang: LANGUAGE_ERROR });
    // who may read it: its customer only; another customer's ask, in any language, is not found, and nobody signed in 401
    const ben = await p.newCustomer({ name: 'Ben Cruz' });
    await callApi(p, rewardsApi.voucher, { token: ben.token, query: { id: voucherId, lang: 'fil' } }).expect(404);
    expect((await callApi(p, rewardsApi.storage, { token: ben.token, query: { status: 'active', lang: 'fil' } }).expect(200)).body.data.vouchers).toEqual([]);
    await callApi(p, rewardsApi.voucher, { query: { id: voucherId, lang: 'fil' } }).expect(401);
    await callApi(p, rewardsApi.storage, { query: { status: 'active', lang: 'fil' } }).expect(401);
  });
});
