import { beforeEach, expect, it } from 'vitest';
import { GIFT_PURCHASE, GIFT_SETTINGS } from './gift-cards.helpers';
import { recordingMailer } from './mailer.helpers';
import { DAY } from '../../server/lib/clock';
import { deliverDueGiftCards } from '../../server/provider/gift-cards/delivery';
import { newStaffSession, ownerAndStaff } from './merchant.helpers';
import { key } from './orders.helpers';
import { describeEachDb, describePostgres, useTestProvider } from './support/provider';
import { giftCardsApi, giftCardsConsoleApi } from '#contract/gift-cards.calls';
import type { SentGiftCard } from '#contract/gift-cards';
import type { AppNotification } from '#contract/notifications';
import { notificationsApi } from '#contract/notifications.calls';
import { paths } from '#contract/routes';
import { settingsApi } from '#contract/settings.calls';
import { callApi } from '../support/calls';

/**
 * The buyer's notices (issue 49): when a card they sent is delivered and when it is claimed, in the app,
 * written with the change itself: a send that fails leaves no notice (and the card due again), a claim
 * refused leaves none, and a card sent once is noticed once. And the shop's settings say whether gift
 * cards are on (the wallet's "Send a gift card" link).
 */

/** Thursday 3 December 2026, 10:00 in Manila. */
const START = new Date('2026-12-03T02:00:00Z');

describeEachDb('gift card notices', (kind) => {
  const p = useTestProvider(kind);
  const team = ownerAndStaff(p);
  beforeEach(async () => {
    p.clock.set(START.getTime());
    team.owner.token = (await newStaffSession(p.db, p.clock, team.owner.id)).token;
    await callApi(p, giftCardsConsoleApi.update, { token: team.owner.token, body: GIFT_SETTINGS }).expect(200);
  });
  const buy = async (token: string, extra: Record<string, unknown> = {}) => {
    const res = await callApi(p, giftCardsApi.buy, { token, body: { ...GIFT_PURCHASE, idempotency_key: key(), ...extra } });
    expect(res.status, res.text).toBe(201);
    return res.body.data.card as SentGiftCard;
  };
  const notices = async (token: string) =>
    ((await callApi(p, notificationsApi.list, { token }).expect(200)).body.data.items as AppNotification[]).filter((n) => n.type === 'gift_card');

  it('tells the buyer when the card is sent and when it is claimed, once each, linking to their gifts', async () => {
    const ana = await p.newCustomer({ wallet: 200_000 });
    const card = await buy(ana.token);
    expect((await notices(ana.token)).map((n) => [n.title, n.link, n.read])).toEqual([['Your gift card for Ben was sent', paths.giftCards, false]]);
    expect((await notices(ana.token))[0]!.body).toContain('₱500.00 gift card by text message');
    // further runs send nothing and say nothing more
    expect(await deliverDueGiftCards(p.ctx)).toBe(0);
    // Ana's own claim is refused: no notice
    expect((await callApi(p, giftCardsApi.claim, { token: ana.token, body: { number: card.number } })).status).toBe(409);
    expect(await notices(ana.token)).toHaveLength(1);
    const ben = await p.newCustomer();
    await callApi(p, giftCardsApi.claim, { token: ben.token, body: { number: card.number } }).expect(200);
    expect((await notices(ana.token)).map((n) => n.title)).toEqual(['Ben added your gift card', 'Your gift card for Ben was sent']);
    // nothing for the recipient, who was there
    expect(await notices(ben.token)).toEqual([]);
  });

  it("says in the shop's settings whether gift cards are on, so the wallet links to them only then", async () => {
    const on = async () => (await callApi(p, settingsApi.mainSetting).expect(200)).body.data.gift_cards;
    expect(await on()).toBe(true);
    await callApi(p, giftCardsConsoleApi.update, { token: team.owner.token, body: { ...GIFT_SETTINGS, enabled: false } }).expect(200);
    expect(await on()).toBe(false);
    await p.db.deleteFrom('gift_card_settings').execute();
    expect(await on()).toBe(false);
  });

  it('says nothing of a send that failed; the card is due again, and noticed once when it goes', async () => {
    const before = p.ctx.mailer;
    let fail = true;
    const mailer = recordingMailer();
    p.ctx.mailer = {
      ...mailer,
      async sendEmail(to, subject, text) {
        if (fail) throw new Error('the mail server is down');
        await mailer.sendEmail(to, subject, text);
      },
    };
    try {
      const ana = await p.newCustomer({ wallet: 200_000 });
      const tomorrow = `${new Date(p.clock.now().getTime() + DAY).toISOString().slice(0, 10)}T09:00`;
      const card = await buy(ana.token, { to_phone: undefined, to_email: 'ben@example.test', deliver_at: tomorrow });
      expect(card.state).toBe('scheduled');
      expect(await notices(ana.token)).toEqual([]);
      p.clock.set(new Date(card.deliver_at).getTime());
      expect(await deliverDueGiftCards(p.ctx)).toBe(0);
      expect(await notices(ana.token)).toEqual([]);
      const row = await p.db.selectFrom('gift_cards').select('delivered_at').where('id', '=', card.id).executeTakeFirstOrThrow();
      expect(row.delivered_at).toBeNull();
      fail = false;
      expect(await deliverDueGiftCards(p.ctx)).toBe(1);
      expect(mailer.mails).toHaveLength(1);
      expect((await notices(ana.token)).map((n) => [n.title, n.body.includes('by e-mail')])).toEqual([['Your gift card for Ben was sent', true]]);
    } finally {
      p.ctx.mailer = before;
    }
  });
});

describePostgres('gift card notices under concurrency', () => {
  const p = useTestProvider('postgres');
  const team = ownerAndStaff(p);

  it('40 claims of one card at once and three delivery runs: one notice each, one credit', async () => {
    p.clock.set(START.getTime());
    team.owner.token = (await newStaffSession(p.db, p.clock, team.owner.id)).token;
    await callApi(p, giftCardsConsoleApi.update, { token: team.owner.token, body: GIFT_SETTINGS }).expect(200);
    const ana = await p.newCustomer({ wallet: 100_000 });
    const tomorrow = `${new Date(p.clock.now().getTime() + DAY).toISOString().slice(0, 10)}T09:00`;
    const res = await callApi(p, giftCardsApi.buy, { token: ana.token, body: { ...GIFT_PURCHASE, deliver_at: tomorrow, idempotency_key: key() } });
    const card = res.body.data.card as SentGiftCard;
    p.clock.set(new Date(card.deliver_at).getTime());
    const runs = await Promise.all([deliverDueGiftCards(p.ctx), deliverDueGiftCards(p.ctx), deliverDueGiftCards(p.ctx)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const friends = await Promise.all(Array.from({ length: 40 }, () => p.newCustomer()));
    const claims = await Promise.all(friends.map((f) => callApi(p, giftCardsApi.claim, { token: f.token, body: { number: card.number } })));
    expect(claims.filter((c) => c.status === 200)).toHaveLength(1);
    const titles = await p.db.selectFrom('notifications').select('title').where('customer_id', '=', ana.id).where('type', '=', 'gift_card').execute();
    expect(titles.map((t) => t.title).sort()).toEqual(['Ben added your gift card', 'Your gift card for Ben was sent']);
  });
});
