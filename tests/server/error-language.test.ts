import { afterEach, expect, it } from 'vitest';
import { addressesApi } from '#contract/addresses.calls';
import { authApi } from '#contract/auth.calls';
import { customersApi } from '#contract/customers.calls';
import { ordersApi } from '#contract/orders.calls';
import { wheelApi } from '#contract/wheel.calls';
import { newPhone, requestCode, wrongCode } from './auth.helpers';
import { products } from './orders.helpers';
import { describeEachDb, useTestProvider } from './support/provider';
import { callApi } from '../support/calls';

/**
 * A refusal a customer meets is worded in the language the app speaks (its Accept-Language, docs/languages.md "The
 * API's errors"); with none, or a language the app does not ship, in English. Its code and status never change.
 */
describeEachDb('a refusal in the language the app speaks', (kind) => {
  const p = useTestProvider(kind);
  afterEach(async () => {
    await p.db.updateTable('wheel_segments').set({ active: true }).execute();
  });

  it('says a spin costs more points than the customer has, in Indonesian, Filipino or English', async () => {
    const c = await p.newCustomer({ points: 5 });
    const spin = (key: string, language?: string) =>
      callApi(p, wheelApi.spin, { token: c.token, body: { idempotency_key: key }, headers: language ? { 'accept-language': language } : {} }).expect(409);
    // only a segment with no prize left active: the free spin wins nothing
    const none = await p.db.selectFrom('wheel_segments').select('id').where('prize_type', '=', 'none').orderBy('id').executeTakeFirstOrThrow();
    await p.db.updateTable('wheel_segments').set({ active: false }).where('id', '<>', none.id).execute();
    await callApi(p, wheelApi.spin, { token: c.token, body: { idempotency_key: 'free' } }).expect(200);
    const answers = {
      id: await spin('id', 'id'),
      fil: await spin('fil', 'fil-PH,en;q=0.8'),
      none: await spin('none'),
      unknown: await spin('de', 'de-DE'),
    };
    expect(answers.id.body.message).toBe('Putaran gratis hari ini sudah habis. Satu putaran seharga 20 poin dan poin Anda 5.');
    expect(answers.fil.body.message).toBe('Wala ka nang free spin ngayong araw. 20 points ang isang spin at 5 ang points mo.');
    for (const res of [answers.none, answers.unknown]) expect(res.body.message).toBe('No free spins left today. A spin costs 20 points and you have 5.');
    for (const res of Object.values(answers)) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('NO_SPINS_LEFT');
      expect(res.body.data).toEqual({ spin_cost_points: 20, points: 5 });
    }
  });

  it("replays a refusal kept with an idempotency key in the replaying request's language, the stored answer English", async () => {
    const c = await p.newCustomer({ points: 5 });
    const spin = (key: string, language?: string) =>
      callApi(p, wheelApi.spin, { token: c.token, body: { idempotency_key: key }, headers: language ? { 'accept-language': language } : {} });
    const none = await p.db.selectFrom('wheel_segments').select('id').where('prize_type', '=', 'none').orderBy('id').executeTakeFirstOrThrow();
    await p.db.updateTable('wheel_segments').set({ active: false }).where('id', '<>', none.id).execute();
    const free = await spin('free').expect(200);
    const first = await spin('kept').expect(409);
    const english = 'No free spins left today. A spin costs 20 points and you have 5.';
    expect(first.body.message).toBe(english);
    const inIndonesian = await spin('kept', 'id-ID').expect(409);
    expect(inIndonesian.body).toEqual({ ...first.body, message: 'Putaran gratis hari ini sudah habis. Satu putaran seharga 20 poin dan poin Anda 5.' });
    expect((await spin('kept', 'fil')).body.message).toBe('Wala ka nang free spin ngayong araw. 20 points ang isang spin at 5 ang points mo.');
    expect((await spin('kept')).body).toEqual(first.body);
    // a success is replayed as it was, whatever the language
    expect((await spin('free', 'id').expect(200)).body).toEqual(free.body);
    const kept = await p.db
      .selectFrom('idempotency_keys')
      .select(['key', 'response_body', 'refusal_words'])
      .where('customer_id', '=', c.id)
      .orderBy('key')
      .execute();
    expect(kept.map((k) => [k.key, (k.response_body as { message: string }).message, k.refusal_words?.id ?? null])).toEqual([
      ['free', free.body.message, null],
      ['kept', english, 'Putaran gratis hari ini sudah habis. Satu putaran seharga 20 poin dan poin Anda 5.'],
    ]);
  });

  it("replays a refusal's field problems in the replaying request's language, as sendError words them", async () => {
    const c = await p.newCustomer({ wallet: 100_000 });
    const { latte } = await products(p);
    const quoted = await callApi(p, ordersApi.quote, { token: c.token, body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'pickup' } }).expect(200);
    // a minute past a slot: no pickup time of the list
    const offList = new Date(new Date(quoted.body.data.pickup_at as string).getTime() + 60_000).toISOString();
    const body = { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', pickup_at: offList, idempotency_key: 'off-list' };
    const place = (language?: string) => callApi(p, ordersApi.create, { token: c.token, body, headers: language ? { 'accept-language': language } : {} });
    const first = await place().expect(400);
    expect(first.body.error.fields.pickup_at).toBe('is not one of the pickup times: choose one from the list');
    const replayed = await place('id').expect(400);
    expect(replayed.body.error.fields.pickup_at).toBe('Pilih waktu ambil dari daftar.');
    expect((await place()).body).toEqual(first.body);
  });

  it('counts the tries left of a wrong code in each language, with the same code and fields', async () => {
    const phone = newPhone();
    const code = await requestCode(p, phone);
    const verify = (language?: string) =>
      callApi(p, authApi.otpVerify, {
        body: { phone, code: wrongCode(code), purpose: 'login' },
        headers: language ? { 'accept-language': language } : {},
      }).expect(400);
    const [id, fil, en, tl] = [await verify('id'), await verify('fil'), await verify(), await verify('tl')];
    expect(id.body.message).toBe('Kodenya salah. Sisa 4 kali percobaan.');
    expect(fil.body.message).toBe('Mali ang code. 3 subok na lang ang natitira.');
    expect(en.body.message).toBe('That code is not right. 2 tries left.');
    expect(tl.body.message).toBe('Mali ang code. 1 subok na lang ang natitira.');
    expect(id.body.error).toEqual({ code: 'INVALID_CODE', fields: { code: 'Ini bukan kode yang kami kirim.' } });
    expect(en.body.error).toEqual({ code: 'INVALID_CODE', fields: { code: 'is not the code we sent' } });
    for (const res of [fil, tl]) expect(res.body.error).toEqual({ code: 'INVALID_CODE', fields: { code: 'Hindi ito ang code na ipinadala namin.' } });
  });

  it('words a thing not found, and the general check of the fields, in the language asked', async () => {
    const c = await p.newCustomer();
    const detail = (language: string) => callApi(p, ordersApi.detail, { token: c.token, query: { name: 'NOPE-1' }, headers: { 'accept-language': language } });
    const missing = await detail('id');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    expect(missing.body.message).toBe('Pesanan tidak ditemukan.');
    expect((await detail('en')).body.message).toBe('Order was not found.');
    const bad = await callApi(p, wheelApi.spin, { token: c.token, body: {}, headers: { 'accept-language': 'fil' } }).expect(400);
    expect(bad.body.error.code).toBe('VALIDATION');
    expect(bad.body.message).toBe('Pakitingnan ang mga naka-highlight na field.');
  });

  it("words each field's problem as a whole sentence in Filipino or Indonesian, and keeps English's fragments", async () => {
    const c = await p.newCustomer();
    const headers = (language?: string): Record<string, string> => (language ? { 'accept-language': language } : {});
    const register = (language?: string) =>
      callApi(p, authApi.register, { body: { registration_token: 'x', name: ' ', email: 'nope' }, headers: headers(language) }).expect(400);
    const birthday = (language?: string) =>
      callApi(p, customersApi.birthday, { token: c.token, body: { day: 31, month: 4 }, headers: headers(language) }).expect(400);
    const email = (language?: string) =>
      callApi(p, customersApi.changeEmail, { token: c.token, body: { email: 'not an address' }, headers: headers(language) }).expect(400);
    const address = (language?: string) =>
      callApi(p, addressesApi.create, {
        token: c.token,
        body: { label: '', recipient: 'Ana', phone: '12', line1: '1 Rizal St', city: 'Makati', postal_code: '!', lat: 14.5, lng: 121, note: 'x'.repeat(201) },
        headers: headers(language),
      }).expect(400);

    expect((await register()).body.error.fields).toEqual({ registration_token: 'is required', name: 'is required', email: 'must be an e-mail address' });
    expect((await register('fil')).body.error.fields).toEqual({
      registration_token: 'Kailangan ito.',
      name: 'Kailangan ito.',
      email: 'Maglagay ng e-mail address.',
    });
    expect((await register('id-ID')).body.error.fields).toEqual({ registration_token: 'Wajib diisi.', name: 'Wajib diisi.', email: 'Masukkan alamat email.' });

    expect((await birthday()).body.error.fields).toEqual({ day: 'must be at most 30: April has 30 days' });
    expect((await birthday('fil')).body.error.fields).toEqual({ day: '30 araw lang ang Abril.' });
    expect((await birthday('id')).body.error.fields).toEqual({ day: 'Bulan April hanya punya 30 hari.' });

    expect((await email()).body.error.fields).toEqual({ email: 'must be an e-mail address' });
    expect((await email('tl')).body.error.fields).toEqual({ email: 'Maglagay ng e-mail address.' });
    expect((await email('in')).body.error.fields).toEqual({ email: 'Masukkan alamat email.' });

    expect((await address()).body.error.fields).toEqual({
      label: 'is required',
      phone: 'must be a phone number',
      postal_code: 'must be a postal code',
      note: 'must be at most 200 characters',
    });
    expect((await address('fil')).body.error.fields).toEqual({
      label: 'Kailangan ito.',
      phone: 'Maglagay ng phone number.',
      postal_code: 'Maglagay ng postal code.',
      note: 'Hanggang 200 character lang ang puwede.',
    });
    const id = await address('id');
    expect(id.body.error.fields).toEqual({
      label: 'Wajib diisi.',
      phone: 'Masukkan nomor telepon.',
      postal_code: 'Masukkan kode pos.',
      note: 'Maksimal 200 karakter.',
    });
    expect(id.body.error.code).toBe('VALIDATION');
    expect(id.body.message).toBe('Periksa kembali kolom yang ditandai.');
  });
});
