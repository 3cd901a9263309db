/**
 * `npm run seed-volume`: fills a PostgreSQL database (DATABASE_URL) with a busy shop's three months,
 * to see the owner's dashboard and exports at volume (issue 14; `BENCH_ONLY=dashboard npm run bench`
 * times them on it). With the default 100,000 orders: 5,000 customers, about 200,000 order items,
 * about 500,000 wheel spins, 100,000 vouchers, and about 1,000,000 ledger entries (points and wallet).
 *
 *   DATABASE_URL=postgres://… npm run seed-volume [-- --orders 100000] [-- --force]
 *
 * It migrates and seeds the demo shop as the server does, then writes everything in one transaction of
 * set-based statements (INSERT … SELECT over generate_series), never row by row: a failure leaves the
 * database as it was. It refuses a database that already has customers or orders unless --force.
 *
 * The rows are those the provider writes (the same tables, kinds, reasons and constraints): orders paid
 * by wallet follow a top-up of their amount, points earned on orders at 1 per 10 of the currency, spins
 * within the one-free-spin-a-day rule, vouchers redeemed with points and some used at the counter.
 * Each customer starts with points carried over from a stamp card, so every running balance
 * (`balance_after`) stays above zero as it would. Order events, notifications and sessions are left
 * out: no figure reads them.
 */
import { parseArgs } from 'node:util';
import { sql, type RawBuilder } from 'kysely';
import { openDatabase, type Database } from '../server/db/index.ts';
import { seed } from '../server/db/seed/index.ts';

export interface VolumeCounts {
  customers: number;
  orders: number;
  order_items: number;
  wheel_spins: number;
  vouchers: number;
  points_ledger: number;
  wallet_ledger: number;
  payments: number;
}

export class NotEmptyError extends Error {}

/** Seeds `orders` orders (and the rest in proportion) into a migrated, seeded database; returns what it inserted. */
export async function seedVolume(
  db: Database,
  { orders, now = new Date(), force = false }: { orders: number; now?: Date; force?: boolean },
): Promise<VolumeCounts> {
  if (!Number.isSafeInteger(orders) || orders < 100) throw new RangeError('--orders must be a whole number of at least 100');
  const { rows: used } = await sql<{ any: boolean }>`select exists (select 1 from customers) or exists (select 1 from orders) as any`.execute(db);
  if (used[0]!.any && !force) throw new NotEmptyError('This database already has customers or orders. Seed an empty one, or pass --force to add to it.');
  const n = orders;
  const c = Math.max(50, Math.round(n / 20));
  return db.transaction().execute(async (trx) => {
    const tz = (await sql<{ tz: string }>`select coalesce(rules->>'timezone', 'UTC') as tz from merchants limit 1`.execute(trx)).rows[0]?.tz ?? 'UTC';
    // marks this run's rows (order numbers, voucher codes, phone numbers) apart from any before it
    const tag = String(Date.now() % 100).padStart(2, '0');

    const v: Volume = { trx, run: (q) => q.execute(trx), now, tag, n, c, tz };
    await seedCustomers(v);
    await seedOrders(v);
    await seedMoney(v);
    await seedWheel(v);
    await seedRedeemed(v);
    await seedLedgers(v);

    const count = async (q: RawBuilder<{ n: number }>) => Number((await q.execute(trx)).rows[0]!.n);
    return {
      customers: c,
      orders: n,
      order_items: await count(sql<{ n: number }>`select count(*) as n from order_items where order_id in (select id from vo)`),
      wheel_spins: await count(sql<{ n: number }>`select count(*) as n from vs`),
      vouchers: await count(sql<{ n: number }>`select count(*) as n from vv`),
      points_ledger: await count(sql<{ n: number }>`select count(*) as n from vp`),
      wallet_ledger: await count(sql<{ n: number }>`select count(*) as n from vw`),
      payments: await count(sql<{ n: number }>`select count(*) as n from payments where provider_ref like 'sandbox_%' or status = 'failed'`),
    };
  });
}

/** One run's settings and the transaction it writes in: n orders, c customers, the tag on its rows, the shop's time zone. */
interface Volume {
  trx: Database;
  run: (q: RawBuilder<unknown>) => Promise<unknown>;
  now: Date;
  tag: string;
  n: number;
  c: number;
  tz: string;
}

/** The counter's member of staff and the customers, each with the points carried over from the stamp card. */
async function seedCustomers({ run, now, tag, c }: Volume): Promise<void> {
  // who works the counter: a member of staff already removed, so no one signs in with it
  await run(sql`insert into staff (email, name, role, password_hash, created_at, removed_at)
    values (${`counter-${tag}@seed-volume.invalid`}, 'Counter (seeded)', 'staff', '!', ${now}::timestamptz - interval '120 days', ${now})`);

  // customers, signing up evenly over 120 days; each starts with points from the old stamp card
  await run(sql`create temp table vc on commit drop as
    select i as rn, ${now}::timestamptz - (120.0 * (${c} - i) / ${c}) * interval '1 day' - ((i::bigint * 7919) % 3600) * interval '1 second' as created_at
    from generate_series(1, ${c}) i`);
  await run(sql`insert into customers (phone, name, email, created_at)
    select '+6398' || ${tag} || lpad(rn::text, 6, '0'), 'Customer ' || rn, case when rn % 3 = 0 then 'customer' || rn || '.' || ${tag} || '@example.com' end, created_at
    from vc order by rn`);
  await run(sql`alter table vc add column id integer`);
  await run(sql`update vc set id = cu.id from customers cu where cu.phone = '+6398' || ${tag} || lpad(vc.rn::text, 6, '0')`);
  await run(sql`create index on vc (rn)`);
  await run(
    sql`create temp table vp (customer_id integer, type text, points integer, reason text, ref text, remaining integer, expires_at timestamptz, created_at timestamptz, seq bigint) on commit drop`,
  );
  await run(
    sql`create temp table vw (customer_id integer, type text, amount bigint, reason text, ref text, created_at timestamptz, seq bigint) on commit drop`,
  );
  await run(sql`insert into vp select id, 'adjust', 20000, 'Points carried over from the stamp card', null, null, null, created_at, 0 from vc`);
}

/** Orders over the last 90 days, their items and totals. */
async function seedOrders({ trx, run, now, tag, n, c }: Volume): Promise<void> {
  // orders over the last 90 days, each by a customer who had signed up by then
  await run(sql`create temp table vo on commit drop as
    select i, ts, age, (select id from vc where vc.rn = 1 + (i::bigint * 7919) % greatest(1, floor(${c} * (120 - age) / 120)::int)) as customer_id
    from (select i, age, ${now}::timestamptz - age * interval '1 day' - ((i::bigint * 104729) % 3600) * interval '1 second' as ts
          from (select i, 90.0 * (${n} - i) / ${n} as age from generate_series(1, ${n}) i) a) b`);
  await run(sql`insert into orders (name, customer_id, status, fulfilment, payment_method, address, subtotal, discount, delivery_fee, total, points_earned, created_at, paid_at, updated_at, cancel_reason)
    select 'SV' || ${tag} || '-' || lpad(i::text, 7, '0'), customer_id,
      case when i % 40 = 0 then 'cancelled' when age < 1 and i % 97 = 0 then 'pending_payment' when age < 0.05 then (array['paid', 'preparing', 'ready', 'on_delivery'])[i % 4 + 1] else 'completed' end,
      case when i % 3 = 0 then 'delivery' else 'pickup' end,
      case when i % 2 = 0 then 'wallet' else 'gateway' end,
      case when i % 3 = 0 then jsonb_build_object('label', 'Home', 'recipient', 'Customer', 'phone', '+639990000000', 'line1', (i % 200) || ' Mabini Street', 'city', 'Quezon City', 'postal_code', '1100', 'lat', 14.65, 'lng', 121.03) end,
      0, 0, case when i % 3 = 0 then 4900 else 0 end, 0, 0, ts,
      case when age < 1 and i % 97 = 0 and i % 40 <> 0 then null else ts + interval '1 minute' end,
      ts + interval '30 minutes',
      case when i % 40 = 0 then 'Out of stock, sorry' end
    from vo order by i`);
  await run(sql`alter table vo add column id integer`);
  await run(sql`update vo set id = o.id from orders o where o.name = 'SV' || ${tag} || '-' || lpad(vo.i::text, 7, '0')`);
  await run(sql`create temp table vprod on commit drop as select id, name, price, row_number() over (order by id) as rn from products`);
  const products = Number((await sql<{ n: number }>`select count(*)::int as n from vprod`.execute(trx)).rows[0]!.n);
  if (products === 0) throw new Error('The menu is empty: the demo seed should have made it.');
  await run(sql`insert into order_items (order_id, product_id, name, price, qty)
    select vo.id, p.id, p.name, p.price, 1 + (vo.i + k) % 2
    from vo cross join generate_series(1, vo.i % 3 + 1) k join vprod p on p.rn = 1 + (vo.i::bigint * k + k) % ${products}
    order by vo.id, k`);
  await run(sql`update orders o set subtotal = s.subtotal, total = s.subtotal + o.delivery_fee,
      points_earned = case when o.paid_at is null or o.status = 'cancelled' then 0 else (s.subtotal::bigint / 1000)::int end
    from (select order_id, sum(price * qty) as subtotal from order_items where order_id in (select id from vo) group by order_id) s
    where o.id = s.order_id`);
  await run(sql`create temp table vpaid on commit drop as
    select vo.i, o.id, o.name, o.customer_id, o.status, o.payment_method, o.total, o.points_earned, o.paid_at from vo join orders o on o.id = vo.id where o.paid_at is not null`);
}

/** The payments and wallet entries behind the orders, and the points they earned. */
async function seedMoney({ run, now, tag }: Volume): Promise<void> {
  // money: a wallet order follows a top-up of its amount (paid at the gateway); cancelled wallet orders refunded
  await run(sql`insert into payments (id, customer_id, kind, amount, status, order_id, created_at, settled_at, provider_ref)
    select md5('topup' || ${tag} || i)::uuid, customer_id, 'topup', total, 'paid', null, paid_at - interval '3 minutes', paid_at - interval '2 minutes', 'sandbox_' || i
    from vpaid where payment_method = 'wallet' and total > 0
    union all
    select md5('order' || ${tag} || i)::uuid, customer_id, 'order', total, 'paid', id, paid_at - interval '1 minute', paid_at, 'sandbox_' || i
    from vpaid where payment_method = 'gateway' and total > 0
    union all
    select md5('failed' || ${tag} || i)::uuid, customer_id, 'topup', 50000, 'failed', null, paid_at - interval '10 minutes', paid_at - interval '9 minutes', null
    from vpaid where i % 50 = 7`);
  await run(sql`insert into vw
    select customer_id, 'topup', total, 'Top-up', md5('topup' || ${tag} || i)::uuid::text, paid_at - interval '2 minutes', 1 from vpaid where payment_method = 'wallet' and total > 0
    union all
    select customer_id, 'order', -total, 'Order ' || name, name, paid_at, 2 from vpaid where payment_method = 'wallet' and total > 0
    union all
    select customer_id, 'refund', total, 'Refund for order ' || name, name, paid_at + interval '10 minutes', 3 from vpaid where payment_method = 'wallet' and status = 'cancelled' and total > 0`);

  // points earned on orders: lots of a year; what is older than 45 days has been spent or has expired
  await run(sql`insert into vp
    select customer_id, 'earn', points_earned, 'Order ' || name, name,
      case when paid_at > ${now}::timestamptz - interval '45 days' then points_earned else 0 end, paid_at + interval '365 days', paid_at, 1
    from vpaid where status <> 'cancelled' and points_earned > 0`);
}

/** The wheel's spins, free and paid, and the points they cost and won. */
async function seedWheel({ trx, run, now, n, c, tz }: Volume): Promise<void> {
  // the wheel: one free spin a day for each customer over 60 days (from the day after they signed up), and more paid ones
  await run(sql`create temp table vseg on commit drop as
    select id, prize_type, prize_points, reward_id, label, odds_version, row_number() over (order by position, id) as rn
    from wheel_segments where odds_version = (select max(odds_version) from wheel_segments)`);
  const segments = Number((await sql<{ n: number }>`select count(*)::int as n from vseg`.execute(trx)).rows[0]!.n);
  await run(sql`create temp table vs on commit drop as
    select j, vc.id as customer_id, free, t as created_at, (t at time zone ${tz})::date as spin_day, s.id as segment_id, s.odds_version, s.prize_type, s.prize_points, s.reward_id, s.label
    from (
      select j, true as free, 1 + j % ${c} as rn, date_trunc('day', ${now}::timestamptz at time zone ${tz}) at time zone ${tz} - (1 + j / ${c}) * interval '1 day' + interval '8 hours' + (j % 600) * interval '1 minute' as t
      from generate_series(0, ${3 * n} - 1) j
      union all
      select j, false, 1 + (j::bigint * 7919) % ${c}, ${now}::timestamptz - (60.0 * j / ${5 * n}) * interval '1 day' - interval '5 minutes'
      from generate_series(0, ${5 * n} - 1) j
    ) x join vc on vc.rn = x.rn join vseg s on s.rn = 1 + (x.j * 31 + (case when x.free then 0 else 7 end)) % ${segments}
    where x.t > vc.created_at`);
  await run(sql`insert into wheel_spins (customer_id, segment_id, odds_version, free, cost_points, spin_day, prize, created_at)
    select customer_id, segment_id, odds_version, free, case when free then 0 else 20 end, spin_day,
      case prize_type when 'points' then jsonb_build_object('type', 'points', 'label', label, 'points', prize_points)
                      when 'voucher' then jsonb_build_object('type', 'voucher', 'label', label, 'reward_id', reward_id)
                      else jsonb_build_object('type', 'none', 'label', label) end,
      created_at
    from vs order by created_at`);
  await run(sql`insert into vp
    select customer_id, 'burn', -20, 'Spin and Win', 'spin', null::integer, null::timestamptz, created_at, 1 from vs where not free
    union all
    select customer_id, 'earn', prize_points, 'Spin and Win prize', 'spin', case when created_at > ${now}::timestamptz - interval '45 days' then prize_points else 0 end, created_at + interval '365 days', created_at + interval '1 second', 2
    from vs where prize_type = 'points' and prize_points > 0`);
}

/** Rewards redeemed with points, as vouchers, some used at the counter. */
async function seedRedeemed({ trx, run, now, tag, n, c }: Volume): Promise<void> {
  // rewards redeemed with points (one for every order), some used at the counter, the rest used on an order, active or expired
  await run(sql`create temp table vrew on commit drop as select id, title, points_cost, valid_days, row_number() over (order by id) as rn from rewards`);
  const rewards = Number((await sql<{ n: number }>`select count(*)::int as n from vrew`.execute(trx)).rows[0]!.n);
  await run(sql`create temp table vv on commit drop as
    select j, vc.id as customer_id, r.id as reward_id, r.title, r.points_cost, t as created_at, t + r.valid_days * interval '1 day' as expires_at,
      case when t + r.valid_days * interval '1 day' > ${now} and j % 3 <> 0 then 'active' when j % 4 = 0 then 'expired' else 'used' end as status
    from (select j, 1 + (j::bigint * 104729) % ${c} as rn, ${now}::timestamptz - (90.0 * j / ${n}) * interval '1 day' - interval '2 hours' as t from generate_series(0, ${n} - 1) j) x
    join vc on vc.rn = x.rn join vrew r on r.rn = 1 + x.j % ${rewards}
    where x.t > vc.created_at`);
  await run(sql`insert into vouchers (code, customer_id, reward_id, status, source, expires_at, used_at, created_at)
    select 'SV' || upper(${tag}) || '-' || lpad(j::text, 8, '0'), customer_id, reward_id, status, 'redeem', expires_at,
      case when status = 'used' then least(created_at + interval '1 day', ${now}::timestamptz) end, created_at
    from vv order by created_at`);
  await run(sql`insert into counter_redemptions (voucher_id, staff_id, redeemed_at)
    select v.id, (select max(id) from staff), v.used_at from vouchers v join vv on v.code = 'SV' || upper(${tag}) || '-' || lpad(vv.j::text, 8, '0')
    where v.status = 'used' and vv.j % 5 <> 0`);
  await run(sql`insert into vp
    select customer_id, 'burn', -points_cost, 'Redeemed ' || title, 'SV' || upper(${tag}) || '-' || lpad(j::text, 8, '0'), null, null, created_at, 3 from vv`);
}

/** Expired lots and the owner's adjustments, then both ledgers written in time order. */
async function seedLedgers({ run, now, n, c }: Volume): Promise<void> {
  // expired lots and the owner's own adjustments, with a reason
  await run(sql`insert into vp
    select vc.id, 'expire', -(10 + j % 40), 'Points expired', null::text, null::integer, null::timestamptz, t, 4
    from (select j, 1 + (j::bigint * 31) % ${c} as rn, ${now}::timestamptz - (90.0 * j / (${n} / 2)) * interval '1 day' as t from generate_series(0, ${n} / 2 - 1) j) x
    join vc on vc.rn = x.rn where x.t > vc.created_at + interval '1 day'
    union all
    select vc.id, 'owner', case when j % 3 = 0 then -20 else 50 end, case when j % 3 = 0 then 'Correction: points given twice' else 'Sorry for the long wait' end, null, null, null, t, 5
    from (select j, 1 + (j::bigint * 13) % ${c} as rn, ${now}::timestamptz - (90.0 * j / (${n} / 20)) * interval '1 day' as t from generate_series(0, ${n} / 20 - 1) j) x
    join vc on vc.rn = x.rn where x.t > vc.created_at + interval '1 day'`);

  // the ledgers in time order, each entry with the running balance it left
  await run(sql`insert into points_ledger (customer_id, type, points, balance_after, reason, ref, remaining, expires_at, created_at)
    select customer_id, type, points, sum(points) over (partition by customer_id order by created_at, seq rows unbounded preceding), reason, ref, remaining, expires_at, created_at
    from vp order by created_at, seq`);
  await run(sql`insert into wallet_ledger (customer_id, type, amount, balance_after, reason, ref, created_at)
    select customer_id, type, amount, sum(amount) over (partition by customer_id order by created_at, seq rows unbounded preceding), reason, ref, created_at
    from vw order by created_at, seq`);
  await run(sql`update customers cu set points = t.points from (select customer_id, sum(points) as points from vp group by 1) t where cu.id = t.customer_id`);
  await run(
    sql`update customers cu set wallet_balance = t.amount from (select customer_id, sum(amount) as amount from vw group by 1) t where cu.id = t.customer_id`,
  );
}

/** Opens DATABASE_URL (migrated and seeded as the server would), fills it, and brings the planner's statistics up to date. */
export async function seedVolumeAt(databaseUrl: string, options: { orders: number; force?: boolean; now?: Date }): Promise<VolumeCounts> {
  const handle = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    await seed(handle.db);
    const counts = await seedVolume(handle.db, options);
    // as autovacuum would soon leave it: statistics for the planner, the visibility map for index-only scans
    await sql`vacuum analyze`.execute(handle.db);
    return counts;
  } finally {
    await handle.close();
  }
}

async function main() {
  const { values } = parseArgs({ options: { orders: { type: 'string', default: '100000' }, force: { type: 'boolean', default: false } } });
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('Set DATABASE_URL to the PostgreSQL database to fill (PGlite is not meant for this volume).');
    process.exit(2);
  }
  const orders = Number(values.orders);
  const started = performance.now();
  try {
    const counts = await seedVolumeAt(url, { orders, force: values.force });
    const entries = counts.points_ledger + counts.wallet_ledger;
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s:`);
    for (const [k, v] of Object.entries(counts)) console.log(`  ${k.padEnd(14)} ${v.toLocaleString('en')}`);
    console.log(`  ledger entries ${entries.toLocaleString('en')}`);
  } catch (err) {
    console.error(
      err instanceof NotEmptyError || err instanceof RangeError ? err.message : `Nothing was written: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
