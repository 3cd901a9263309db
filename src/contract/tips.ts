/**
 * Tips at checkout (issue 51): the schemas of the owner's tip settings and the tips report (tips.calls.ts
 * declares the calls, tips.spec.ts describes them). The rules are in tips-rules.ts.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, money } from './answer-fields';
import { wholeNumber } from './fields';
import { exportQuery } from './dashboard';
import { TIP_KINDS, TIP_MAX_LIMIT, TIP_PRESETS_MAX, tipSettingsProblems } from './tips-rules';

export * from './tips-rules';

/** `merchant/tips/settings/update`: the whole of the settings. */
export const tipSettingsBody = z
  .object({
    enabled: z.boolean({ error: 'must be true or false' }),
    kind: z.enum(TIP_KINDS, { error: 'must be percent or amount' }),
    presets: z
      .array(z.number({ error: 'must be a list of whole numbers' }), { error: 'must be a list of whole numbers' })
      .max(TIP_PRESETS_MAX, `must have at most ${TIP_PRESETS_MAX} choices`)
      .refine((a) => a.every((v) => Number.isInteger(v) && v > 0), 'must be whole numbers above 0')
      .refine((a) => a.every((v, i) => i === 0 || v > a[i - 1]!), 'must go up from the smallest to the largest, each once'),
    custom: z.boolean({ error: 'must be true or false' }),
    max: wholeNumber(1, TIP_MAX_LIMIT, 'minor units'),
  })
  .strict()
  .superRefine((s, ctx) => {
    for (const [field, message] of Object.entries(tipSettingsProblems(s))) ctx.addIssue({ code: 'custom', message, path: [field] });
  });
export type TipSettingsInput = z.input<typeof tipSettingsBody>;

export const tipSettingsAnswer = z
  .object({
    enabled: z.boolean().meta({ description: 'tips are taken at checkout (off by default)' }),
    kind: z.enum(TIP_KINDS).meta({ description: 'percent: presets are whole percents of the subtotal after discounts, rounded half-up; amount: minor units' }),
    presets: z.array(int()).meta({ description: `up to ${TIP_PRESETS_MAX}, ascending` }),
    custom: z.boolean().meta({ description: 'the customer may type an amount of their own, up to max' }),
    max: money().meta({ description: 'the most a tip may be (a percentage preset is capped at it)' }),
  })
  .meta({ id: 'TipSettings' });
export type TipSettingsData = z.infer<typeof tipSettingsAnswer>;

/** `merchant/tips/report`: the shop's days `from` to `to` (at most 366), one location or all. */
export const tipsReportQuery = exportQuery;
export type TipsReportQuery = z.input<typeof tipsReportQuery>;

export const tipsReportAnswer = z.object({
  timezone: z.string().meta({ description: "the shop's time zone the days are in" }),
  rows: z
    .array(
      z.object({
        day: z.string().meta({ description: 'YYYY-MM-DD, in the shop’s time zone' }),
        location_id: int(),
        location: z.string(),
        orders: int().meta({ description: 'paid orders with a tip' }),
        tips: money(),
      }),
    )
    .meta({ description: 'newest day first, then by location; days and locations without a tip are left out' }),
  total: money().meta({ description: 'the sum of the rows’ tips' }),
});
export type TipsReportData = z.infer<typeof tipsReportAnswer>;
