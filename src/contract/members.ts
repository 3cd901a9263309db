/**
 * The member card (issue 29): a customer's own rotating code, shown big on Home and in the profile, that
 * staff scan (or type, or find by phone) at the counter to give points for a walk-in sale. The same
 * scheme as vouchers' codes (rewards.ts): a QR code signed with the shop's secret and a short code,
 * each good for its 30 seconds and the 30 before. The schemas of the call members.calls.ts declares
 * (members.spec.ts describes it). Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, time } from './answer-fields';
import { rotatingCode } from './rewards';

/** The app shows "+18 points" for a counter earn this long after it. */
export const LAST_EARN_SHOWN_SECONDS = 600;

export const memberCardAnswer = z
  .object({
    step_seconds: int().meta({ description: 'how long a code lasts' }),
    seconds_left: int().meta({ description: "seconds until `current` gives way to `next` (relative: the phone's clock may be wrong)" }),
    current: rotatingCode,
    next: rotatingCode,
    points: int().meta({ description: 'the points balance now (the card asks again every few seconds, so an earn shows at once)' }),
    last_earn: z
      .object({ id: int(), points: int(), at: time(), location_name: z.string().nullable() })
      .nullable()
      .meta({ description: `the latest points given at a counter in the last ${LAST_EARN_SHOWN_SECONDS / 60} minutes, not undone; null: none` }),
  })
  .meta({ id: 'MemberCard' });
export type MemberCardData = z.infer<typeof memberCardAnswer>;
