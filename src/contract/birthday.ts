/**
 * The customer's birth date (issue 29): day and month, the year optional; its body, answer and the
 * words for it, shared by the profile's form and the provider. Part of the contract (src/contract):
 * free of React, of the browser and of Express; small, so the customer app's profile takes only this.
 */
import { z } from 'zod';
import { int } from './answer-fields';

/** The earliest birth year the profile takes. */
export const BIRTH_YEAR_MIN = 1900;
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** Days in `month` (1–12) of `year`; without a year February has 29 (a 29 February birthday is kept). */
export function daysInMonth(month: number, year?: number | null): number {
  if (month === 2) return year == null || isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** "14 March", "14 March 1990". */
export function birthdayText(b: { day: number; month: number; year: number | null }): string {
  return `${b.day} ${MONTH_NAMES[b.month - 1] ?? ''}${b.year ? ` ${b.year}` : ''}`;
}

const dayOfMonth = z.number({ error: 'must be a day of the month, 1 to 31' }).int('must be a day of the month, 1 to 31').min(1, 'must be a day of the month, 1 to 31').max(31, 'must be a day of the month, 1 to 31');
const monthNumber = z.number({ error: 'must be a month, 1 to 12' }).int('must be a month, 1 to 12').min(1, 'must be a month, 1 to 12').max(12, 'must be a month, 1 to 12');
const birthYear = z
  .number({ error: 'must be a year such as 1990, or left out' })
  .int('must be a year such as 1990, or left out')
  .min(BIRTH_YEAR_MIN, `must be ${BIRTH_YEAR_MIN} or later`)
  .max(9999, 'must not be in the future');

/**
 * `customer/birthday`: a real date (31 April is refused; 29 February only without a year or in a leap
 * year). The year, when given, is at most this year: the provider checks that against its clock.
 */
export const birthdayBody = z
  .object({ day: dayOfMonth, month: monthNumber, year: birthYear.nullable().optional() })
  .superRefine((b, ctx) => {
    const most = daysInMonth(b.month, b.year);
    if (b.day > most) {
      const month = MONTH_NAMES[b.month - 1]!;
      const message = b.month === 2 && b.year != null && most === 28 ? `must be at most 28: February ${b.year} had 28 days` : `must be at most ${most}: ${month} has ${most} days`;
      ctx.addIssue({ code: 'custom', path: ['day'], message });
    }
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
