import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { i18n } from '../../i18n/i18n';
import type { AddressInput } from '#contract';
import { checkAddress } from '#contract/address-checks';
import { Button, FieldNotes, LocationIcon, Notice, TextField, cx, fieldMessage } from '../../ui';

export interface Coordinates {
  lat: number;
  lng: number;
}

export interface AddressFormProps {
  /** Values to start from (editing an address, or a number already known). */
  initial?: Partial<AddressInput>;
  /** The point chosen on the location step; replaces `initial`'s lat/lng. */
  location?: Coordinates | null;
  /**
   * Goes to the location step (/set-location), with what is typed so far: the page keeps it and gives it
   * back as `initial` on return, so nothing typed is lost on the way (issue 46).
   */
  onSetLocation?: (typed: AddressDraft) => void;
  /** Valid values, trimmed, as the API takes them. */
  onSubmit?: (values: AddressInput) => void;
  submitting?: boolean;
  /** Another change on the page is under way: the form can be filled in, and sent once it ends. */
  waiting?: boolean;
  /** Server field errors keyed like the API (`label`, `line1`, `postal_code`, …). */
  fieldErrors?: Record<string, string>;
  formError?: string | null;
  submitLabel?: string;
  onCancel?: () => void;
  /** The form's heading (h2), if it needs one. */
  heading?: ReactNode;
}

type Field = keyof AddressInput;

/** What the form holds before it is valid: its fields as typed. */
export type AddressDraft = Omit<AddressInput, 'lat' | 'lng' | 'note' | 'is_default'> & { note: string; is_default: boolean };

// msg marks the words for the catalogues; each is translated (i18n._) when it is read, in the language spoken
const LABELS: Record<Field, MessageDescriptor> = {
  label: msg`Label`,
  recipient: msg`Recipient`,
  phone: msg`Phone number`,
  line1: msg`Address`,
  city: msg`City`,
  postal_code: msg`Postal code`,
  lat: msg`Location`,
  lng: msg`Location`,
  note: msg`Note for the rider`,
  is_default: msg`Default address`,
};

const SET_LOCATION = msg`Set the location on the map so the rider can find you.`;

/** Friendlier words than the schema's for the fields a person fills in. */
const FRIENDLY: Partial<Record<Field, Record<string, MessageDescriptor>>> = {
  label: { 'is required': msg`Give this address a name, like Home or Work.` },
  recipient: { 'is required': msg`Enter who will receive the order.` },
  phone: { 'must be a phone number': msg`Enter a phone number the rider can call.` },
  line1: { 'is required': msg`Enter the street, building and unit.` },
  city: { 'is required': msg`Enter the city.` },
  postal_code: { 'must be a postal code': msg`Enter a postal code of 3 to 10 letters or digits, like 1226.` },
  lat: { 'must be a number': SET_LOCATION },
  lng: { 'must be a number': SET_LOCATION },
};

function messageFor(field: Field, message: string): string {
  const friendly = FRIENDLY[field]?.[message];
  return friendly ? i18n._(friendly) : (fieldMessage(i18n._(LABELS[field]), message) ?? message);
}

/**
 * Client-side validation with the API's own rules and words (`checkAddress`, the rules `addressFields`
 * is built from, without zod), one message per field.
 */
export function validateAddress(values: Record<string, unknown>): { ok: true; data: AddressInput } | { ok: false; errors: Partial<Record<Field, string>> } {
  const result = checkAddress(values);
  if (result.ok) return result;
  const errors: Partial<Record<Field, string>> = {};
  for (const [field, message] of Object.entries(result.errors) as [Field, string][]) errors[field] = messageFor(field, message);
  return { ok: false, errors };
}

const ORDER: Field[] = ['label', 'recipient', 'phone', 'line1', 'city', 'postal_code', 'lat', 'note'];

/** Where the rider goes: the point chosen on the map (/set-location), or a button to choose one. */
function LocationField({
  lat,
  lng,
  error,
  onSetLocation,
  disabled,
}: {
  lat?: number;
  lng?: number;
  error?: string;
  onSetLocation?: () => void;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const hasPoint = typeof lat === 'number' && typeof lng === 'number';
  return (
    <div className="flex flex-col gap-1">
      <p id="address-location-label" className="text-sm font-medium text-ink">
        <Trans>Location on the map</Trans>
      </p>
      <div className={cx('flex flex-wrap items-center gap-3 rounded-xl border bg-surface-raised p-3', error ? 'border-danger' : 'border-border')}>
        <LocationIcon size={20} className="shrink-0 text-brand-ink" />
        <span className="flex-1 text-ink tabular-nums whitespace-nowrap">{hasPoint ? `${lat.toFixed(5)}, ${lng.toFixed(5)}` : t`Not set yet`}</span>
        <Button
          variant="secondary"
          size="sm"
          onClick={onSetLocation}
          disabled={disabled}
          aria-describedby={error ? 'address-location-error' : 'address-location-label'}
          data-invalid={error ? 'true' : undefined}
        >
          {hasPoint ? t`Change location` : t`Set location`}
        </Button>
      </div>
      <FieldNotes id="address-location" error={error} />
    </div>
  );
}

/**
 * The server's field errors that still stand: not those of a field typed in since its last answer (so
 * neither the field's highlight nor the form's summary stays once it is corrected); a new answer counts
 * them all again.
 */
function useStandingErrors(fieldErrors: Record<string, string> | undefined) {
  const [answer, setAnswer] = useState(fieldErrors);
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  if (answer !== fieldErrors) {
    setAnswer(fieldErrors);
    setEdited(new Set());
  }
  return {
    of: (field: string): string | undefined => (edited.has(field) ? undefined : fieldErrors?.[field]),
    typedIn: (field: string) => {
      if (fieldErrors?.[field] && !edited.has(field)) setEdited((s) => new Set(s).add(field));
    },
  };
}

/** The default address box's words (a component of its own: the form stays short enough to read). */
const DefaultWords = () => (
  <span>
    <Trans>Make this my default address</Trans>
  </span>
);

/** The form's fields as they start: from the address being edited, or empty. */
function draftOf(initial: Partial<AddressInput> | undefined): AddressDraft {
  return {
    label: initial?.label ?? '',
    recipient: initial?.recipient ?? '',
    phone: initial?.phone ?? '',
    line1: initial?.line1 ?? '',
    city: initial?.city ?? '',
    postal_code: initial?.postal_code ?? '',
    note: initial?.note ?? '',
    is_default: initial?.is_default ?? false,
  };
}

/** The one address form, used by /add-new-address and /profile/add-address. */
export function AddressForm({
  initial,
  location,
  onSetLocation,
  onSubmit,
  submitting = false,
  waiting = false,
  fieldErrors,
  formError,
  submitLabel,
  onCancel,
  heading,
}: AddressFormProps) {
  const { t } = useLingui();
  const [values, setValues] = useState(() => draftOf(initial));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const server = useStandingErrors(fieldErrors);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const lat = location?.lat ?? initial?.lat;
  const lng = location?.lng ?? initial?.lng;

  // After a refused submit, take the keyboard to the first field that needs fixing.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus();
  }, [attempt]);

  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field as Field]) setErrors((er) => ({ ...er, [field]: undefined }));
    server.typedIn(field);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validateAddress({ ...values, note: values.note.trim() ? values.note : undefined, lat, lng });
    if (!result.ok) {
      setErrors(result.errors);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    onSubmit?.(result.data);
  };

  const errorOf = (field: Field): string | undefined => {
    if (errors[field]) return errors[field];
    const refused = server.of(field);
    return refused ? messageFor(field, refused) : undefined;
  };
  const locationError = errorOf('lat') ?? errorOf('lng');
  const invalidCount = ORDER.filter((f) => (f === 'lat' ? locationError : errorOf(f))).length;

  const field = (name: Exclude<Field, 'lat' | 'lng' | 'is_default'>, props: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={i18n._(LABELS[name])} name={name} value={values[name]} onChange={set(name)} error={errorOf(name)} disabled={submitting} {...props} />
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4 [&_button]:scroll-mt-24 [&_input]:scroll-mt-24"
      aria-label={typeof heading === 'string' ? heading : t`Address`}
    >
      {heading && <h2 className="text-lg font-semibold text-ink">{heading}</h2>}
      {attempt > 0 && invalidCount > 0 && (
        <Notice tone="danger">{plural(invalidCount, { one: 'Please check the highlighted field.', other: 'Please check the # highlighted fields.' })}</Notice>
      )}
      {field('label', { hint: t`Home, Work, Lola’s house…`, autoComplete: 'off', required: true, maxLength: 40 })}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('recipient', { autoComplete: 'name', required: true })}
        {field('phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel', required: true })}
      </div>
      {field('line1', { label: t`Street, building and unit`, autoComplete: 'street-address', required: true })}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('city', { autoComplete: 'address-level2', required: true })}
        {field('postal_code', { autoComplete: 'postal-code', required: true })}
      </div>

      <LocationField lat={lat} lng={lng} error={locationError} onSetLocation={onSetLocation ? () => onSetLocation(values) : undefined} disabled={submitting} />

      {field('note', { hint: t`Optional: landmarks, gate code, floor.`, autoComplete: 'off', maxLength: 200 })}

      <label className="flex min-h-11 cursor-pointer items-center gap-3 self-start rounded-xl pr-2 text-ink has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-focus">
        <input
          type="checkbox"
          name="is_default"
          checked={values.is_default}
          onChange={(e) => setValues((v) => ({ ...v, is_default: e.target.checked }))}
          disabled={submitting}
          className="size-5 accent-brand outline-none"
        />
        <DefaultWords />
      </label>

      {formError && <Notice tone="danger">{formError}</Notice>}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={submitting}>
            <Trans>Cancel</Trans>
          </Button>
        )}
        <Button type="submit" size="lg" loading={submitting} disabled={waiting}>
          {submitLabel ?? t`Save address`}
        </Button>
      </div>
    </form>
  );
}
