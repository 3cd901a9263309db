/**
 * The owner's CSV exports opened in a spreadsheet: a customer chooses their own name, and a name such as
 * `Ana;=1+2;` must never become a formula cell, whichever separator the spreadsheet reads the file with
 * (`;` in most of continental Europe, a tab, a comma), and even in a reader that ignores quotes. Real
 * HTTP through the gateway: the customer signs up and orders, the owner downloads with the console's
 * cookie; PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../server/lib/clock';
import { postWalletEntry } from '../../server/provider/wallet/wallet.ledger';
import { newStaff } from '../server/merchant.helpers';
import { parseCsv } from '../server/support/csv';
import { describeDb, stackCall, useStack, type DbKind } from './support';
import { dashboardApi } from '#contract/dashboard.calls';
import { ordersApi } from '#contract/orders.calls';
import { gatewayCall } from '../support/calls';

const NAMES = ['Ana;=1+2;', 'Ben\t=HYPERLINK("http://evil.example")', 'Cy,@SUM(A1:A9),', 'Di;+1;-2', 'Ed\n=1+1'];
const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** Cells a spreadsheet would run as a formula (numbers, negative ones included, are numbers). */
function formulaCells(cells: string[]): string[] {
  return cells.filter((c) => FORMULA.test(c) && !NUMBER.test(c));
}

describeDb('security: CSV exports never hold a formula cell', (kind: DbKind) => {
  const s = useStack({ kind });
  let ownerCookie: string;
  beforeAll(async () => {
    ownerCookie = `staff=${(await newStaff(s.db, systemClock, { role: 'owner' })).token}`;
    const latte = (await s.db.selectFrom('products').select('id').where('name', '=', 'Spanish latte').executeTakeFirstOrThrow()).id;
    for (const name of NAMES) {
      const { cookie, customerId } = await s.signUp({ name });
      await s.db.transaction().execute((trx) => postWalletEntry(trx, systemClock, customerId, { type: 'adjust', amount: 100_000, reason: 'Test grant' }));
      const res = await gatewayCall(s, ordersApi.create, {
        cookie,
        body: { items: [{ product_id: latte, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: randomUUID() },
      });
      expect(res.status).toBe(201);
    }
  });

  const period = () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    return { from: day(-1), to: day(1) };
  };

  for (const [file, declaration] of [
    ['orders.csv', dashboardApi.exportOrders],
    ['ledger.csv', dashboardApi.exportLedger],
    ['gift-cards.csv', dashboardApi.exportGiftCards],
  ] as const) {
    it(`${file}: no cell starts a formula with , ; or tab as the separator`, async () => {
      const res = await stackCall(s, declaration, { cookie: ownerCookie, query: period() });
      expect(res.status).toBe(200);
      const text = await res.text();
      for (const separator of [',', ';', '\t']) {
        const cells = parseCsv(text, separator).flat();
        expect(formulaCells(cells), `read with ${JSON.stringify(separator)}`).toEqual([]);
      }
    });

    it(`${file}: not even in a reader that ignores quotes and splits at every separator`, async () => {
      const text = await (await stackCall(s, declaration, { cookie: ownerCookie, query: period() })).text();
      for (const separator of [',', ';', '\t']) {
        const cells = text
          .split(/\r\n|\n|\r/)
          .flatMap((line) => line.split(separator))
          .map((c) => c.replace(/^"/, ''));
        expect(formulaCells(cells), `split at ${JSON.stringify(separator)}`).toEqual([]);
      }
    });
  }

  it('the names themselves survive: read back with the file’s own separator, each is there, marked as text', async () => {
    const text = await (await stackCall(s, dashboardApi.exportOrders, { cookie: ownerCookie, query: period() })).text();
    const rows = parseCsv(text, ',');
    const header = rows[0]!;
    const names = rows.slice(1).map((r) => r[header.indexOf('customer')]);
    for (const name of NAMES) expect(names.map((n) => n?.replace(/(^|[,;\t\n\r])'(?=[=+\-@])/g, '$1'))).toContain(name);
  });
});
