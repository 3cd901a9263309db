/**
 * The owner's shop settings: the shop's words (name, contact, the privacy and terms links; kept in
 * `merchants.settings`, beside the theme's) and its rules (`merchants.rules`, over DEFAULT_RULES; the
 * deletion cooling-off period among them). A change is checked field by field and between fields,
 * audited with the changed fields before and after, and forgets the settings cache here at once (other
 * instances and gateways keep the old settings at most their cache time: about 10 s in all).
 * Orders, payments and ledgers keep what they were made with: only what happens next follows a change.
 */
import { normalizePhoneNumber } from '#contract/phone';
import { shopSettingsProblems, type ShopSettingName, type ShopSettingsData, type ShopSettingsFields, type ShopSettingsUpdate } from '#contract/shop-settings';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { AppError, notFound, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { findActiveReward } from '../rewards/rewards.repo';
import { readMerchant } from '../settings/settings.repo';
import { clearMerchantCache, merchantOf } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import { lockMerchant, mergeMerchant, moneyHasMoved } from './shop-settings.repo';

/** The shop's words: kept in the settings JSON the customers' settings answer is made of. */
const WORDS = ['setting_company', 'short_name', 'contact_phone', 'contact_email', 'privacy_url', 'terms_url'] as const satisfies readonly ShopSettingName[];

export const CURRENCY_LOCKED_MESSAGE = 'The currency cannot change once customers have paid or topped up in it.';

/** The form's fields of a merchant's row (a short name never set: the start of the shop's name). */
function fieldsOf(row: { id: string; settings: unknown; rules: unknown }): ShopSettingsFields {
  const { settings, rules } = merchantOf(row);
  return {
    setting_company: settings.setting_company,
    short_name: settings.short_name ?? settings.setting_company.slice(0, 12).trim(),
    contact_phone: settings.contact_phone ?? '',
    contact_email: settings.contact_email ?? '',
    privacy_url: settings.privacy_url ?? '',
    terms_url: settings.terms_url ?? '',
    default_country_code: rules.default_country_code,
    currency: rules.currency,
    locale: rules.locale,
    timezone: rules.timezone,
    points_per_amount: rules.points_per_amount,
    delivery_fee_earns_points: rules.delivery_fee_earns_points,
    points_expiry_days: rules.points_expiry_days,
    points_hold_days: rules.points_hold_days,
    counter_points_per_customer_per_day: rules.counter_points_per_customer_per_day,
    counter_points_per_staff_per_day: rules.counter_points_per_staff_per_day,
    counter_stamps_per_customer_per_day: rules.counter_stamps_per_customer_per_day,
    counter_stamps_per_staff_per_day: rules.counter_stamps_per_staff_per_day,
    birthday_reward: rules.birthday_reward,
    birthday_points: rules.birthday_points,
    birthday_reward_name: rules.birthday_reward_name,
    birthday_window_days: rules.birthday_window_days,
    referral_reward: rules.referral_reward,
    referral_points: rules.referral_points,
    referral_reward_name: rules.referral_reward_name,
    referral_monthly_cap: rules.referral_monthly_cap,
    referral_min_order: rules.referral_min_order,
    deletion_cooling_off_days: rules.deletion_cooling_off_days,
    min_order: rules.min_order,
    delivery_fee: rules.delivery_fee,
    topup_min: rules.topup_min,
    topup_max: rules.topup_max,
    topup_presets: rules.topup_presets,
    tax_rates: rules.tax_rates,
    tax_inclusive: rules.tax_inclusive,
    tax_number: rules.tax_number,
    dine_in: rules.dine_in,
    pay_at_counter: rules.pay_at_counter,
    language_default: rules.language_default,
    languages: rules.languages,
  };
}

async function readFields(db: Database, merchantId: string): Promise<ShopSettingsFields> {
  const row = await readMerchant(db, merchantId);
  if (!row) throw notFound('Merchant');
  return fieldsOf(row);
}

/** The form's values, read from the database (never the cache: the owner sees what is stored). */
export async function shopSettings(ctx: ProviderContext): Promise<ShopSettingsData> {
  const fields = await readFields(ctx.db, ctx.merchantId);
  return { ...fields, currency_locked: await moneyHasMoved(ctx.db) };
}

const pick = (s: ShopSettingsFields, keys: readonly ShopSettingName[]) => Object.fromEntries(keys.map((k) => [k, s[k]]));

/**
 * Changes the fields given. Refused, nothing saved: a field the rules between fields fail (400
 * VALIDATION naming it), a contact phone that is no number of the shop's country, a birthday reward that
 * is no active reward of the catalogue, a new currency once
 * money has moved (409 CURRENCY_LOCKED). A change to nothing (the values it has) is not audited.
 */
export async function updateShopSettings(ctx: ProviderContext, staff: StaffOfRequest, body: ShopSettingsUpdate): Promise<ShopSettingsData> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockMerchant(trx, ctx.merchantId);
    if (!row) throw notFound('Merchant');
    const before = fieldsOf({ id: ctx.merchantId, ...row });
    const next: ShopSettingsFields = { ...before, ...body };
    if (body.contact_phone) {
      const phone = normalizePhoneNumber(body.contact_phone, next.default_country_code);
      if (!phone) throw validation({ contact_phone: `must be a phone number (of +${next.default_country_code}, or with its own country code)` });
      next.contact_phone = phone;
    }
    const problems = shopSettingsProblems(next);
    if (Object.keys(problems).length > 0) throw validation(problems as Record<string, string>);
    const changed = (Object.keys(next) as ShopSettingName[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(next[k]));
    if (changed.length === 0) return;
    // a treat named by its reward's title must be one customers can get (birthday, referral)
    for (const treat of ['birthday', 'referral'] as const) {
      const name = next[`${treat}_reward_name`];
      if (
        next[`${treat}_reward`] === 'reward' &&
        (changed.includes(`${treat}_reward`) || changed.includes(`${treat}_reward_name`)) &&
        !(await findActiveReward(trx, name))
      ) {
        throw validation({
          [`${treat}_reward_name`]: `must be a reward of your catalogue that customers can get: "${name}" is not one (see Rewards for the names)`,
        });
      }
    }
    if (changed.includes('currency') && (await moneyHasMoved(trx))) {
      throw new AppError('CURRENCY_LOCKED', CURRENCY_LOCKED_MESSAGE, { currency: 'cannot change once customers have paid or topped up in it' });
    }
    const words = changed.filter((k) => (WORDS as readonly string[]).includes(k));
    const rules = changed.filter((k) => !words.includes(k));
    await mergeMerchant(trx, ctx.merchantId, { settings: pick(next, words), rules: pick(next, rules) });
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'settings.update',
      target: 'settings',
      before: pick(before, changed),
      after: pick(next, changed),
      now: ctx.clock.now(),
    });
  });
  clearMerchantCache();
  return shopSettings(ctx);
}
