/**
 * The merchant's site settings (settings/main-setting; a share-preview link's settings/preview is
 * declared in settings.calls.ts and documented by the theme) and the provider's health: the schemas of the area's calls (settings.calls.ts declares them;
 * settings.spec.ts describes them).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { money } from './answer-fields';
import { LANGUAGES } from './languages';
import { TIP_KINDS } from './tips-rules';

export const siteSettingsAnswer = z
  .object({
    setting_company: z.string(),
    post_title: z.string().meta({ description: 'favicon URL' }),
    post_file: z.string().meta({ description: 'logo URL' }),
    landing_body_background_image: z.string(),
    landing_body_background_color: z.string(),
    version: z.string().meta({ description: '"Lite" or "Full"', examples: ['Full', 'Lite'] }),
    currency: z.string().meta({ description: 'ISO 4217', examples: ['PHP'] }),
    locale: z.string().meta({ examples: ['en-PH'] }),
    // extensions: the merchant's id (checked by the alternative login link), the brand colours
    merchant_id: z.string().optional(),
    brand_color: z.string().optional(),
    accent_color: z.string().optional(),
    brand_text_color: z
      .string()
      .optional()
      .meta({ description: 'text on the brand colour (the theme studio checks it for WCAG AA); absent: black or white, whichever reads better' }),
    landing_text_color: z.string().optional().meta({ description: 'text on the landing background colour; absent: black or white, whichever reads better' }),
    // extensions: business settings a customer sees
    timezone: z.string().optional(),
    min_order: money().optional(),
    delivery_fee: money().optional(),
    default_country_code: z.string().optional(),
    pickup_address: z.string().optional(),
    short_name: z.string().optional().meta({ description: "the shop's name on a phone's home screen (at most 12 characters)" }),
    contact_phone: z.string().optional(),
    contact_email: z.string().optional(),
    privacy_url: z.string().optional().meta({ description: "the shop's privacy notice (an https:// address), linked at sign-up; absent or empty: none" }),
    terms_url: z.string().optional().meta({ description: "the shop's terms (an https:// address), linked at sign-up; absent or empty: none" }),
    points_per_amount: money().optional().meta({ description: 'minor units of the subtotal after discount that earn one point' }),
    delivery_fee_earns_points: z.boolean().optional().meta({ description: 'whether the delivery fee earns points too; absent: false' }),
    points_expiry_days: z.number().int().optional(),
    topup_min: money().optional(),
    topup_max: money().optional(),
    topup_presets: z.array(money()).optional().meta({ description: "the wallet's quick top-up amounts, ascending" }),
    birthday_treat: z.boolean().optional().meta({ description: 'the shop gives customers a treat on their birthday (issue 29); absent: false' }),
    online_payments: z.boolean().optional().meta({ description: 'false: top-ups and online payment answer 503 PAYMENTS_UNAVAILABLE; absent: assume true' }),
    tips: z
      .object({ kind: z.enum(TIP_KINDS), presets: z.array(z.number().int()), custom: z.boolean(), max: money() })
      .optional()
      .meta({
        description:
          'checkout takes tips (issue 51): the presets (whole percents of the subtotal after discounts, or minor units), whether a custom amount is allowed, the most; absent: no tips',
      }),
    taxes: z
      .object({ rates: z.array(z.object({ name: z.string(), rate: z.number().int() })), inclusive: z.boolean() })
      .optional()
      .meta({
        description: "the shop charges tax (issue 51): its rates in basis points (1200 = 12 %) and whether the menu's prices include them; absent: no tax",
      }),
    language_default: z
      .enum(LANGUAGES)
      .optional()
      .meta({ description: "the shop's default language: what a first visit speaks when the browser asks for none the shop offers; absent: en" }),
    languages: z.array(z.enum(LANGUAGES)).optional().meta({ description: 'the languages the shop offers customers (the default among them); absent: en only' }),
    gift_cards: z.boolean().optional().meta({ description: 'the shop sells gift cards now (the owner turned them on); absent: false' }),
  })
  .meta({ id: 'SiteSettings' });
export type SiteSettings = z.infer<typeof siteSettingsAnswer>;

export const healthAnswer = z.object({ ok: z.literal(true) });
export type HealthData = z.infer<typeof healthAnswer>;
