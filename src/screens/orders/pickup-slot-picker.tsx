import { Trans, useLingui } from '@lingui/react/macro';
import type { PickupSlotsData } from '#contract/locations';
import { Skeleton, cx } from '../../ui';

/**
 * "Choose a time": today's and tomorrow's pickup times as radio buttons, grouped by day; a full one
 * is there but cannot be chosen. Loaded on its own (React.lazy) when the customer asks to choose.
 */
export default function PickupSlotPicker({
  slots,
  value,
  onChange,
  today,
  clock,
}: {
  /** null: still loading */
  slots?: PickupSlotsData | null;
  value: string | null;
  onChange: (at: string) => void;
  /** today's date (YYYY-MM-DD) in the place's time zone */
  today: string;
  /** a time as the page writes it (the words live with the ordering notice) */
  clock: (iso: string) => string;
}) {
  const { t } = useLingui();
  if (!slots) return <Skeleton height="6rem" />;
  const dayName = (date: string) => (date === today ? t`Today` : t`Tomorrow`);
  // a day without times says why when the shop wrote it (a special date's note: "Christmas Day")
  const noted = slots.days.filter((d) => d.slots.length === 0 && d.note);
  // one sentence for today, one for tomorrow ("today" is never a word glued in)
  const notes = noted.map(({ date, note }) => (
    <p key={date} className="text-sm text-muted">
      {date === today ? t`Today: no pickup times — ${note}` : t`Tomorrow: no pickup times — ${note}`}
    </p>
  ));
  const days = slots.days.filter((d) => d.slots.length > 0);
  if (days.length === 0) {
    return (
      <>
        <p className="text-muted">
          <Trans>There are no pickup times left today or tomorrow.</Trans>
        </p>
        {notes}
      </>
    );
  }
  return [
    ...days.map((day) => (
      <fieldset key={day.date} className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0">
        <legend className="mb-2 text-sm font-semibold">{dayName(day.date)}</legend>
        {day.note && <p className="text-sm text-muted">{day.note}</p>}
        <div className="flex flex-wrap gap-2">
          {day.slots.map((s) => {
            const checked = s.at === value;
            const time = clock(s.at);
            return (
              <label
                key={s.at}
                className={cx(
                  'flex min-h-11 min-w-20 flex-col items-center justify-center rounded-xl border px-3 text-sm leading-tight',
                  'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-focus',
                  checked ? 'border-brand bg-brand font-semibold text-brand-contrast' : 'border-border bg-surface-raised',
                  s.full ? 'cursor-not-allowed border-dashed text-muted' : 'cursor-pointer hover:brightness-95',
                )}
              >
                <input
                  type="radio"
                  name="pickup-slot"
                  value={s.at}
                  checked={checked}
                  disabled={s.full}
                  onChange={() => onChange(s.at)}
                  aria-label={s.full ? t`${time}, full` : time}
                  className="sr-only"
                />
                {time}
                {s.full && (
                  <span className="text-xs">
                    <Trans>Full</Trans>
                  </span>
                )}
              </label>
            );
          })}
        </div>
      </fieldset>
    )),
    ...notes,
  ];
}
