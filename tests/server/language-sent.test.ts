import { beforeEach, expect, it } from 'vitest';
import { customersApi } from '#contract/customers.calls';
import type { Language } from '#contract/languages';
import { ordersApi } from '#contract/orders.calls';
import { receiptsApi } from '#contract/receipts.calls';
import { referralsApi } from '#contract/referrals.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { sendDueReceipts } from '../../server/provider/receipts/receipts.send';
import { signUpOnDevice } from './auth.helpers';
import { recordingMailer } from './mailer.helpers';
import { newStaff, type TestStaff } from './merchant.helpers';
import { completeOrder, key, products } from './orders.helpers';
import { describeEachDb, useTestProvider, type TestProvider } from './support/provider';
import { callApi } from '../support/calls';

/**
 * What the shop sends beyond an order's notices, in the customer's language (docs/app.md, "What the shop sends"): the
 * receipt e-mail, a redeemed reward's voucher notice and a referral's notices follow the customer's choice while the
 * shop offers it, else the shop's default.
 */

/** A customer signed up through the app (with a friend's code), on a device of their own, with money in the wallet. */
const signUp = (p: TestProvider, name: string, code?: string) => signUpOnDevice(p, name, { referralCode: code, wallet: 1_000_000 });

/** A paid pickup order of six lattes from the wallet; answers its name. */
async function paidOrder(p: TestProvider, c: { token: string }): Promise<string> {
  const { latte } = await products(p);
  const res = await callApi(p, ordersApi.create, {
    token: c.token,
    body: { items: [{ product_id: latte.id, qty: 6 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.order.name as string;
}

describeEachDb('what the shop sends beyond order notices, in the customer language', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  beforeEach(async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    await offer(['en', 'fil', 'id'], 'en');
  });
  const offer = (languages: Language[], language_default: Language) =>
    callApi(p, shopSettingsApi.update, { token: owner.token, body: { languages, language_default } }).expect(200);
  const choose = (c: { token: string }, language: Language) => callApi(p, customersApi.language, { token: c.token, body: { language } }).expect(200);
  const noticesOf = (customerId: number) =>
    p.db.selectFrom('notifications').select(['type', 'title', 'body']).where('customer_id', '=', customerId).orderBy('id').execute();

  /** The receipt e-mail of a completed order, sent to a verified address. */
  async function receiptMail(c: { id: number; token: string }) {
    const email = `mail-${key()}@example.com`.toLowerCase();
    await p.db.updateTable('customers').set({ email, email_verified_at: p.clock.now() }).where('id', '=', c.id).execute();
    await callApi(p, receiptsApi.choose, { token: c.token, body: { receipts: 'email' } }).expect(200);
    const name = await paidOrder(p, c);
    await completeOrder(p, name);
    const before = p.ctx.mailer;
    const mailer = recordingMailer();
    p.ctx.mailer = mailer;
    try {
      await sendDueReceipts(p.ctx);
    } finally {
      p.ctx.mailer = before;
    }
    const mails = mailer.mails.filter((m) => m.to === email);
    expect(mails).toHaveLength(1);
    return { name, mail: mails[0]! };
  }

  it('the receipt e-mail speaks the language the customer chose: subject, HTML and plain text', async () => {
    const c = await signUp(p, 'Sari Wulandari');
    await choose(c, 'id');
    const { name, mail } = await receiptMail(c);
    expect(mail.subject).toBe(`Struk Anda dari Kopi Senja: pesanan ${name}`);
    expect(mail.html).toMatch(/<html [^>]*lang="id"/);
    for (const part of [mail.html!, mail.text]) {
      expect(part).toContain('Terima kasih, Sari! Ini struk Anda.');
      expect(part).toMatch(/Dibayar dengan: Dompet/);
      expect(part).toMatch(/Anda mendapat \d+ poin\./);
      expect(part).not.toContain('Here is your receipt');
    }
    expect(mail.text).toContain('Lihat struk Anda: http');
  });

  it("the receipt e-mail of a customer whose language the shop no longer offers speaks the shop's default", async () => {
    const c = await signUp(p, 'Sari Wulandari');
    await choose(c, 'id');
    await offer(['en', 'fil'], 'fil');
    const { name, mail } = await receiptMail(c);
    expect(mail.subject).toBe(`Ang resibo mo mula sa Kopi Senja: order ${name}`);
    expect(mail.html).toMatch(/<html [^>]*lang="fil"/);
    expect(mail.text).toContain('Salamat, Sari! Heto ang resibo mo.');
    expect(mail.text).not.toContain('Terima kasih');
  });

  it("a redeemed reward's voucher notice: in Filipino when chosen, in the default once Filipino is no longer offered", async () => {
    const c = await p.newCustomer({ points: 500 });
    await choose(c, 'fil');
    await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: 'php-50-off', idempotency_key: key() } }).expect(201);
    await offer(['en', 'id'], 'id');
    await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: 'php-50-off', idempotency_key: key() } }).expect(201);
    const rewards = (await noticesOf(c.id)).filter((n) => n.type === 'reward');
    expect(rewards.map((n) => n.title)).toEqual(['Na-redeem ang reward', 'Hadiah berhasil ditukar']);
    expect(rewards[0]!.body).toMatch(/^Ready na ang voucher mo para sa .+\. Buksan ito para ipakita ang QR code sa counter/);
    expect(rewards[1]!.body).toMatch(/^Voucher .+ Anda sudah siap\./);
  });

  it("the welcome at registration speaks the shop's default language: nothing is chosen yet", async () => {
    await offer(['en', 'fil'], 'fil');
    const c = await signUp(p, 'Sari Wulandari');
    const [welcome] = (await noticesOf(c.id)).filter((n) => n.type === 'account');
    expect(welcome).toMatchObject({ title: 'Welcome sa Kopi Senja, Sari Wulandari!', body: expect.stringMatching(/^Ready na ang account mo\./) });
  });

  it("a referral's notices: each side in their own language, the shop's default for one it no longer offers", async () => {
    const ana = await signUp(p, 'Ana Reyes');
    await choose(ana, 'id');
    const { code } = (await callApi(p, referralsApi.status, { token: ana.token }).expect(200)).body.data as { code: string };
    const ben = await signUp(p, 'Ben Cruz', code);
    await choose(ben, 'fil');
    await completeOrder(p, await paidOrder(p, ben));
    const [toAna] = (await noticesOf(ana.id)).filter((n) => n.type === 'points_earned');
    expect(toAna).toMatchObject({ title: 'Ben bergabung lewat tautan Anda: 100 poin', body: expect.stringMatching(/^Pesanan pertama Ben sudah selesai\./) });
    const [toBen] = (await noticesOf(ben.id)).filter((n) => n.title.startsWith('Salamat sa pagsali'));
    expect(toBen).toMatchObject({ title: 'Salamat sa pagsali, Ben: 100 points', body: expect.stringMatching(/^Inimbitahan ka ni Ana,/) });

    // Bahasa Indonesia no longer offered: Ana's next referral speaks the default (English)
    await offer(['en', 'fil'], 'en');
    const cy = await signUp(p, 'Cy Santos', code);
    await completeOrder(p, await paidOrder(p, cy));
    const latest = (await noticesOf(ana.id)).filter((n) => n.type === 'points_earned').at(-1)!;
    expect(latest.title).toBe('Cy joined with your link: 100 points');
  });
});
