import { useEffect, useId, useRef, useState } from 'react';
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
  label = 'Location',
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
  return (
    <SelectField
      label={label}
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

const PAUSE_OPTIONS: ReadonlyArray<{ choice: Exclude<PauseChoice, 'resume'>; label: string }> = [
  { choice: '15_minutes', label: '15 minutes' },
  { choice: '30_minutes', label: '30 minutes' },
  { choice: '60_minutes', label: '1 hour' },
  { choice: 'until_closing', label: 'Until closing' },
  { choice: 'until_resumed', label: 'Until I resume' },
];

/** "Pause online orders" and its choices, one tap each; Escape or a choice closes it. */
function PauseMenu({ location, named, busy, onPause }: { location: MerchantLocation; named: boolean; busy: boolean; onPause: (choice: PauseChoice) => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
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
        Pause online orders{named && <span className="sr-only"> at {location.name}</span>}
      </Button>
      {open && (
        <div
          id={id}
          role="group"
          aria-label={`Pause online orders${named ? ` at ${location.name}` : ''} for`}
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
              {o.label}
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
  const named = locations.length > 1;
  return (
    <div className="flex flex-col gap-2">
      {pauseError && <Notice tone="danger">{pauseError}</Notice>}
      {locations.map((l) =>
        l.state === 'paused' ? (
          <Notice key={l.id} tone="warning" title={`${named ? `${l.name}: ` : ''}${pausedWords(l, now, locale)}`}>
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-ink">
                Customers can browse the menu but cannot check out{named ? ` at ${l.name}` : ''}. Orders already placed carry on.
              </span>
              <Button size="sm" loading={pausing === l.id} onClick={() => onPause(l.id, 'resume')}>
                Resume now{named && <span className="sr-only"> at {l.name}</span>}
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
        ),
      )}
    </div>
  );
}
