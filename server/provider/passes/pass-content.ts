import { readableTextOn } from '#contract/contrast';
import type { ProviderContext } from '../context';
import { getCustomer } from '../accounts/accounts.repo';
import { readImage } from '../media/media.service';
import { getMerchant } from '../settings/settings.service';
import { themeOf } from '../theme/theme.service';
import { customerTierOf, readProgramme } from '../tiers/tiers.repo';
import { staticMemberCode } from '../rewards/voucher-codes';

/** What a customer's pass shows, the same for Apple and Google. */
export interface PassContent {
  shopName: string;
  /** the brand colour, and the text colour that reads on it */
  background: string;
  foreground: string;
  /** the logo's bytes (an uploaded image), or null: the icon is the brand colour */
  logo: Buffer | null;
  /** the logo's public address, for Google (which fetches it itself), or null */
  logoUrl: string | null;
  name: string;
  points: number;
  /** the tier's name while the tier programme is on */
  tier: string | null;
  /** the first active stamp card programme's card, when there is one */
  stamps: { name: string; stamps: number; needed: number } | null;
  /** the static member code the counter scans (never a rotating code) */
  memberCode: string;
}

/** `/api/media/<sha256>.<ext>` (or `/media/…`): the stored image's file name. */
const MEDIA_FILE = /\/media\/([0-9a-f]{64}\.(?:png|jpg|webp|gif))$/;

export async function passContent(ctx: ProviderContext, customerId: number): Promise<PassContent> {
  const customer = await getCustomer(ctx.db, customerId);
  const theme = themeOf((await getMerchant(ctx.db, ctx.merchantId)).settings as Record<string, unknown>);
  const file = MEDIA_FILE.exec(theme.post_file)?.[1];
  const logo = file ? await readImage(ctx, file) : null;
  const origin = ctx.publicUrl()?.replace(/\/$/, '');
  const programme = await readProgramme(ctx.db);
  const row = programme.enabled ? await customerTierOf(ctx.db, customerId) : undefined;
  const tier = programme.enabled ? (programme.tiers[Math.min(row?.position ?? 0, programme.tiers.length - 1)]?.name ?? null) : null;
  const card = await ctx.db
    .selectFrom('stamp_programs as p')
    .leftJoin('stamp_cards as c', (j) => j.onRef('c.program_id', '=', 'p.id').on('c.customer_id', '=', customerId).on('c.status', '=', 'open'))
    .select(['p.name', 'p.stamps_needed', 'c.stamps'])
    .where('p.status', '=', 'active')
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirst();
  return {
    shopName: theme.setting_company || 'Member card',
    background: theme.brand_color,
    foreground: theme.brand_text_color || readableTextOn(theme.brand_color),
    logo: logo && logo.contentType !== 'image/svg+xml' ? logo.bytes : null,
    logoUrl: file && origin?.startsWith('https://') ? `${origin}/api/media/${file}` : null,
    name: customer.name,
    points: customer.points,
    tier,
    stamps: card ? { name: card.name, stamps: card.stamps ?? 0, needed: card.stamps_needed } : null,
    memberCode: await staticMemberCode(ctx, customerId),
  };
}
