import { sql, type Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * Offers, continued (issue 50): the item kinds. `free_product` takes one of `product_id` off (`value`
 * percent of its price) when the basket has it; `buy_x_get_y` takes `value` percent off the `get` items
 * of a basket that has the `buy` items (each `{qty, product_ids, category_ids}`), up to
 * `max_applications` times an order. The product and categories are kept as ids without a foreign key,
 * as a stamp card keeps its own: a product removed from the menu is no longer in any basket, so the
 * offer simply finds nothing to discount, and the menu's removal never fails on an offer.
 * Windows: the weekdays (`days`, empty: every day) and the hours of them (`hours` {start, end}, null: all
 * day) an offer runs, and an RFC 5545 rule of its days (`rrule`, from its start), all in the shop's time
 * zone, checked as it is given (offers/offer-window.ts).
 * Audiences: `first_order` (the new customers' rule, kept as the owner chose it), `tier` (customers at
 * `tier_position` or above) and `customer_list`: `offer_customers`, one row per customer listed, removed
 * with the offer's list or the customer.
 */
/** The name PostgreSQL gave 0043's check of `value` (a check on two columns is named by its table only). */
async function valueCheck(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ conname: string }>`
    select conname from pg_constraint
    where conrelid = 'offers'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%value > 0%'`.execute(db);
  return rows[0]!.conname;
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table offers drop constraint offers_kind_check;
    alter table offers drop constraint "${await valueCheck(db)}";
    alter table offers add constraint offers_kind_check check (kind in ('percent_off', 'amount_off', 'free_product', 'buy_x_get_y'));
    alter table offers add constraint offers_value_check check (value > 0 and (kind = 'amount_off' or value <= 100));
    alter table offers add column product_id integer;
    alter table offers add column buy jsonb;
    alter table offers add column get jsonb;
    alter table offers add column max_applications integer check (max_applications is null or max_applications > 0);
    alter table offers add column days jsonb not null default '[]' check (jsonb_typeof(days) = 'array');
    alter table offers add column hours jsonb check (hours is null or jsonb_typeof(hours) = 'object');
    alter table offers add column rrule text check (rrule is null or length(rrule) <= 200);
    alter table offers drop constraint offers_audience_check;
    alter table offers add constraint offers_audience_check check (audience in ('everyone', 'new_customers', 'first_order', 'tier', 'customer_list'));
    alter table offers add column tier_position smallint check (tier_position between 0 and 4);
    alter table offers add constraint offers_tier_audience check ((audience = 'tier') = (tier_position is not null));
    create table offer_customers (
      offer_id integer not null references offers (id),
      customer_id integer not null references customers (id) on delete cascade,
      primary key (offer_id, customer_id)
    );
    create index offer_customers_customer_idx on offer_customers (customer_id);
    alter table offers add constraint offers_items_kind check (
      (kind = 'free_product') = (product_id is not null)
      and (kind = 'buy_x_get_y') = (buy is not null and get is not null and max_applications is not null)
    )
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    delete from offer_uses where offer_id in (select id from offers where kind in ('free_product', 'buy_x_get_y'));
    update orders set offer_id = null where offer_id in (select id from offers where kind in ('free_product', 'buy_x_get_y'));
    delete from offers where kind in ('free_product', 'buy_x_get_y');
    alter table offers drop constraint offers_items_kind;
    drop table offer_customers;
    update offers set audience = 'new_customers' where audience = 'first_order';
    update offers set status = 'archived' where audience in ('tier', 'customer_list');
    update offers set audience = 'everyone' where audience in ('tier', 'customer_list');
    alter table offers drop constraint offers_tier_audience;
    alter table offers drop column tier_position;
    alter table offers drop constraint offers_audience_check;
    alter table offers add constraint offers_audience_check check (audience in ('everyone', 'new_customers'));
    alter table offers drop column rrule;
    alter table offers drop column hours;
    alter table offers drop column days;
    alter table offers drop column max_applications;
    alter table offers drop column get;
    alter table offers drop column buy;
    alter table offers drop column product_id;
    alter table offers drop constraint "${await valueCheck(db)}";
    alter table offers drop constraint offers_kind_check;
    alter table offers add constraint offers_kind_check check (kind in ('percent_off', 'amount_off'));
    alter table offers add constraint offers_value_check check (value > 0 and (kind <> 'percent_off' or value <= 100))
  `);
}
