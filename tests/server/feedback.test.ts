/**
 * Feedback on orders (issue 51), the provider's side: a customer rates a completed order of their own
 * once (another's is not there; an order not completed yet cannot be rated; a second rating is refused,
 * and of twenty at once on PostgreSQL exactly one is written); a low rating e-mails the owners at once
 * and counts as unanswered on the console until staff reply, which notifies the customer and is
 * audited; a high rating is offered the owner's review link; who may call what.
 */
import { expect, it } from 'vitest';
import { feedbackApi, feedbackConsoleApi } from '#contract/feedback.calls';
import { ordersApi } from '#contract/orders.calls';
import { webhooksApi } from '#contract/webhooks.calls';
import { to } from '#contract/routes';
import { recordingMailer } from './mailer.helpers';
import { newStaff, ownerAndStaff } from './merchant.helpers';
import { completeOrder, key, products } from './orders.helpers';
import { describeEachDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { callApi } from '../support/calls';

/** A pickup order of one latte paid from the wallet; completed unless `open`. Answers its name. */
async function anOrder(p: TestProvider, token: string, { open = false } = {}): Promise<string> {
  const { latte } = await products(p);
  const res = await callApi(p, ordersApi.create, {
    token,
    body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
  }).expect(201);
  const name = res.body.data.order.name as string;
  if (!open) await completeOrder(p, name);
  return name;
}

const give = (p: TestProvider, token: string, body: Record<string, unknown>) => callApi(p, feedbackApi.give, { token, body });

describeEachDb('feedback on an order', (kind) => {
  const p = useTestProvider(kind);
  const team = ownerAndStaff(p);

  it("is given once, on the customer's own completed order; anyone else's is not there", async () => {
    const ana = await p.newCustomer({ wallet: 100_000 });
    const name = await anOrder(p, ana.token);
    expect((await callApi(p, feedbackApi.get, { token: ana.token, query: { name } }).expect(200)).body.data).toEqual({ feedback: null, review_url: null });
    const res = await give(p, ana.token, { name, rating: 4, reasons: ['taste', 'speed'], comment: 'Lovely latte' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.feedback).toMatchObject({ rating: 4, reasons: ['taste', 'speed'], comment: 'Lovely latte', reply: null });
    const again = await give(p, ana.token, { name, rating: 1 });
    expect([again.status, again.body.error.code]).toEqual([409, 'CONFLICT']);
    expect((await callApi(p, feedbackApi.get, { token: ana.token, query: { name } }).expect(200)).body.data.feedback.rating).toBe(4);
    // another customer: the order is not there for them, to read or to rate
    const ben = await p.newCustomer();
    expect((await callApi(p, feedbackApi.get, { token: ben.token, query: { name } })).status).toBe(404);
    expect((await give(p, ben.token, { name, rating: 1 })).status).toBe(404);
    // an order not completed yet cannot be rated; an order nobody has is not there
    const open = await anOrder(p, ana.token, { open: true });
    const early = await give(p, ana.token, { name: open, rating: 5 });
    expect([early.status, early.body.error.code]).toEqual([409, 'CONFLICT']);
    expect((await give(p, ana.token, { name: 'KS-NOSUCH1', rating: 5 })).status).toBe(404);
    expect(await p.db.selectFrom('feedback').select('rating').where('customer_id', '=', ben.id).execute()).toEqual([]);
  });

  it('refuses bad input naming each field, writing nothing', async () => {
    const ana = await p.newCustomer({ wallet: 100_000 });
    const name = await anOrder(p, ana.token);
    for (const [body, field] of [
      [{ name, rating: 0 }, 'rating'],
      [{ name, rating: 6 }, 'rating'],
      [{ name, rating: 2.5 }, 'rating'],
      [{ name, rating: '5' }, 'rating'],
      [{ name, rating: 3, reasons: ['tasty'] }, 'reasons.0'],
      [{ name, rating: 3, reasons: ['taste', 'taste'] }, 'reasons'],
      [{ name, rating: 3, comment: 'x'.repeat(1001) }, 'comment'],
      [{ name: 'not an order', rating: 3 }, 'name'],
    ] as const) {
      const res = await give(p, ana.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.error.fields), JSON.stringify(body)).toContain(field);
    }
    expect(await p.db.selectFrom('feedback').select('id').where('customer_id', '=', ana.id).execute()).toEqual([]);
  });

  it('a low rating e-mails the owners at once and waits, unanswered, until staff reply: the customer is notified, audited', async () => {
    const mailer = recordingMailer();
    const before = p.ctx.mailer;
    p.ctx.mailer = mailer;
    try {
      const ana = await p.newCustomer({ wallet: 100_000, name: 'Ana Reyes' });
      const name = await anOrder(p, ana.token);
      const owner = await newStaff(p.db, p.clock, { role: 'owner', email: `owner-${key()}@kopisenja.example` });
      const res = await give(p, ana.token, { name, rating: 2, reasons: ['temperature'], comment: 'It was cold' });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Thank you for telling us. The shop will look into it.');
      const mail = mailer.mails.find((m) => m.to === owner.email)!;
      expect(mail.subject).toBe(`Kopi Senja: a 2-star rating for order ${name}`);
      expect(mail.text).toContain('What they picked: Temperature.');
      expect(mail.text).toContain('"It was cold"');
      // a high rating e-mails nobody
      const sent = mailer.mails.length;
      await give(p, ana.token, { name: await anOrder(p, ana.token), rating: 5 });
      expect(mailer.mails).toHaveLength(sent);

      const list = async (low?: 'true') =>
        (await callApi(p, feedbackConsoleApi.list, { token: team.staff.token, query: low ? { low } : {} }).expect(200)).body.data;
      const low = await list('true');
      const mine = low.items.find((f: { order_name: string }) => f.order_name === name);
      expect(mine).toMatchObject({ rating: 2, customer_name: 'Ana Reyes', comment: 'It was cold', reply: null, order_total: expect.any(Number) });
      expect(low.items.every((f: { rating: number }) => f.rating <= 2)).toBe(true);
      const unanswered = low.low_unanswered as number;
      expect(unanswered).toBeGreaterThanOrEqual(1);
      expect((await list()).average).toEqual(expect.any(Number));

      const reply = await callApi(p, feedbackConsoleApi.reply, { token: team.staff.token, body: { id: mine.id, reply: 'Sorry! Your next latte is on us.' } });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body.data.feedback).toMatchObject({ reply: 'Sorry! Your next latte is on us.', replied_by: 'Test Staff' });
      expect((await list('true')).low_unanswered).toBe(unanswered - 1);
      const note = await p.db
        .selectFrom('notifications')
        .select(['title', 'body', 'link'])
        .where('customer_id', '=', ana.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(note).toEqual({ title: 'Kopi Senja answered your feedback', body: 'Sorry! Your next latte is on us.', link: to.order(name) });
      expect((await callApi(p, feedbackApi.get, { token: ana.token, query: { name } }).expect(200)).body.data.feedback.reply).toBe(
        'Sorry! Your next latte is on us.',
      );
      const audit = await p.db
        .selectFrom('audit_log')
        .select(['staff_id', 'after'])
        .where('action', '=', 'feedback.reply')
        .where('target', '=', `order:${name}`)
        .execute();
      expect(audit).toEqual([{ staff_id: team.staff.id, after: { reply: 'Sorry! Your next latte is on us.', rating: 2 } }]);
      expect((await callApi(p, feedbackConsoleApi.reply, { token: team.staff.token, body: { id: 999_999, reply: 'x' } })).status).toBe(404);
    } finally {
      p.ctx.mailer = before;
    }
  });

  it("a high rating is offered the owner's review link; only owners set it, an https address or none", async () => {
    const settings = (token: string, review_url: string) => callApi(p, feedbackConsoleApi.settings, { token, body: { review_url } });
    expect((await settings(team.staff.token, 'https://g.page/r/kopisenja/review')).status).toBe(403);
    expect((await settings(team.owner.token, 'http://not-secure.example')).status).toBe(400);
    await settings(team.owner.token, 'https://g.page/r/kopisenja/review').expect(200);
    const ana = await p.newCustomer({ wallet: 100_000 });
    const high = await give(p, ana.token, { name: await anOrder(p, ana.token), rating: 5 });
    expect(high.body.data.review_url).toBe('https://g.page/r/kopisenja/review');
    const middling = await give(p, ana.token, { name: await anOrder(p, ana.token), rating: 3 });
    expect(middling.body.data.review_url).toBeNull();
    await settings(team.owner.token, '').expect(200);
    const after = await give(p, ana.token, { name: await anOrder(p, ana.token), rating: 5 });
    expect(after.body.data.review_url).toBeNull();
  });

  it('sends feedback.received to an endpoint that wants it, with the rating, once it is written', async () => {
    await callApi(p, webhooksApi.create, {
      token: team.owner.token,
      body: { url: 'https://hooks.example.com/feedback', events: ['feedback.received'] },
    }).expect(201);
    const ana = await p.newCustomer({ wallet: 100_000 });
    const name = await anOrder(p, ana.token);
    await give(p, ana.token, { name, rating: 3, reasons: ['value'], comment: 'A bit dear' }).expect(201);
    await give(p, ana.token, { name, rating: 1 }).expect(409);
    const rows = await p.db.selectFrom('webhook_deliveries').select('payload').where('event_type', '=', 'feedback.received').execute();
    expect(rows.map((r) => JSON.parse(r.payload).data)).toEqual([
      { customer_id: ana.id, order_name: name, rating: 3, reasons: ['value'], comment: 'A bit dear', created_at: p.clock.now().toISOString() },
    ]);
  });

  it('who may call what: customers rate, staff read and answer, no one else', async () => {
    const ana = await p.newCustomer();
    expect((await callApi(p, feedbackConsoleApi.list, { token: ana.token })).status).toBe(401);
    expect((await callApi(p, feedbackConsoleApi.list, {})).status).toBe(401);
    expect((await callApi(p, feedbackApi.give, { token: team.staff.token, body: { name: 'KS-ABCD1234', rating: 5 } })).status).toBe(401);
    expect((await callApi(p, feedbackApi.give, { body: { name: 'KS-ABCD1234', rating: 5 } })).status).toBe(401);
  });
});

describePostgres('feedback under concurrency', () => {
  const p = useTestProvider('postgres');

  it('twenty ratings of one order at once: exactly one is written', async () => {
    const ana = await p.newCustomer({ wallet: 100_000 });
    const name = await anOrder(p, ana.token);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => give(p, ana.token, { name, rating: (i % 5) + 1 })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await p.db.selectFrom('feedback').select('id').execute()).toHaveLength(1);
  });
});
