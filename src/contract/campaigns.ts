/**
 * Automatic campaigns (issue 31): five messages the shop sends by itself once the owner turns them on:
 * welcome (after sign-up), win-back (no order for N days), nearly there (within N points of a reward),
 * points expiring (within N days), birthday (on the day, beside the loyalty birthday treat). Each is a
 * title and a text with placeholders, an optional catalogue reward given as a voucher, and the kind's
 * timing; each reaches a customer once per period, never at night in the shop's time zone, and never a
 * customer who unsubscribed. The console shows for each: sent, opened, orders within 7 days after.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, time } from './answer-fields';
import { id, idempotencyKey, linkToken, requiredText } from './fields';
import { translatedText, translationsAnswer, translationsInput } from './translations';

export const CAMPAIGN_KINDS = ['welcome', 'win_back', 'nearly_there', 'points_expiring', 'birthday'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

/** Each kind's name and its timing number in words (the console's labels, the Activity log's). */
export const CAMPAIGN_FACTS: Record<CampaignKind, { name: string; timing: { label: string; unit: string; min: number; max: number } | null; reward: boolean }> =
  {
    welcome: { name: 'Welcome', timing: { label: 'Send after sign-up', unit: 'hours', min: 0, max: 168 }, reward: true },
    win_back: { name: 'Win-back', timing: { label: 'No order for', unit: 'days', min: 7, max: 365 }, reward: true },
    nearly_there: { name: 'Nearly there', timing: { label: 'Within', unit: 'points', min: 1, max: 100_000 }, reward: false },
    points_expiring: { name: 'Points expiring', timing: { label: 'Points expiring within', unit: 'days', min: 1, max: 60 }, reward: true },
    birthday: { name: 'Birthday', timing: null, reward: false },
  };

/** A new shop's campaigns, all off (the seed's): the owner edits and turns them on. */
export const CAMPAIGN_DEFAULTS: Record<CampaignKind, { title: string; body: string; timing: number }> = {
  welcome: { title: 'Welcome, {name}!', body: 'Thanks for joining. Every order earns points towards free treats.', timing: 24 },
  win_back: { title: 'We miss you, {name}', body: 'It has been a while. Come back for your favourites: you have {points} points waiting.', timing: 30 },
  nearly_there: { title: 'Almost there, {name}!', body: 'Just {points} more points and {reward} is yours.', timing: 50 },
  points_expiring: { title: 'Your points are expiring', body: '{points} points expire soon. Use them before they go!', timing: 7 },
  birthday: { title: 'Happy birthday, {name}!', body: 'Have a wonderful day. There is a little something for you in the app.', timing: 0 },
};

/** Messages go out from 09:00 until 21:00 in the shop's time zone; a run outside leaves them for the next allowed hour. */
export const CAMPAIGN_HOURS = { from: 9, until: 21 } as const;
/** Nearly there tells a customer about one reward at most once in this many days. */
export const NEARLY_THERE_DAYS = 30;
/** Orders placed this many days after a message count as its orders. */
export const CAMPAIGN_ORDER_DAYS = 7;

export const CAMPAIGN_PLACEHOLDERS = ['name', 'points', 'reward'] as const;

/** What `{points}` and `{reward}` stand for, by kind (the editor's hint). */
export const PLACEHOLDER_WORDS: Record<CampaignKind, { points: string; reward: string | null }> = {
  welcome: { points: "the customer's points", reward: 'the reward you give' },
  win_back: { points: "the customer's points", reward: 'the reward you give' },
  nearly_there: { points: 'the points still needed', reward: 'the reward within reach' },
  points_expiring: { points: 'the points expiring', reward: 'the reward you give' },
  birthday: { points: "the customer's points", reward: null },
};

/** The placeholders a text uses that are not allowed for the kind (with or without a reward): an empty list when all are fine. */
export function badPlaceholders(text: string, kind: CampaignKind, hasReward: boolean): string[] {
  const used = [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
  return used.filter((p) => !(CAMPAIGN_PLACEHOLDERS as readonly string[]).includes(p) || (p === 'reward' && kind !== 'nearly_there' && !hasReward));
}

/** The text with its placeholders filled in (a missing value: an empty string, never the braces). */
export function fillPlaceholders(text: string, values: { name: string; points: number; reward: string | null }, locale = 'en'): string {
  return text.replace(/\{(name|points|reward)\}/g, (_, p: string) =>
    p === 'name' ? values.name : p === 'points' ? values.points.toLocaleString(locale) : (values.reward ?? ''),
  );
}

/** `merchant/campaigns/update`: one campaign. */
export const campaignUpdateBody = z
  .object({
    kind: z.enum(CAMPAIGN_KINDS, { error: `must be one of ${CAMPAIGN_KINDS.join(', ')}` }),
    enabled: z.boolean({ error: 'must be true or false' }),
    title: requiredText(80).refine((v) => !/[\r\n]/.test(v), 'must be one line'),
    body: requiredText(300),
    /** a catalogue reward given as a voucher with the message (welcome, win-back, points expiring) */
    reward_id: id.nullable().default(null),
    /** the kind's number (CAMPAIGN_FACTS); birthday has none: 0 */
    timing: z.number({ error: 'must be a whole number' }).int('must be a whole number').default(0),
    /** the title and body in other languages (translations.ts), with the same placeholders; left out: kept */
    translations: translationsInput({ title: translatedText(80).refine((v) => !/[\r\n]/.test(v), 'must be one line'), body: translatedText(300) }).optional(),
  })
  .superRefine((c, ctx) => {
    const facts = CAMPAIGN_FACTS[c.kind];
    const t = facts.timing;
    if (t && (c.timing < t.min || c.timing > t.max))
      ctx.addIssue({ code: 'custom', message: `must be ${t.min.toLocaleString('en')} to ${t.max.toLocaleString('en')} ${t.unit}`, path: ['timing'] });
    if (!t && c.timing !== 0) ctx.addIssue({ code: 'custom', message: 'must be 0: a birthday message goes on the day', path: ['timing'] });
    if (!facts.reward && c.reward_id !== null)
      ctx.addIssue({
        code: 'custom',
        message: c.kind === 'birthday' ? 'must be empty: the birthday treat is set in the loyalty rules' : 'must be empty: the reward is the one within reach',
        path: ['reward_id'],
      });
    const texts: Array<[string, PropertyKey[]]> = [
      [c.title, ['title']],
      [c.body, ['body']],
      ...Object.entries(c.translations ?? {}).flatMap(([lang, words]) =>
        Object.entries(words).map(([f, text]): [string, PropertyKey[]] => [text, ['translations', lang, f]]),
      ),
    ];
    for (const [text, path] of texts) {
      const bad = badPlaceholders(text, c.kind, c.reward_id !== null);
      const unknown = bad.find((b) => b !== 'reward');
      if (unknown !== undefined) {
        const allowed = c.kind === 'nearly_there' || c.reward_id !== null ? '{name}, {points} or {reward}' : '{name} or {points}';
        ctx.addIssue({ code: 'custom', message: `must use only ${allowed}: {${unknown}} is not one`, path });
      } else if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: 'must not use {reward} without a reward', path });
      }
    }
  });
export type CampaignUpdateInput = z.input<typeof campaignUpdateBody>;
export type CampaignUpdateFields = z.output<typeof campaignUpdateBody>;

/** `campaign/unsubscribe`: true to get campaigns again, false for none. */
export const campaignPreferencesBody = z.object({ subscribed: z.boolean({ error: 'must be true or false' }) });
export type CampaignPreferencesInput = z.input<typeof campaignPreferencesBody>;

/** `campaign/unsubscribe/link`: the code of an e-mail's unsubscribe link. */
export const campaignUnsubscribeLinkBody = z.object({ code: linkToken });
export type CampaignUnsubscribeLinkInput = z.input<typeof campaignUnsubscribeLinkBody>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const campaignPreferencesAnswer = z
  .object({ subscribed: z.boolean().meta({ description: 'false: the customer gets no campaign messages (in the app, by push or by e-mail)' }) })
  .meta({ id: 'CampaignPreferences' });
export type CampaignPreferencesData = z.infer<typeof campaignPreferencesAnswer>;

export const campaignAnswer = z
  .object({
    kind: z.enum(CAMPAIGN_KINDS),
    enabled: z.boolean(),
    title: z.string(),
    body: z.string(),
    translations: translationsAnswer(),
    reward: z.object({ id: int(), title: z.string(), active: z.boolean() }).nullable(),
    timing: int().meta({
      description: "the kind's number: welcome's delay in hours, win-back's days without an order, nearly there's points, points expiring's days; birthday 0",
    }),
    updated_at: time(),
    stats: z.object({
      sent: int(),
      opened: int().meta({ description: 'messages the customer read in the app' }),
      orders: int().meta({ description: 'orders placed within 7 days after a message' }),
    }),
  })
  .meta({ id: 'Campaign' });
export type CampaignData = z.infer<typeof campaignAnswer>;

export const campaignsConsoleAnswer = z.object({
  campaigns: z.array(campaignAnswer),
  rewards: z.array(z.object({ id: int(), title: z.string() })).meta({ description: 'the active catalogue rewards a campaign can give' }),
  timezone: z.string().meta({ description: "the shop's time zone: messages go out from 09:00 until 21:00 there" }),
  subscribers: int().meta({ description: 'customers who have not unsubscribed' }),
});
export type CampaignsConsoleData = z.infer<typeof campaignsConsoleAnswer>;

/** The unsubscribe page's query: the e-mail link's code (the page itself says when it is not the shop's). */
export const unsubscribePageQuery = z.object({ code: z.string().max(200).optional().meta({ description: "the signed code of the e-mail's link" }) });

// ---------------------------------------------------------------------------------------------
// One-off broadcasts: a message an owner sends now
// ---------------------------------------------------------------------------------------------

/** A broadcast's limits: the title is a notification's heading (one line), the text its body. */
export const BROADCAST_LIMITS = { title: 80, body: 300 } as const;
/** The one placeholder a broadcast's texts may use: each customer's first name. */
const BROADCAST_PLACEHOLDERS = ['name'];

/** The placeholders a broadcast's text uses that it may not ({points}, {reward}, anything else). */
export function badBroadcastPlaceholders(text: string): string[] {
  return [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!).filter((p) => !BROADCAST_PLACEHOLDERS.includes(p));
}

/** A broadcast's text may name no placeholder but {name}. */
const onlyName = (v: string, ctx: z.RefinementCtx) => {
  const bad = badBroadcastPlaceholders(v)[0];
  if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `must use only {name}: {${bad}} is not one` });
};
const broadcastText = (max: number) => requiredText(max).superRefine(onlyName);
const oneLine = (v: string) => !/[\r\n]/.test(v);

/** Who a broadcast reaches: every customer who takes offers, or only those of one tier (its position). */
export const broadcastAudienceQuery = z.object({
  tier: z.coerce.number({ error: 'must be a tier' }).int('must be a tier').min(0, 'must be a tier').max(20, 'must be a tier').optional(),
});
export type BroadcastAudienceQuery = z.input<typeof broadcastAudienceQuery>;

/** `merchant/campaigns/broadcasts/send`: the message, who, an optional reward, and the console's key (a double click sends once). */
export const broadcastBody = z.object({
  title: broadcastText(BROADCAST_LIMITS.title).refine(oneLine, 'must be one line'),
  body: broadcastText(BROADCAST_LIMITS.body),
  /** the title and text in other languages (translations.ts), with {name} only; each customer gets their language's, else these */
  translations: translationsInput({
    title: translatedText(BROADCAST_LIMITS.title).refine(oneLine, 'must be one line').superRefine(onlyName),
    body: translatedText(BROADCAST_LIMITS.body).superRefine(onlyName),
  }).default({}),
  tier: z.number({ error: 'must be a tier' }).int('must be a tier').min(0, 'must be a tier').max(20, 'must be a tier').nullable().default(null),
  reward_id: id.nullable().default(null),
  idempotency_key: idempotencyKey,
});
export type BroadcastInput = z.input<typeof broadcastBody>;
export type BroadcastFields = z.output<typeof broadcastBody>;

export const broadcastAudienceAnswer = z.object({
  customers: int().meta({ description: 'customers the broadcast would reach now: they take offers, are not deleted, and are of the tier asked' }),
});
export type BroadcastAudienceData = z.infer<typeof broadcastAudienceAnswer>;

export const broadcastAnswer = z
  .object({
    id: int(),
    title: z.string(),
    body: z.string(),
    translations: translationsAnswer(),
    tier: z.string().nullable().meta({ description: "the tier's name; null: every tier" }),
    reward: z.string().nullable().meta({ description: "the reward's title given as a voucher; null: none" }),
    status: z.enum(['sending', 'sent']).meta({ description: 'sending: the background job is still reaching customers' }),
    audience: int().meta({ description: 'customers it was to reach when sent' }),
    sent: int(),
    opened: int().meta({ description: 'messages the customer read in the app' }),
    created_at: time(),
    sent_by: z.string().nullable(),
  })
  .meta({ id: 'Broadcast' });
export type BroadcastData = z.infer<typeof broadcastAnswer>;

export const broadcastsAnswer = z.object({
  broadcasts: z.array(broadcastAnswer).meta({ description: 'the latest 50, newest first' }),
  tiers: z.array(z.object({ position: int(), name: z.string() })).meta({ description: 'the tiers a broadcast can be narrowed to (none while tiers are off)' }),
  rewards: z.array(z.object({ id: int(), title: z.string() })).meta({ description: 'the active catalogue rewards a broadcast can give' }),
});
export type BroadcastsData = z.infer<typeof broadcastsAnswer>;
