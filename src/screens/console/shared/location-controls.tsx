import { useEffect, useId, useRef, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { MerchantLocation, PauseChoice } from '#contract/locations';
import { Button, Notice } from '../../../ui';
import { SelectField } from './editor-fields';
import { pausedWords, stateWords } from './location-words';

/** The console's "where am I working" select: among the locations the member sees, with "All locations" where they may choose it. */
export function LocationSelect({
  locations,
  value,
  onChange,
  allLabel,
  label,
  hint,
}: {
  locations: ReadonlyArray<Pick<MerchantLocation, 'id' | 'name'>>;
  value: number | null;
  onChange: (id: number | null) => void;
  /** the null choice's words ("All locations"); absent: a location must be chosen */
  allLabel?: string;
  label?: string;
  hint?: string;
}) {
  const { t } = useLingui();
  return (
    <SelectField
      label={label ?? t`Location`}
      hint={hint}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      className="max-w-xs"
    >
      {allLabel !== undefined && <option value="">{allLabel}</option>}
      {locations.map((l) => (
        <option key={l.id} value={String(l.id)}>
          {l.name}
        </option>
      ))}
    </SelectField>
  );
}

const PAUSE_OPTIONS: ReadonlyArray<{ choice: Exclude<PauseChoice, 'resume'>; label: MessageDescriptor }> = [
  { choice: '15_minutes', label: msg`15 minutes` },
  { choice: '30_minutes', label: msg`30 minutes` },
  { choice: '60_minutes', label: msg`1 hour` },
  { choice: 'until_closing', label: msg`Until closing` },
  { choice: 'until_resumed', label: msg`Until I resume` },
];

/** "Pause online orders" and its choices, one tap each; Escape or a choice closes it. */
function PauseMenu({ location, named, busy, onPause }: { location: MerchantLocation; named: boolean; busy: boolean; onPause: (choice: PauseChoice) => void }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const id = useId();
  const name = location.name;
  const toggle = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div className="flex flex-col gap-2" onKeyDown={(e) => e.key === 'Escape' && open && close()}>
      <Button ref={toggle} variant="secondary" size="sm" aria-expanded={open} aria-controls={id} loading={busy} onClick={() => setOpen((o) => !o)}>
        {named ? (
          <Trans>
            Pause online orders<span className="sr-only"> at {name}</span>
          </Trans>
        ) : (
          <Trans>Pause online orders</Trans>
        )}
      </Button>
      {open && (
        <div
          id={id}
          role="group"
          aria-label={named ? t`Pause online orders at ${name} for` : t`Pause online orders for`}
          className="flex flex-wrap gap-2 rounded-xl border border-border bg-surface-raised p-2 shadow-sm"
        >
          {PAUSE_OPTIONS.map((o, i) => (
            <Button
              key={o.choice}
              ref={i === 0 ? first : undefined}
              size="sm"
              variant="ghost"
              onClick={() => {
                setOpen(false);
                onPause(o.choice);
              }}
            >
              {i18n._(o.label)}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}

export interface LocationPauseProps {
  /** the locations the board shows: one, or all the member sees */
  locations: MerchantLocation[];
  now: string;
  locale: string;
  onPause: (locationId: number, choice: PauseChoice) => void;
  /** the location a pause or resume is being saved for */
  pausing?: number | null;
  pauseError?: string | null;
}

/**
 * Each shown location's state now and its pause switch: paused, a banner saying until when with
 * "Resume now"; else whether it is open and "Pause online orders". Names the location when there are several.
 */
export function LocationPause({ locations, now, locale, onPause, pausing, pauseError }: LocationPauseProps) {
  const { t } = useLingui();
  const named = locations.length > 1;
  // the location's name said with its state when the board shows several
  const titleOf = (l: MerchantLocation) => {
    const paused = pausedWords(l, now, locale);
    const name = l.name;
    return named ? t`${name}: ${paused}` : paused;
  };
  return (
    <div className="flex flex-col gap-2">
      {pauseError && <Notice tone="danger">{pauseError}</Notice>}
      {locations.map((l) => {
        const name = l.name;
        return l.state === 'paused' ? (
          <Notice key={l.id} tone="warning" title={titleOf(l)}>
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-ink">
                {named ? (
                  <Trans>Customers can browse the menu but cannot check out at {name}. Orders already placed carry on.</Trans>
                ) : (
                  <Trans>Customers can browse the menu but cannot check out. Orders already placed carry on.</Trans>
                )}
              </span>
              <Button size="sm" loading={pausing === l.id} onClick={() => onPause(l.id, 'resume')}>
                {named ? (
                  <Trans>
                    Resume now<span className="sr-only"> at {name}</span>
                  </Trans>
                ) : (
                  <Trans>Resume now</Trans>
                )}
              </Button>
            </div>
          </Notice>
        ) : (
          <div key={l.id} className="flex flex-wrap items-start justify-between gap-2 rounded-xl border border-border bg-surface-raised p-3">
            <p className="min-h-9 content-center">
              {named && <span className="font-semibold">{l.name}: </span>}
              {stateWords(l, now, locale)}
            </p>
            <PauseMenu location={l} named={named} busy={pausing === l.id} onPause={(choice) => onPause(l.id, choice)} />
          </div>
        );
      })}
    </div>
  );
}
