import { afterEach, expect, it } from 'vitest';
import { authApi } from '#contract/auth.calls';
import { ordersApi } from '#contract/orders.calls';
import { wheelApi } from '#contract/wheel.calls';
import { newPhone, requestCode, wrongCode } from './auth.helpers';
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
    for (const res of [id, fil, en, tl]) expect(res.body.error).toEqual({ code: 'INVALID_CODE', fields: { code: 'is not the code we sent' } });
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
});
