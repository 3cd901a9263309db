import { beforeEach, expect, it } from 'vitest';
import { authApi } from '#contract/auth.calls';
import { customersApi } from '#contract/customers.calls';
import { LANGUAGE_ERROR, type Language } from '#contract/languages';
import { ordersApi } from '#contract/orders.calls';
import { receiptsApi } from '#contract/receipts.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { walletApi } from '#contract/wallet.calls';
import { payloadOf } from '../../server/provider/push/push.sender';
import { sendDueReceipts } from '../../server/provider/receipts/receipts.send';
import { newIp, newPhone } from './auth.helpers';
import { newStaff, type TestStaff } from './merchant.helpers';
import { completeOrder, key, postWebhook, products, signature, unix, webhookEvent } from './orders.helpers';
import { describeEachDb, useTestProvider, type TestProvider } from './support/provider';
import { callApi } from '../support/calls';

/**
 * What the shop sends, in the customer's language (docs/app.md, "What the shop sends"): an order's notices (in the app and
 * pushed) and its receipt's text message follow the customer's choice while the shop offers it, else the
 * shop's default; the sign-in code's text message follows the page's language.
 */

/** A pickup latte paid from the wallet, taken to completed, its receipt sent by text message. Answers its name. */
async function orderedAndCompleted(p: TestProvider, c: { token: string }): Promise<string> {
  const { latte } = await products(p);
  await callApi(p, receiptsApi.choose, { token: c.token, body: { receipts: 'sms' } }).expect(200);
  const res = await callApi(p, ordersApi.create, {
    token: c.token,
    body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
  });
  expect(res.status, res.text).toBe(201);
  const name = res.body.data.order.name as string;
  await completeOrder(p, name);
  await sendDueReceipts(p.ctx);
  return name;
}

/** The customer's notices, oldest first: title and body. */
const noticesOf = (p: TestProvider, customerId: number) =>
  p.db.selectFrom('notifications').select(['id', 'type', 'title', 'body', 'link']).where('customer_id', '=', customerId).orderBy('id').execute();

describeEachDb('what the shop sends, in the customer language', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  beforeEach(async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    await offer(['en', 'fil', 'id'], 'en');
    p.sent.length = 0;
  });
  const offer = (languages: Language[], language_default: Language) =>
    callApi(p, shopSettingsApi.update, { token: owner.token, body: { languages, language_default } }).expect(200);
  const customerIn = async (language: Language | null) => {
    const c = await p.newCustomer({ wallet: 500_000 });
    if (language) await callApi(p, customersApi.language, { token: c.token, body: { language } }).expect(200);
    const { phone } = await p.db.selectFrom('customers').select('phone').where('id', '=', c.id).executeTakeFirstOrThrow();
    return { ...c, phone: phone! };
  };
  const textsTo = (phone: string) => p.sent.filter((s) => s.phone === phone).map((s) => s.body);

  it('a customer who chose Bahasa Indonesia gets the order notices, their push and the receipt text message in it', async () => {
    const c = await customerIn('id');
    const name = await orderedAndCompleted(p, c);
    const notices = await noticesOf(p, c.id);
    const titles = notices.filter((n) => n.type === 'order').map((n) => n.title);
    expect(titles).toEqual([`Pesanan ${name} dikonfirmasi`, `Pesanan ${name} sedang disiapkan`, `Pesanan ${name} siap diambil`, `Pesanan ${name} selesai`]);
    expect(notices.find((n) => n.title === `Pesanan ${name} sedang disiapkan`)!.body).toBe('Barista dan dapur kami sedang menyiapkan pesanan Anda.');
    expect(notices.filter((n) => n.type === 'points_earned').map((n) => n.title)).toEqual([
      expect.stringMatching(/^\d+ poin sedang dalam perjalanan$/),
      expect.stringMatching(/^Anda mendapat \d+ poin$/),
    ]);
    // the push of the ready notice is made of the notice's words
    const ready = notices.find((n) => n.title === `Pesanan ${name} siap diambil`)!;
    expect(payloadOf({ kind: 'order_status', notification_id: ready.id, title: ready.title, body: ready.body, link: ready.link })).toMatchObject({
      title: `Pesanan ${name} siap diambil`,
      body: expect.stringMatching(/^Ambil di /),
    });
    const [text] = textsTo(c.phone);
    expect(text).toMatch(new RegExp(`^Kopi Senja: terima kasih! Pesanan ${name}, .+\\. Anda mendapat \\d+ poin\\. Struk Anda: http`));
  });

  it("a customer who never chose hears the shop's default language", async () => {
    await offer(['en', 'fil'], 'fil');
    const c = await customerIn(null);
    const name = await orderedAndCompleted(p, c);
    const titles = (await noticesOf(p, c.id)).filter((n) => n.type === 'order').map((n) => n.title);
    expect(titles).toEqual([
      `Confirmed na ang order ${name}`,
      `Inihahanda na ang order ${name}`,
      `Ready na for pickup ang order ${name}`,
      `Tapos na ang order ${name}`,
    ]);
    expect(textsTo(c.phone)[0]).toMatch(/^Kopi Senja: salamat! /);
  });

  it('a language the shop stopped offering falls back to the default', async () => {
    const c = await customerIn('id');
    await offer(['en', 'fil'], 'en');
    const name = await orderedAndCompleted(p, c);
    expect((await noticesOf(p, c.id)).filter((n) => n.type === 'order').map((n) => n.title)).toEqual([
      `Order ${name} confirmed`,
      `Order ${name} is being prepared`,
      `Order ${name} is ready for pickup`,
      `Order ${name} completed`,
    ]);
    expect(textsTo(c.phone)[0]).toMatch(/^Kopi Senja: thank you! /);
  });

  it("a top-up's notice, paid or declined, in the customer's language", async () => {
    const c = await customerIn('id');
    for (const type of ['payment.succeeded', 'payment.failed'] as const) {
      const res = await callApi(p, walletApi.topup, { token: c.token, body: { amount: 50_000, idempotency_key: key() } }).expect(201);
      const raw = webhookEvent(res.body.data.topup_id as string, 50_000, type, unix(p));
      await postWebhook(p, raw, signature(raw, unix(p))).expect(200);
    }
    const topups = (await noticesOf(p, c.id)).filter((n) => n.type === 'topup');
    expect(topups.map((n) => n.title)).toEqual(['Isi saldo berhasil', 'Isi saldo gagal']);
    expect(topups[0]!.body).toMatch(/^₱500\.00 sudah masuk ke dompet Anda\. Saldo Anda sekarang ₱[\d,]+\.00\.$/);
  });

  it("the sign-in code's text message speaks the page's language, the default when the shop does not offer it", async () => {
    const request = (language: string | undefined, phone = newPhone()) =>
      callApi(p, authApi.otpRequest, { body: { phone, purpose: 'login', ...(language ? { language } : {}) }, ip: newIp() });
    const fil = newPhone();
    await request('fil', fil).expect(200);
    expect(textsTo(fil)).toEqual([expect.stringMatching(/^Ang iyong Kopi Senja code ay \d{6}\. Mag-e-expire ito sa loob ng 5 minuto\.$/)]);

    await offer(['en', 'fil'], 'en');
    const id = newPhone();
    await request('id', id).expect(200);
    expect(textsTo(id)).toEqual([expect.stringMatching(/^Your Kopi Senja code is \d{6}\. It expires in 5 minutes\.$/)]);
  });

  it('refuses an unknown language plainly, and sends nothing', async () => {
    const phone = newPhone();
    const res = await callApi(p, authApi.otpRequest, { body: { phone, purpose: 'login', language: 'de' }, ip: newIp() });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ language: LANGUAGE_ERROR });
    expect(textsTo(phone)).toEqual([]);
  });
});
