import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { Birthday } from '#contract';
import { BIRTHDAY_SETTLE_DAYS, BIRTH_YEAR_MIN, dayNotInMonth, daysInMonth, daysToBirthday } from '#contract/checks';
import { Button, FieldFrame, GiftIcon, Notice, TextField, cardSurface, cx } from '../../ui';
import { dateTimeFormat } from '#contract/intl';

/** The birth date as the form sends it: the year null when left out. */
export interface BirthdayInput {
  day: number;
  month: number;
  year: number | null;
}

export interface BirthdayCardProps {
  birthday: Birthday | null;
  /** the shop gives a treat on birthdays (its settings): the card says so */
  treat?: boolean;
  /** the form is showing (else the date and Add / Change) */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onSave?: (birthday: BirthdayInput) => void;
  onRemove?: () => void;
  saving?: boolean;
  /** what the provider said about each field (day, month, year) */
  fieldErrors?: Record<string, string>;
  /** a failure that is no field's */
  error?: string | null;
  /** the shop's today (YYYY-MM-DD): a date chosen within 30 days of it gets no treat this year, and the form says so */
  today?: string;
}

/** The provider's rule said as the date is chosen: a birthday this close counts from next year. */
function SettleNote({ day, month, today }: { day: string; month: string; today?: string }) {
  if (!today || !day || !month || dayNotInMonth(Number(day), Number(month))) return null;
  const days = daysToBirthday(Number(day), Number(month), today);
  if (days > BIRTHDAY_SETTLE_DAYS) return null;
  const settle = BIRTHDAY_SETTLE_DAYS;
  return (
    <Notice tone="info">
      {days === 0
        ? t`That is today. A birthday added ${settle} days or less before it gets its treat from next year on.`
        : days === 1
          ? t`That is tomorrow. A birthday added ${settle} days or less before it gets its treat from next year on.`
          : plural(days, {
              one: `That is in # day. A birthday added ${settle} days or less before it gets its treat from next year on.`,
              other: `That is in # days. A birthday added ${settle} days or less before it gets its treat from next year on.`,
            })}
    </Notice>
  );
}

const FIELD_NAMES = { day: 'The day', month: 'The month', year: 'The year' } as const;
type FieldName = keyof typeof FIELD_NAMES;

/** The provider's words for a field ("must be at most 30"), after the field's name: "The day must be at most 30." */
const sentence = (field: FieldName, message: string | undefined) => (message ? `${FIELD_NAMES[field]} ${message}.` : undefined);

/** A month's name in the language spoken ("March", "Marso", "Maret"). */
const monthWord = (month: number, locale: string) => dateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));

/** "14 March 1990", "14 Marso" in the language spoken. */
const birthdayWords = (b: Birthday, locale: string) => `${b.day} ${monthWord(b.month, locale)}${b.year ? ` ${b.year}` : ''}`;

/** What the form finds wrong with a day its month lacks, as a whole sentence (the provider's rule, checks.ts). */
function dayProblem(day: number, month: number, year: number | null, locale: string): string | undefined {
  if (!dayNotInMonth(day, month, year)) return undefined;
  const most = daysInMonth(month, year);
  const name = monthWord(month, locale);
  return month === 2 && year != null && most === 28
    ? t`The day must be at most 28: February ${year} had 28 days.`
    : t`The day must be at most ${most}: ${name} has ${most} days.`;
}

/**
 * The form's values read, with the provider's rules and words (checks.ts; the selects hold days 1–31
 * and the twelve months): what is wrong, by field, or the date to send.
 */
function readForm(day: string, month: string, year: string, locale: string): { problems: Partial<Record<FieldName, string>> } | { birthday: BirthdayInput } {
  const problems: Partial<Record<FieldName, string>> = {};
  const typedYear = year.trim();
  const birthday = { day: Number(day), month: Number(month), year: typedYear ? Number(typedYear) : null };
  const earliest = BIRTH_YEAR_MIN;
  if (!day) problems.day = t`The day is required.`;
  if (!month) problems.month = t`The month is required.`;
  if (typedYear && !/^\d{4}$/.test(typedYear)) problems.year = t`The year must be a year such as 1990, or left out.`;
  else if (birthday.year !== null && birthday.year < BIRTH_YEAR_MIN) problems.year = t`The year must be ${earliest} or later.`;
  if (day && month && !problems.year) {
    const wrongDay = dayProblem(birthday.day, birthday.month, birthday.year, locale);
    if (wrongDay) problems.day = wrongDay;
  }
  return Object.keys(problems).length ? { problems } : { birthday };
}

function BirthdayForm({
  birthday,
  onSave,
  onRemove,
  onOpenChange,
  saving,
  fieldErrors,
  error,
  treat = true,
  today,
  formId,
}: BirthdayCardProps & { formId: string }) {
  const [day, setDay] = useState(birthday ? String(birthday.day) : '');
  const [month, setMonth] = useState(birthday ? String(birthday.month) : '');
  const [year, setYear] = useState(birthday?.year ? String(birthday.year) : '');
  const [problems, setProblems] = useState<Partial<Record<FieldName, string>>>({});
  const { i18n } = useLingui();
  const { locale } = i18n;
  const shown = (field: FieldName) => problems[field] ?? sentence(field, fieldErrors?.[field]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const read = readForm(day, month, year, locale);
    if ('problems' in read) return setProblems(read.problems);
    setProblems({});
    onSave?.(read.birthday);
  }

  return (
    <form id={formId} noValidate onSubmit={submit} aria-label={t`Your birthday`} className="flex flex-col gap-3">
      <div className="grid grid-cols-[5rem_1fr] gap-3 sm:grid-cols-[6rem_1fr_7rem]">
        <FieldFrame
          label={t`Day`}
          error={shown('day')}
          control={(field) => (
            <select {...field} value={day} onChange={(e) => setDay(e.target.value)}>
              <option value="">–</option>
              {Array.from({ length: 31 }, (_, i) => (
                <option key={i} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </select>
          )}
        />
        <FieldFrame
          label={t`Month`}
          error={shown('month')}
          control={(field) => (
            <select {...field} value={month} onChange={(e) => setMonth(e.target.value)}>
              <option value="">{t`Choose a month`}</option>
              {Array.from({ length: 12 }, (_, i) => (
                <option key={i} value={i + 1}>
                  {monthWord(i + 1, locale)}
                </option>
              ))}
            </select>
          )}
        />
        <TextField
          label={t`Year (optional)`}
          className="col-span-2 sm:col-span-1"
          inputMode="numeric"
          autoComplete="bday-year"
          maxLength={4}
          value={year}
          onChange={(e) => setYear(e.target.value)}
          error={shown('year')}
        />
      </div>
      {treat && <SettleNote day={day} month={month} today={today} />}
      {error && <Notice tone="danger">{error}</Notice>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={saving}>
          {t`Save birthday`}
        </Button>
        <Button type="button" variant="ghost" onClick={() => onOpenChange?.(false)} disabled={saving}>
          {t`Cancel`}
        </Button>
        {birthday && (
          <Button type="button" variant="ghost" className="ml-auto" onClick={onRemove} disabled={saving}>
            {t`Remove birthday`}
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * The profile's birthday: "Birthday: 14 March" with Change (or Add), and the small form that sets it:
 * day and month, the year optional, each labelled, checked as the provider checks it.
 */
export function BirthdayCard(props: BirthdayCardProps) {
  const { birthday, treat = true, open = false, onOpenChange } = props;
  const formId = `${useId()}-birthday`;
  const { i18n } = useLingui();
  const { locale } = i18n;
  const date = birthday ? birthdayWords(birthday, locale) : null;
  return (
    <section aria-labelledby={`${formId}-heading`} className={cx(cardSurface, 'flex flex-col gap-3 p-4')}>
      <div className="flex items-center gap-3">
        <span className="text-brand-ink" aria-hidden="true">
          <GiftIcon />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`${formId}-heading`} className="font-semibold text-ink">
            {date ? (
              <Trans>
                Birthday: <span className="font-normal">{date}</span>
              </Trans>
            ) : (
              <Trans>
                Birthday: <span className="font-normal">not added yet</span>
              </Trans>
            )}
          </h2>
          {treat && <p className="text-sm text-muted">{t`We'll send you a treat on your birthday.`}</p>}
        </div>
        {!open && (
          <Button variant="secondary" size="sm" onClick={() => onOpenChange?.(true)} aria-expanded={false} aria-controls={formId}>
            {birthday ? (
              <Trans>
                Change<span className="sr-only"> birthday</span>
              </Trans>
            ) : (
              <Trans>
                Add<span className="sr-only"> birthday</span>
              </Trans>
            )}
          </Button>
        )}
      </div>
      {open && <BirthdayForm {...props} formId={formId} />}
    </section>
  );
}
