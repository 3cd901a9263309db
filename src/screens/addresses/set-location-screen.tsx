import { Component, lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { MapConfig, MapPlace } from '#contract/map';
import { AppShell, Button, LocationIcon, Notice, TextField, TopBar, cardSurface, cx } from '../../ui';
import type { Coordinates } from './address-form';
import type { MapSearchState } from './location-map-section';

// the map (and its search) is its own chunk with Leaflet, loaded only when this page shows a map
const MapSection = lazy(() => import('./location-map-section'));

export type LocateStatus = 'idle' | 'locating' | 'denied' | 'unavailable';

export type { MapSearchState };

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
  /** The map's tiles and whether search is on; null or unset: no map (the coordinates still work). */
  map?: MapConfig | null;
  /** Where the map looks while there is no pin (the shop). */
  mapCenter?: Coordinates;
  /** The tiles could not be loaded (the map says so itself too; a story sets it). */
  mapUnavailable?: boolean;
  /** The address search and where it stands. */
  search?: MapSearchState;
  onSearch?: (query: string) => void;
  /** A search result was chosen: the pin moved there; the container fills the address fields from it. */
  onPickPlace?: (place: MapPlace) => void;
  /** The pin's point is outside every delivery area (null: not known). */
  outsideArea?: boolean | null;
  /** The point changed (typed, dropped, dragged, searched): the container may check the delivery area. */
  onPointChange?: (point: Coordinates | null) => void;
}

/** Manila: where a map with no pin and no shop to look at starts. */
const FALLBACK_CENTER: Coordinates = { lat: 14.5995, lng: 120.9842 };

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

/** Why there is no map: its tiles or its code could not be loaded (offline, the tile server down). */
function MapUnavailable() {
  return (
    <Notice tone="warning" title="The map is unavailable right now">
      Use your current location or type the coordinates below; your address is saved the same way.
    </Notice>
  );
}

/** The map's code failed to load (offline before it was ever kept): the page goes on without it. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <MapUnavailable /> : this.props.children;
  }
}

const mapLoading = (
  <div role="status" className="flex h-72 items-center justify-center rounded-xl border border-border bg-surface text-muted">
    Loading the map…
  </div>
);

/** Latitude and longitude typed in (or filled by the device, the map or a search). */
function CoordinateFields({
  values,
  errors,
  onChange,
}: {
  values: Record<Axis, string>;
  errors: Partial<Record<Axis, string>>;
  onChange: (axis: Axis, text: string) => void;
}) {
  return (
    <fieldset className={cx(cardSurface, 'm-0 flex min-w-0 flex-col gap-3 p-4 shadow-sm')}>
      <legend className="float-left mb-1 text-lg font-semibold text-ink">Or enter coordinates</legend>
      <p className="clear-left text-sm text-muted">You can copy them from any map app, for example 14.5547, 121.0244.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {AXES.map((axis) => (
          <TextField
            key={axis}
            label={AXIS_LABEL[axis]}
            name={axis}
            inputMode="decimal"
            autoComplete="off"
            value={values[axis]}
            onChange={(e) => onChange(axis, e.target.value)}
            error={errors[axis]}
          />
        ))}
      </div>
    </fieldset>
  );
}

type Axis = 'lat' | 'lng';
const AXES: readonly Axis[] = ['lat', 'lng'];
const AXIS_LABEL: Record<Axis, string> = { lat: 'Latitude', lng: 'Longitude' };

/** Tells `onPointChange` of each new point (not of each render, nor of a new callback). */
function usePointChange(point: Coordinates | null, onPointChange?: (p: Coordinates | null) => void) {
  const latest = useRef(onPointChange);
  useEffect(() => {
    latest.current = onPointChange;
  });
  const lat = point?.lat;
  const lng = point?.lng;
  useEffect(() => {
    latest.current?.(lat === undefined || lng === undefined ? null : { lat, lng });
  }, [lat, lng]);
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
  map = null,
  mapCenter = FALLBACK_CENTER,
  mapUnavailable = false,
  search = { status: 'idle' },
  onSearch,
  onPickPlace,
  outsideArea = null,
  onPointChange,
}: SetLocationScreenProps) {
  const [tilesFailed, setTilesFailed] = useState(false);
  const [lat, setLat] = useState(value ? show(value.lat) : '');
  const [lng, setLng] = useState(value ? show(value.lng) : '');
  const [errors, setErrors] = useState<{ lat?: string; lng?: string }>({});
  // a point from the device, the map or a search result: the fields show it, replacing what was typed
  const moveTo = (p: Coordinates) => {
    setLat(show(p.lat));
    setLng(show(p.lng));
    setErrors({});
  };
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value) moveTo(value);
  }

  const pLat = parseCoordinate(lat, 90, 'Latitude');
  const pLng = parseCoordinate(lng, 180, 'Longitude');
  const chosen = pLat.value !== undefined && pLng.value !== undefined ? { lat: pLat.value, lng: pLng.value } : null;

  // every change of the point (typed, dropped, dragged, found, from the device) may be checked against the delivery area
  usePointChange(chosen, onPointChange);

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
      <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
        <DeviceLocation status={status} onUseCurrentLocation={onUseCurrentLocation} />
        {map && (
          <MapBoundary>
            <Suspense fallback={mapLoading}>
              <MapSection
                notice={<MapUnavailable />}
                map={map}
                center={mapCenter}
                point={chosen}
                unavailable={mapUnavailable || tilesFailed}
                onUnavailable={() => setTilesFailed(true)}
                onMove={moveTo}
                search={search}
                onSearch={onSearch}
                onPick={(place) => {
                  moveTo({ lat: place.lat, lng: place.lng });
                  onPickPlace?.(place);
                }}
                outsideArea={outsideArea}
              />
            </Suspense>
          </MapBoundary>
        )}
        {!map && outsideArea && chosen && (
          <Notice tone="warning" title="We don't deliver here yet">
            This point is outside our delivery area. Choose another point, or choose pickup at checkout.
          </Notice>
        )}
        <form noValidate onSubmit={submit} className="flex flex-col gap-6">
          <CoordinateFields
            values={{ lat, lng }}
            errors={errors}
            onChange={(axis, text) => {
              (axis === 'lat' ? setLat : setLng)(text);
              if (errors[axis]) setErrors((er) => ({ ...er, [axis]: undefined }));
            }}
          />

          <div className="flex flex-col gap-3">
            <p className="flex items-center gap-2 text-ink" aria-live="polite">
              <LocationIcon size={20} className="shrink-0 text-brand-ink" />
              {chosen ? (
                <span>
                  Chosen location:{' '}
                  <span className="font-semibold tabular-nums">
                    {show(chosen.lat)}, {show(chosen.lng)}
                  </span>
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
      </div>
    </AppShell>
  );
}
