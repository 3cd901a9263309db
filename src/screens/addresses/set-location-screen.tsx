import { Component, lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MapConfig, MapPlace } from '#contract/map';
import { i18n } from '../../i18n/i18n';
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

// each axis's refusals, whole sentences (msg marks them for the catalogues; read in the language spoken)
const COORDINATE_WORDS = {
  lat: { limit: 90, empty: msg`Enter the latitude.`, nan: msg`Latitude must be a number, like 14.5547.`, range: msg`Latitude must be between -90 and 90.` },
  lng: {
    limit: 180,
    empty: msg`Enter the longitude.`,
    nan: msg`Longitude must be a number, like 121.0244.`,
    range: msg`Longitude must be between -180 and 180.`,
  },
};

function parseCoordinate(text: string, axis: Axis): { value?: number; error?: string } {
  const words = COORDINATE_WORDS[axis];
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return { error: i18n._(words.empty) };
  if (!/^[-+]?\d+(\.\d+)?$/.test(trimmed)) return { error: i18n._(words.nan) };
  const value = Number(trimmed);
  if (value < -words.limit || value > words.limit) return { error: i18n._(words.range) };
  return { value };
}

const show = (n: number) => n.toFixed(5);

/** The device's position: the button, and what became of the request. */
function DeviceLocation({ status, onUseCurrentLocation }: { status: LocateStatus; onUseCurrentLocation?: () => void }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="locate-heading" className={cx(cardSurface, 'flex flex-col gap-3 p-4 shadow-sm')}>
      <h2 id="locate-heading" className="text-lg font-semibold text-ink">
        <Trans>Where are you?</Trans>
      </h2>
      <p className="text-muted">
        <Trans>Use your phone's location so the rider finds the right door.</Trans>
      </p>
      <Button variant="primary" size="lg" fullWidth icon={<LocationIcon size={20} />} onClick={onUseCurrentLocation} loading={status === 'locating'}>
        <Trans>Use my current location</Trans>
      </Button>
      {status === 'locating' && (
        <p role="status" className="text-sm text-muted">
          <Trans>Finding your location…</Trans>
        </p>
      )}
      {status === 'denied' && (
        <Notice tone="warning" title={t`Location is turned off for this site`}>
          <Trans>Allow location in your browser's settings and try again, or type the coordinates below.</Trans>
        </Notice>
      )}
      {status === 'unavailable' && (
        <Notice tone="warning" title={t`We couldn't find your location`}>
          <Trans>Your device could not tell us where you are right now. Try again outdoors, or type the coordinates below.</Trans>
        </Notice>
      )}
    </section>
  );
}

/** Why there is no map: its tiles or its code could not be loaded (offline, the tile server down). */
function MapUnavailable() {
  const { t } = useLingui();
  return (
    <Notice tone="warning" title={t`The map is unavailable right now`}>
      <Trans>Use your current location or type the coordinates below; your address is saved the same way.</Trans>
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
    <Trans>Loading the map…</Trans>
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
  const { i18n: lingui } = useLingui();
  return (
    <fieldset className={cx(cardSurface, 'm-0 flex min-w-0 flex-col gap-3 p-4 shadow-sm')}>
      <legend className="float-left mb-1 text-lg font-semibold text-ink">
        <Trans>Or enter coordinates</Trans>
      </legend>
      <p className="clear-left text-sm text-muted">
        <Trans>You can copy them from any map app, for example 14.5547, 121.0244.</Trans>
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {AXES.map((axis) => (
          <TextField
            key={axis}
            label={lingui._(AXIS_LABEL[axis])}
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
const AXIS_LABEL = { lat: msg`Latitude`, lng: msg`Longitude` };

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
  continueLabel,
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
  const { t } = useLingui();
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

  const pLat = parseCoordinate(lat, 'lat');
  const pLng = parseCoordinate(lng, 'lng');
  const chosen = pLat.value !== undefined && pLng.value !== undefined ? { lat: pLat.value, lng: pLng.value } : null;
  const point = chosen ? `${show(chosen.lat)}, ${show(chosen.lng)}` : '';

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
    <AppShell header={<TopBar title={t`Set location`} onBack={onBack} />} nav={nav}>
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
          <Notice tone="warning" title={t`We don't deliver here yet`}>
            <Trans>This point is outside our delivery area. Choose another point, or choose pickup at checkout.</Trans>
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
                  <Trans>
                    Chosen location: <span className="font-semibold tabular-nums">{point}</span>
                  </Trans>
                </span>
              ) : (
                <span className="text-muted">
                  <Trans>No location chosen yet.</Trans>
                </span>
              )}
            </p>
            <Button type="submit" size="lg" fullWidth>
              {continueLabel ?? t`Use this location`}
            </Button>
          </div>
        </form>
      </div>
    </AppShell>
  );
}
