import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * Receipts for wallet top-ups and gift-card purchases, and the tax an order collected (issue 51).
 *
 * `receipt_sends` names the thing it is the receipt of: an order (`order_id`, as before), a paid top-up
 * (`payment_id`) or a gift card a customer bought (`gift_card_id`), exactly one of them; unique by thing
 * and channel, so a completion or payment settled twice, or two racing, queue one receipt per channel.
 *
 * `orders.tax`: the sum of the order's tax lines (`taxes`, migration 0057) in minor units, 0 when none;
 * written by the order's insert and backfilled here. The dashboard sums it over paid orders, so the index
 * it reads them by (`orders_paid_idx`, migration 0008) carries it too and the read stays index-only.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table receipt_sends alter column order_id drop not null;
    alter table receipt_sends add column payment_id uuid references payments (id);
    alter table receipt_sends add column gift_card_id integer references gift_cards (id);
    alter table receipt_sends add constraint receipt_sends_one_thing check (num_nonnulls(order_id, payment_id, gift_card_id) = 1);
    alter table receipt_sends add constraint receipt_sends_payment_channel_key unique (payment_id, channel);
    alter table receipt_sends add constraint receipt_sends_gift_card_channel_key unique (gift_card_id, channel);

    alter table orders add column tax bigint not null default 0 check (tax >= 0);
    update orders set tax = t.amount
      from (select o.id, coalesce(sum((l->>'amount')::bigint), 0) as amount
            from orders o cross join lateral jsonb_array_elements(o.taxes->'lines') l
            where o.taxes is not null group by o.id) t
      where orders.id = t.id and t.amount <> 0;
    drop index orders_paid_idx;
    create index orders_paid_idx on orders (paid_at) include (customer_id, total, tax) where status <> 'cancelled' and paid_at is not null
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    drop index if exists orders_paid_idx;
    create index orders_paid_idx on orders (paid_at) include (customer_id, total) where status <> 'cancelled' and paid_at is not null;
    alter table orders drop column if exists tax;

    delete from receipt_sends where order_id is null;
    alter table receipt_sends drop constraint if exists receipt_sends_one_thing;
    alter table receipt_sends drop column if exists gift_card_id;
    alter table receipt_sends drop column if exists payment_id;
    alter table receipt_sends alter column order_id set not null
  `);
}
