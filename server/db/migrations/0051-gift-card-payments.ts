import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * eGift cards paid through the payment gateway (issue 49).
 *
 * A card bought with an online payment is written at once, `awaiting_payment`, with the payment that pays
 * for it (`payments.gift_card_id`, a payment of kind `gift_card`). Only the gateway's signed webhook moves
 * it on: paid, it becomes `active` (then it is delivered at its time, like a card bought from the wallet);
 * declined or never paid, `void`, and it is never sent. The due-for-delivery index already takes `active`
 * cards only.
 *
 * `sending_until`: a card being sent is leased, not marked delivered, until its text or e-mail is out;
 * a sender that dies in between leaves the lease to run out, and the next run sends it (at least once,
 * where marking it delivered first could lose it).
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table gift_cards drop constraint if exists gift_cards_status_check;
    alter table gift_cards add constraint gift_cards_status_check check (status in ('awaiting_payment', 'active', 'claimed', 'refunded', 'void'));
    alter table gift_cards drop constraint if exists gift_cards_paid_with_check;
    alter table gift_cards add constraint gift_cards_paid_with_check check (paid_with in ('wallet', 'gateway'));
    alter table gift_cards add constraint gift_cards_gateway_paid_no_gift check (paid_with = 'wallet' or paid_gift = 0);
    alter table gift_cards add column sending_until timestamptz;

    alter table payments drop constraint if exists payments_kind_check;
    alter table payments add constraint payments_kind_check check (kind in ('topup', 'order', 'gift_card'));
    alter table payments add column gift_card_id integer references gift_cards (id);
    alter table payments add constraint payments_gift_card_kind check ((kind = 'gift_card') = (gift_card_id is not null));
    create unique index payments_gift_card_idx on payments (gift_card_id) where gift_card_id is not null
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    drop index if exists payments_gift_card_idx;
    alter table payments drop constraint if exists payments_gift_card_kind;
    alter table payments drop column if exists gift_card_id;
    delete from payments where kind = 'gift_card';
    alter table payments drop constraint if exists payments_kind_check;
    alter table payments add constraint payments_kind_check check (kind in ('topup', 'order'));
    alter table gift_cards drop constraint if exists gift_cards_gateway_paid_no_gift;
    alter table gift_cards drop column if exists sending_until;
    delete from gift_cards where paid_with = 'gateway';
    alter table gift_cards drop constraint if exists gift_cards_paid_with_check;
    alter table gift_cards add constraint gift_cards_paid_with_check check (paid_with in ('wallet'));
    alter table gift_cards drop constraint if exists gift_cards_status_check;
    alter table gift_cards add constraint gift_cards_status_check check (status in ('active', 'claimed', 'refunded'))
  `);
}
