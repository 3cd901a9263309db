/**
 * The answers' `data`, as zod schemas: what the OpenAPI document (docs/openapi.json) says each call
 * answers. The TypeScript interfaces next to each area stay what the code uses; the checks at the end of
 * this file make the compiler refuse a schema that drifts from its interface, and
 * tests/server/openapi.test.ts parses real answers of the provider with these schemas (and refuses a
 * field they do not name). Plain `z.object`: a client reads the fields it knows and ignores any other.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, money, nextPage, time } from './answer-fields';
import type { ChangeEmailData, Customer, EmailCodeSent, OtpRequestData, OtpVerifyData, SessionData } from './auth';
import type { AppNotification, NotificationListData } from './notifications';
import type { PointHistoryData } from './points';
import type { SiteSettings } from './settings';


// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

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
    merchant_id: z.string().optional(),
    brand_color: z.string().optional(),
    accent_color: z.string().optional(),
    brand_text_color: z.string().optional().meta({ description: 'text on the brand colour (the theme studio checks it for WCAG AA); absent: black or white, whichever reads better' }),
    landing_text_color: z.string().optional().meta({ description: 'text on the landing background colour; absent: black or white, whichever reads better' }),
    timezone: z.string().optional(),
    min_order: money().optional(),
    delivery_fee: money().optional(),
    default_country_code: z.string().optional(),
    pickup_address: z.string().optional(),
    online_payments: z.boolean().optional().meta({ description: 'false: top-ups and online payment answer 503 PAYMENTS_UNAVAILABLE; absent: assume true' }),
  })
  .meta({ id: 'SiteSettings' });

export const healthAnswer = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Sign-in and the customer
// ---------------------------------------------------------------------------------------------

export const customerAnswer = z
  .object({
    id: int(),
    name: z.string(),
    phone: z.string().nullable().meta({ description: 'E.164; null for an account made with Google' }),
    email: z.string().nullable(),
    email_verified: z.boolean().meta({ description: 'the customer entered the code e-mailed to `email`' }),
    points: int(),
    wallet_balance: money(),
  })
  .meta({ id: 'Customer' });

export const otpRequestAnswer = z.object({
  expires_in: int().meta({ description: 'seconds the code stays valid' }),
  resend_in: int().meta({ description: 'seconds before another code may be asked for' }),
  phone: z.string().meta({ description: 'the number the code went to, in E.164' }),
});

export const otpVerifyAnswer = z.object({
  token: z.string().optional().meta({ description: 'the session token (login). The gateway keeps it in its cookie and removes it before the browser sees the answer' }),
  customer: customerAnswer.optional(),
  registration_token: z.string().optional().meta({ description: 'register, or a login for a number with no account: pass it to auth/register' }),
  needs_registration: z.boolean().optional(),
});

export const sessionAnswer = z.object({
  token: z.string().optional().meta({ description: 'the session token. The gateway keeps it in its cookie and removes it before the browser sees the answer' }),
  customer: customerAnswer,
});

export const customerOnlyAnswer = z.object({ customer: customerAnswer });

export const emailCodeSentAnswer = z
  .object({
    expires_in: int().meta({ description: 'seconds the code stays valid' }),
    resend_in: int().meta({ description: 'seconds before another code may be asked for' }),
    email: z.string().meta({ description: 'the address it went to' }),
  })
  .meta({ id: 'EmailCodeSent' });

export const changeEmailAnswer = z.object({
  customer: customerAnswer,
  verification: emailCodeSentAnswer.nullable().meta({ description: 'null when no code went out (no e-mail service, or asked too often)' }),
});

// ---------------------------------------------------------------------------------------------
// Points
// ---------------------------------------------------------------------------------------------

export const pointEntryAnswer = z.object({
  id: int(),
  type: z.enum(['earn', 'burn', 'expire', 'adjust', 'owner']),
  points: int(),
  balance_after: int(),
  reason: z.string(),
  created_at: time(),
  expires_at: time().nullable().optional().meta({ description: 'when an earned lot expires' }),
});

export const pointHistoryAnswer = z.object({
  balance: int(),
  items: z.array(pointEntryAnswer),
  next_page: nextPage(),
  expiring_soon: z
    .object({ points: int(), expires_at: time() })
    .nullable()
    .optional()
    .meta({ description: 'points that expire in the next 30 days' }),
});

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------------------------

export const notificationAnswer = z.object({
  id: int(),
  type: z.enum(['order', 'topup', 'points_earned', 'points_expiring', 'reward', 'wheel', 'account']),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable().meta({ description: 'an app path to open, or null' }),
  read: z.boolean(),
  created_at: time(),
});

export const notificationListAnswer = z.object({ items: z.array(notificationAnswer), unread: int(), next_page: nextPage() });
export const notificationReadAnswer = z.object({ unread: int() });

// ---------------------------------------------------------------------------------------------
// Each schema is the interface the code uses: the compiler refuses one that drifts from it
// ---------------------------------------------------------------------------------------------

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<S extends z.ZodType, T> = Same<z.output<S>, T>;

/** Every entry must be `true`; a schema and its interface that differ make one `false` and fail tsc. */
export const answerTypesMatch: {
  settings: Check<typeof siteSettingsAnswer, Omit<SiteSettings, 'version'> & { version: string }>;
  customer: Check<typeof customerAnswer, Customer>;
  otpRequest: Check<typeof otpRequestAnswer, OtpRequestData>;
  otpVerify: Check<typeof otpVerifyAnswer, OtpVerifyData>;
  session: Check<typeof sessionAnswer, SessionData>;
  emailCodeSent: Check<typeof emailCodeSentAnswer, EmailCodeSent>;
  changeEmail: Check<typeof changeEmailAnswer, ChangeEmailData>;
  pointHistory: Check<typeof pointHistoryAnswer, PointHistoryData>;
  notification: Check<typeof notificationAnswer, AppNotification>;
  notificationList: Check<typeof notificationListAnswer, NotificationListData>;
} = {
  settings: true,
  customer: true,
  otpRequest: true,
  otpVerify: true,
  session: true,
  emailCodeSent: true,
  changeEmail: true,
  pointHistory: true,
  notification: true,
  notificationList: true,
};
