/**
 * The shop's own words in other languages (docs/decisions/012-translated-shop-words.md): the owner writes a
 * category's and a product's words in Filipino or Bahasa Indonesia beside the default language's; the menu
 * read in a language answers them there, field by field, and the default language's words where none were
 * written. An unknown language code, an unknown field, words too long: 400, said plainly. The menu's copies
 * (this instance's, the gateway's shared cache) never give one language's words to a reader of another.
 * On PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LANGUAGE_ERROR } from '#contract/languages';
import { menuApi } from '#contract/menu.calls';
import { optionsApi } from '#contract/options.calls';
import { campaignsConsoleApi } from '#contract/campaigns.calls';
import { rewardsApi, rewardsEditorApi } from '#contract/rewards.calls';
import { campaignWordsIn } from '../../server/provider/campaigns/campaigns.run';
import { shopApi } from '#contract/shop.calls';
import type { Call } from '#contract/api';
import type { Category } from '#contract/shop';
import { newStaff, type TestStaff } from './merchant.helpers';
import { describeEachDb, useTestProvider } from './support/provider';
import { startEmbeddedGateway, type EmbeddedGateway } from './support/embedded-gateway';
import { callApi, gatewayUrl } from '../support/calls';

describeEachDb("the shop's own words in other languages", (kind) => {
  const p = useTestProvider(kind);
  let owner: TestStaff;
  beforeAll(async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
  });

  const post = (declaration: Call<any, any>, body: unknown) => callApi(p, declaration, { token: owner.token, body });
  const menuIn = async (lang?: string) => (await callApi(p, shopApi.catalog, lang ? { query: { lang } } : {}).expect(200)).body.data.categories as Category[];
  const find = (categories: Category[], id: number) => categories.flatMap((c) => c.products).find((x) => x.id === id)!;

  it('stores what the owner writes, trimmed and without empty fields, and the editor reads it back', async () => {
    const category = (await post(menuApi.createCategory, { name: 'Merienda', translations: { fil: { name: '  Meryenda ' }, id: { name: '' } } }).expect(201))
      .body.data.category;
    expect(category.translations).toEqual({ fil: { name: 'Meryenda' } });
    const created = await post(menuApi.createProduct, {
      category_id: category.id,
      name: 'Ube cheese pandesal',
      description: 'Soft bread rolls with ube and cheese.',
      price: 9_000,
      translations: { fil: { name: 'Pandesal na ube at keso', description: '  ' }, id: { description: 'Roti lembut dengan ube dan keju.' } },
    }).expect(201);
    const product = created.body.data.product;
    expect(product.translations).toEqual({ fil: { name: 'Pandesal na ube at keso' }, id: { description: 'Roti lembut dengan ube dan keju.' } });
    const editor = (await callApi(p, menuApi.menu, { token: owner.token }).expect(200)).body.data.categories as Array<{
      id: number;
      translations: unknown;
      products: Array<{ id: number; translations: unknown }>;
    }>;
    const mine = editor.find((c) => c.id === category.id)!;
    expect(mine.translations).toEqual({ fil: { name: 'Meryenda' } });
    expect(mine.products.find((x) => x.id === product.id)!.translations).toEqual(product.translations);
  });

  it('answers the menu in the reader’s language, falling back field by field to the default language', async () => {
    const category = (await post(menuApi.createCategory, { name: 'Rice meals', translations: { fil: { name: 'Kanin' } } }).expect(201)).body.data.category;
    const base = { category_id: category.id, price: 20_000 };
    const both = (
      await post(menuApi.createProduct, {
        ...base,
        name: 'Chicken adobo',
        description: 'Braised in vinegar and soy.',
        translations: { fil: { name: 'Adobong manok', description: 'Nilaga sa suka at toyo.' } },
      }).expect(201)
    ).body.data.product;
    const nameOnly = (
      await post(menuApi.createProduct, {
        ...base,
        name: 'Beef tapa',
        description: 'Cured beef, garlic rice, egg.',
        translations: { fil: { name: 'Tapang baka' } },
      }).expect(201)
    ).body.data.product;
    const none = (await post(menuApi.createProduct, { ...base, name: 'Longganisa', description: 'Sweet sausage.' }).expect(201)).body.data.product;

    const fil = await menuIn('fil');
    expect(fil.find((c) => c.id === category.id)!.name).toBe('Kanin');
    expect(find(fil, both.id)).toMatchObject({ name: 'Adobong manok', description: 'Nilaga sa suka at toyo.', price: 20_000 });
    expect(find(fil, nameOnly.id)).toMatchObject({ name: 'Tapang baka', description: 'Cured beef, garlic rice, egg.' });
    expect(find(fil, none.id)).toMatchObject({ name: 'Longganisa', description: 'Sweet sausage.' });
    // Bahasa Indonesia has no words here, English is the default, and no `lang` reads the default
    for (const lang of ['id', 'en', undefined]) {
      const menu = await menuIn(lang);
      expect(menu.find((c) => c.id === category.id)!.name, String(lang)).toBe('Rice meals');
      expect(find(menu, both.id), String(lang)).toMatchObject({ name: 'Chicken adobo', description: 'Braised in vinegar and soy.' });
    }
    // the untranslated seeded menu reads the same in every language but for the words written here
    const plain = await menuIn();
    const other = await menuIn('fil');
    expect(other.map((c) => c.products.length)).toEqual(plain.map((c) => c.products.length));
    expect(find(other, plain[0]!.products[0]!.id)).toEqual(plain[0]!.products[0]);
  });

  it('changes or clears the words: an update replaces them, and {} falls back to the default language', async () => {
    const category = (await post(menuApi.createCategory, { name: 'Drinks' }).expect(201)).body.data.category;
    const product = (await post(menuApi.createProduct, { category_id: category.id, name: 'Calamansi juice', price: 8_000 }).expect(201)).body.data.product;
    expect(product.translations).toEqual({});
    await post(menuApi.updateProduct, { id: product.id, translations: { fil: { name: 'Katas ng kalamansi' } } }).expect(200);
    expect(find(await menuIn('fil'), product.id).name).toBe('Katas ng kalamansi');
    // another field's change keeps the words
    await post(menuApi.updateProduct, { id: product.id, price: 8_500 }).expect(200);
    expect(find(await menuIn('fil'), product.id)).toMatchObject({ name: 'Katas ng kalamansi', price: 8_500 });
    await post(menuApi.updateProduct, { id: product.id, translations: {} }).expect(200);
    expect(find(await menuIn('fil'), product.id).name).toBe('Calamansi juice');
    await post(menuApi.renameCategory, { id: category.id, name: 'Cold drinks', translations: { id: { name: 'Minuman dingin' } } }).expect(200);
    const id = await menuIn('id');
    expect(id.find((c) => c.id === category.id)!.name).toBe('Minuman dingin');
    // a rename without translations keeps them
    await post(menuApi.renameCategory, { id: category.id, name: 'Iced drinks' }).expect(200);
    expect((await menuIn('id')).find((c) => c.id === category.id)!.name).toBe('Minuman dingin');
    expect((await menuIn('fil')).find((c) => c.id === category.id)!.name).toBe('Iced drinks');
  });

  it('names option groups and their options in other languages; an update that leaves the words out keeps them', async () => {
    const category = (await post(menuApi.createCategory, { name: 'Teas' }).expect(201)).body.data.category;
    const group = (
      await post(optionsApi.createGroup, {
        name: 'Sweetness',
        translations: { fil: { name: 'Tamis' } },
        min_choices: 1,
        max_choices: 1,
        options: [
          { name: 'Less sweet', is_default: true, translations: { fil: { name: 'Hindi masyadong matamis' }, id: { name: 'Kurang manis' } } },
          { name: 'Regular' },
        ],
      }).expect(201)
    ).body.data.group;
    expect(group.translations).toEqual({ fil: { name: 'Tamis' } });
    expect(group.options.map((o: { translations: unknown }) => o.translations)).toEqual([
      { fil: { name: 'Hindi masyadong matamis' }, id: { name: 'Kurang manis' } },
      {},
    ]);
    const tea = (await post(menuApi.createProduct, { category_id: category.id, name: 'Milk tea', price: 12_000, option_group_ids: [group.id] }).expect(201))
      .body.data.product;
    const groupIn = async (lang?: string) => find(await menuIn(lang), tea.id).option_groups![0]!;
    expect(await groupIn('fil')).toMatchObject({ name: 'Tamis', options: [{ name: 'Hindi masyadong matamis' }, { name: 'Regular' }] });
    expect(await groupIn('id')).toMatchObject({ name: 'Sweetness', options: [{ name: 'Kurang manis' }, { name: 'Regular' }] });
    expect(await groupIn()).toMatchObject({ name: 'Sweetness', options: [{ name: 'Less sweet' }, { name: 'Regular' }] });
    // the whole group sent again without words (an older console): every word kept; a new option has none
    const [less, regular] = group.options as Array<{ id: number }>;
    await post(optionsApi.updateGroup, {
      id: group.id,
      name: 'Sweetness level',
      min_choices: 1,
      max_choices: 1,
      options: [{ id: less!.id, name: 'Less sweet', is_default: true }, { id: regular!.id, name: 'Regular' }, { name: 'Extra sweet' }],
    }).expect(200);
    expect(await groupIn('fil')).toMatchObject({
      name: 'Tamis',
      options: [{ name: 'Hindi masyadong matamis' }, { name: 'Regular' }, { name: 'Extra sweet' }],
    });
    await post(optionsApi.updateGroup, {
      id: group.id,
      name: 'Sweetness level',
      translations: {},
      min_choices: 1,
      max_choices: 1,
      options: [{ id: less!.id, name: 'Less sweet', is_default: true, translations: { fil: { name: 'Kaunting tamis' } } }],
    }).expect(200);
    expect(await groupIn('fil')).toMatchObject({ name: 'Sweetness level', options: [{ name: 'Kaunting tamis' }] });
    expect(await groupIn('id')).toMatchObject({ options: [{ name: 'Less sweet' }] });
  });

  it("stores a campaign's title and text per language, checks their placeholders, and a message picks its reader's words", async () => {
    const campaign = {
      kind: 'win_back',
      enabled: false,
      title: 'We miss you, {name}',
      body: 'Come back: {points} points wait for you.',
      reward_id: null,
      timing: 30,
    };
    const saved = await post(campaignsConsoleApi.update, { ...campaign, translations: { fil: { title: 'Na-miss ka namin, {name}' } } }).expect(200);
    const winBack = () => saved.body.data.campaigns.find((c: { kind: string }) => c.kind === 'win_back');
    expect(winBack().translations).toEqual({ fil: { title: 'Na-miss ka namin, {name}' } });
    // saved again without words (an older console): kept
    const again = await post(campaignsConsoleApi.update, { ...campaign, body: 'Come back soon: {points} points.' }).expect(200);
    const row = again.body.data.campaigns.find((c: { kind: string }) => c.kind === 'win_back');
    expect(row.translations).toEqual({ fil: { title: 'Na-miss ka namin, {name}' } });
    // the words a message is written from, per reader: Filipino's title, the default body; English: the default
    expect(campaignWordsIn(row, 'fil')).toEqual({ title: 'Na-miss ka namin, {name}', body: 'Come back soon: {points} points.' });
    expect(campaignWordsIn(row, 'en')).toEqual({ title: 'We miss you, {name}', body: 'Come back soon: {points} points.' });
    expect(campaignWordsIn(row, 'id')).toEqual({ title: 'We miss you, {name}', body: 'Come back soon: {points} points.' });
    // a placeholder the campaign does not have, in a translation: named on its field
    const bad = await post(campaignsConsoleApi.update, { ...campaign, translations: { id: { body: '{reward} milikmu' } } }).expect(400);
    expect(bad.body.error.fields).toEqual({ 'translations.id.body': 'must not use {reward} without a reward' });
    const unknown = await post(campaignsConsoleApi.update, { ...campaign, translations: { ms: { title: 'Kami rindu' } } }).expect(400);
    expect(unknown.body.error.fields).toEqual({ 'translations.ms': LANGUAGE_ERROR });
  });

  it("answers the reward catalogue in the reader's language, field by field; the owner's editor reads the words back", async () => {
    const base = { image: '', points_cost: 150, stock_total: null, valid_days: 30, per_customer_limit: null, discount_amount: 5_000, active: true };
    const created = await post(rewardsEditorApi.create, {
      ...base,
      title: 'Merienda treat',
      description: 'Fifty pesos off any afternoon order.',
      translations: { fil: { title: 'Pang-meryenda' }, id: { title: '', description: 'Potongan lima puluh peso.' } },
    }).expect(201);
    const reward = created.body.data.reward;
    expect(reward.translations).toEqual({ fil: { title: 'Pang-meryenda' }, id: { description: 'Potongan lima puluh peso.' } });
    const inCatalogue = async (lang?: string) =>
      ((await callApi(p, rewardsApi.list, lang ? { query: { lang } } : {}).expect(200)).body.data.rewards as Array<{ name: string }>).find(
        (r) => r.name === reward.name,
      );
    expect(await inCatalogue('fil')).toMatchObject({ title: 'Pang-meryenda', description: 'Fifty pesos off any afternoon order.' });
    expect(await inCatalogue('id')).toMatchObject({ title: 'Merienda treat', description: 'Potongan lima puluh peso.' });
    expect(await inCatalogue()).toMatchObject({ title: 'Merienda treat', description: 'Fifty pesos off any afternoon order.' });
    const detail = await callApi(p, rewardsApi.detail, { query: { name: reward.name, lang: 'fil' } }).expect(200);
    expect(detail.body.data.reward.title).toBe('Pang-meryenda');
    // another field's change keeps the words; {} clears them
    await post(rewardsEditorApi.update, { name: reward.name, points_cost: 120 }).expect(200);
    expect((await inCatalogue('fil'))!).toMatchObject({ title: 'Pang-meryenda', points_cost: 120 });
    await post(rewardsEditorApi.update, { name: reward.name, translations: {} }).expect(200);
    expect((await inCatalogue('fil'))!).toMatchObject({ title: 'Merienda treat' });
    const bad = await callApi(p, rewardsApi.list, { query: { lang: 'ms' } }).expect(400);
    expect(bad.body.error.fields).toEqual({ lang: LANGUAGE_ERROR });
  });

  it('refuses an unknown language, an unknown field and words too long, plainly, and writes nothing', async () => {
    const category = (await post(menuApi.createCategory, { name: 'Soups' }).expect(201)).body.data.category;
    const product = (await post(menuApi.createProduct, { category_id: category.id, name: 'Sinigang', price: 15_000 }).expect(201)).body.data.product;
    const refused = async (translations: unknown) => {
      const res = await post(menuApi.updateProduct, { id: product.id, translations }).expect(400);
      expect(res.body.error.code).toBe('VALIDATION');
      return res.body.error.fields as Record<string, string>;
    };
    expect(await refused({ xx: { name: 'Sopas' } })).toEqual({ 'translations.xx': LANGUAGE_ERROR });
    expect(await refused({ tl: { name: 'Sopas' } })).toEqual({ 'translations.tl': LANGUAGE_ERROR });
    expect(await refused({ fil: { colour: 'pula' } })).toEqual({ 'translations.fil.colour': 'is not a field of this call' });
    expect(await refused({ fil: { name: 'x'.repeat(81) } })).toEqual({ 'translations.fil.name': 'must be at most 80 characters' });
    expect(await refused({ id: { description: 'x'.repeat(501) } })).toEqual({ 'translations.id.description': 'must be at most 500 characters' });
    const long = await post(menuApi.createCategory, { name: 'Noodles', translations: { fil: { name: 'x'.repeat(61) } } }).expect(400);
    expect(long.body.error.fields).toEqual({ 'translations.fil.name': 'must be at most 60 characters' });
    const editor = (await callApi(p, menuApi.menu, { token: owner.token }).expect(200)).body.data.categories as Array<{
      name: string;
      products: Array<{ id: number; translations: unknown }>;
    }>;
    expect(editor.flatMap((c) => c.products).find((x) => x.id === product.id)!.translations).toEqual({});
    expect(editor.map((c) => c.name)).not.toContain('Noodles');

    for (const lang of ['xx', 'FIL', 'en-US', '']) {
      const res = await callApi(p, shopApi.catalog, { query: { lang } }).expect(400);
      expect(res.body.error.fields, lang).toEqual({ lang: LANGUAGE_ERROR });
    }
  });

  it('keeps one copy of the menu and makes each answer in its reader’s language: Filipino never reaches an English reader', async () => {
    const category = (await post(menuApi.createCategory, { name: 'Desserts' }).expect(201)).body.data.category;
    const product = (
      await post(menuApi.createProduct, { category_id: category.id, name: 'Leche flan', price: 9_500, translations: { fil: { name: 'Leche plan' } } }).expect(
        201,
      )
    ).body.data.product;
    // interleaved reads within the copy's 5 s, each language first in turn
    for (const order of [
      ['fil', 'en', undefined, 'id'],
      ['en', 'fil', 'id', 'fil'],
    ]) {
      for (const lang of order) expect(find(await menuIn(lang), product.id).name, String(lang)).toBe(lang === 'fil' ? 'Leche plan' : 'Leche flan');
    }
  });
});

describeEachDb("the gateway's shared cache and the menu's languages", (kind) => {
  let started: EmbeddedGateway;
  beforeAll(async () => {
    started = await startEmbeddedGateway(kind, { name: 'translations-test', apiCacheEntries: 100 });
  });
  afterAll(async () => {
    await started?.close();
  });

  const read = async (query: string) => {
    const res = await fetch(`${gatewayUrl(started.url, shopApi.catalog)}${query}`);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { categories: Category[] } };
    return { first: data.categories[0]!.products[0]!.name, cacheControl: res.headers.get('cache-control') };
  };

  it('keeps each language apart: a Filipino answer kept for one reader is never served to an English one', async () => {
    // the owner's words for the menu's first product (written as the editor does, into its column)
    const first = await started.handle.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('archived_at', 'is', null)
      .orderBy('position')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await started.handle.db
      .updateTable('products')
      .set({ translations: JSON.stringify({ fil: { name: 'Kapeng barako' } }) })
      .where('id', '=', first.id)
      .execute();
    const fil = await read('?lang=fil');
    expect(fil.cacheControl).toBe('public, max-age=5');
    expect(fil.first).toBe('Kapeng barako');
    // the same reads again, within the 5 s the gateway keeps them: each language's own copy
    for (let round = 0; round < 2; round++) {
      expect((await read('?lang=en')).first).toBe(first.name);
      expect((await read('')).first).toBe(first.name);
      expect((await read('?lang=id')).first).toBe(first.name);
      expect((await read('?lang=fil')).first).toBe('Kapeng barako');
    }
  });
});
