import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * Gift cards and a customer's erasure (issue 49, with issue 45's deletion). A card named exactly one way
 * to reach its recipient (a phone number or an e-mail address); once its buyer's account is erased (or
 * the recipient's, who claimed it), that contact is removed with them, and `contact_erased_at` says when:
 * a card then has at most one contact, and none only after an erasure. (0045's check was left unnamed:
 * it is found by what it says, its name differing between PostgreSQL and PGlite; the script's statements
 * end at a semicolon at the end of a line, so the DO block stays on one.) The money records (the card's
 * amount, status and times, the ledger entries) stay, so the gift-card liability still adds up.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table gift_cards add column contact_erased_at timestamptz;
    do $$ declare c record; begin for c in select conname from pg_constraint where conrelid = 'gift_cards'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%to_phone IS NULL) <> (to_email IS NULL)%' loop execute format('alter table gift_cards drop constraint %I', c.conname); end loop; end $$;
    alter table gift_cards add constraint gift_cards_one_contact check (
      (to_phone is null or to_email is null) and (to_phone is not null or to_email is not null or contact_erased_at is not null)
    )
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    update gift_cards set to_email = 'erased@invalid' where to_phone is null and to_email is null;
    alter table gift_cards drop constraint if exists gift_cards_one_contact;
    alter table gift_cards add constraint gift_cards_check check ((to_phone is null) <> (to_email is null));
    alter table gift_cards drop column if exists contact_erased_at
  `);
}
