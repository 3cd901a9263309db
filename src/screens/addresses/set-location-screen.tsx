import { useState, type FormEvent, type ReactNode } from 'react';
import { AppShell, Button, LocationIcon, Notice, TextField, TopBar, cardSurface, cx } from '../../ui';
import type { Coordinates } from './address-form';

export type LocateStatus = 'idle' | 'locating' | 'denied' | 'unavailable';

export interface SetLocationScreenProps {
  /** The point chosen so far (from the device or an earlier visit). */
  value?: Coordinates | null;
  /** Asks the device for its position; the container answers through `status` and `value`. */
  onUseCurrentLocation?: () => void;
  /** Where that request stands. */
  status?: LocateStatus;
  /** Continues with a valid point. */
  onContinue?: (point: Coordinates) => void;
  continueLabel?: string;
  onBack?: () => void;
  nav?: ReactNode;
}

function parseCoordinate(text: string, limit: number, name: string): { value?: number; error?: string } {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return { error: `Enter the ${name.toLowerCase()}.` };
  if (!/^[-+]?\d+(\.\d+)?$/.test(trimmed)) return { error: `${name} must be a number, like ${limit === 90 ? '14.5547' : '121.0244'}.` };
  const value = Number(trimmed);
  if (value < -limit || value > limit) return { error: `${name} must be between -${limit} and ${limit}.` };
  return { value };
}

const show = (n: number) => n.toFixed(5);

/** The device's position: the button, and what became of the request. */
function DeviceLocation({ status, onUseCurrentLocation }: { status: LocateStatus; onUseCurrentLocation?: () => void }) {
  return (
    <section aria-labelledby="locate-heading" className={cx(cardSurface, 'flex flex-col gap-3 p-4 shadow-sm')}>
      <h2 id="locate-heading" className="text-lg font-semibold text-ink">
        Where are you?
      </h2>
      <p className="text-muted">Use your phone's location so the rider finds the right door.</p>
      <Button variant="primary" size="lg" fullWidth icon={<LocationIcon size={20} />} onClick={onUseCurrentLocation} loading={status === 'locating'}>
        Use my current location
      </Button>
      {status === 'locating' && (
        <p role="status" className="text-sm text-muted">
          Finding your location…
        </p>
      )}
      {status === 'denied' && (
        <Notice tone="warning" title="Location is turned off for this site">
          Allow location in your browser's settings and try again, or type the coordinates below.
        </Notice>
      )}
      {status === 'unavailable' && (
        <Notice tone="warning" title="We couldn't find your location">
          Your device could not tell us where you are right now. Try again outdoors, or type the coordinates below.
        </Notice>
      )}
    </section>
  );
}

/** /set-location: the device's position, or latitude and longitude typed in, for a delivery address. */
export function SetLocationScreen({
  value = null,
  onUseCurrentLocation,
  status = 'idle',
  onContinue,
  continueLabel = 'Use this location',
  onBack,
  nav,
}: SetLocationScreenProps) {
  const [lat, setLat] = useState(value ? show(value.lat) : '');
  const [lng, setLng] = useState(value ? show(value.lng) : '');
  const [errors, setErrors] = useState<{ lat?: string; lng?: string }>({});
  // A new point from the device replaces what was typed.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value) {
      setLat(show(value.lat));
      setLng(show(value.lng));
      setErrors({});
    }
  }

  const pLat = parseCoordinate(lat, 90, 'Latitude');
  const pLng = parseCoordinate(lng, 180, 'Longitude');
  const chosen = pLat.value !== undefined && pLng.value !== undefined ? { lat: pLat.value, lng: pLng.value } : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) {
      setErrors({ lat: pLat.error, lng: pLng.error });
      return;
    }
    setErrors({});
    onContinue?.(chosen);
  };

  return (
    <AppShell header={<TopBar title="Set location" onBack={onBack} />} nav={nav}>
      <form noValidate onSubmit={submit} className="mx-auto flex w-full max-w-xl flex-col gap-6">
        <DeviceLocation status={status} onUseCurrentLocation={onUseCurrentLocation} />

        <fieldset className={cx(cardSurface, 'm-0 flex min-w-0 flex-col gap-3 p-4 shadow-sm')}>
          <legend className="float-left mb-1 text-lg font-semibold text-ink">Or enter coordinates</legend>
          <p className="clear-left text-sm text-muted">You can copy them from any map app, for example 14.5547, 121.0244.</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Latitude"
              name="lat"
              inputMode="decimal"
              autoComplete="off"
              value={lat}
              onChange={(e) => {
                setLat(e.target.value);
                if (errors.lat) setErrors((er) => ({ ...er, lat: undefined }));
              }}
              error={errors.lat}
            />
            <TextField
              label="Longitude"
              name="lng"
              inputMode="decimal"
              autoComplete="off"
              value={lng}
              onChange={(e) => {
                setLng(e.target.value);
                if (errors.lng) setErrors((er) => ({ ...er, lng: undefined }));
              }}
              error={errors.lng}
            />
          </div>
        </fieldset>

        <div className="flex flex-col gap-3">
          <p className="flex items-center gap-2 text-ink" aria-live="polite">
            <LocationIcon size={20} className="shrink-0 text-brand-ink" />
            {chosen ? (
              <span>
                Chosen location: <span className="font-semibold tabular-nums">{show(chosen.lat)}, {show(chosen.lng)}</span>
              </span>
            ) : (
              <span className="text-muted">No location chosen yet.</span>
            )}
          </p>
          <Button type="submit" size="lg" fullWidth>
            {continueLabel}
          </Button>
        </div>
      </form>
    </AppShell>
  );
}
