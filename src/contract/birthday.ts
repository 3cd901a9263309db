/**
 * The customer's birth date (issue 29): day and month, the year optional; its body and answer. The words and the
 * days of each month are checks.ts's (the customer app's form checks with those, without zod).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int } from './answer-fields';
import { BIRTH_DAY_MESSAGE, BIRTH_MONTH_MESSAGE, BIRTH_YEAR_MESSAGE, BIRTH_YEAR_MIN, dayNotInMonth } from './checks';

const dayOfMonth = z.number({ error: BIRTH_DAY_MESSAGE }).int(BIRTH_DAY_MESSAGE).min(1, BIRTH_DAY_MESSAGE).max(31, BIRTH_DAY_MESSAGE);
const monthNumber = z.number({ error: BIRTH_MONTH_MESSAGE }).int(BIRTH_MONTH_MESSAGE).min(1, BIRTH_MONTH_MESSAGE).max(12, BIRTH_MONTH_MESSAGE);
const birthYear = z
  .number({ error: BIRTH_YEAR_MESSAGE })
  .int(BIRTH_YEAR_MESSAGE)
  .min(BIRTH_YEAR_MIN, `must be ${BIRTH_YEAR_MIN} or later`)
  .max(9999, 'must not be in the future');

/**
 * `customer/birthday`: a real date (31 April is refused; 29 February only without a year or in a leap
 * year). The year, when given, is at most this year: the provider checks that against its clock.
 */
export const birthdayBody = z.object({ day: dayOfMonth, month: monthNumber, year: birthYear.nullable().optional() }).superRefine((b, ctx) => {
  const wrongDay = dayNotInMonth(b.day, b.month, b.year);
  if (wrongDay) ctx.addIssue({ code: 'custom', path: ['day'], message: wrongDay });
});
export type BirthdayBody = z.input<typeof birthdayBody>;

export const birthdayAnswer = z
  .object({
    day: int(),
    month: int().meta({ description: '1 to 12' }),
    year: int().nullable().meta({ description: 'null: the customer kept it to themselves' }),
  })
  .meta({ id: 'Birthday' });
export type Birthday = z.infer<typeof birthdayAnswer>;
