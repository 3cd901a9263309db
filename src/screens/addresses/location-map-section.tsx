import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MapConfig, MapPlace } from '#contract/map';
import { Button, Notice, TextField, cardSurface, cx, focusRing } from '../../ui';
import PinMap from '../../ui/map/pin-map';
import type { Coordinates } from './address-form';

const show = (n: number) => n.toFixed(5);

/** Where an address search stands. */
export type MapSearchState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'done'; query: string; results: MapPlace[] }
  | { status: 'error'; query: string; message: string };

/** The address search: a search box of its own (not inside the coordinates form), then what it found. */
function AddressSearch({ search, onSearch, onPick }: { search: MapSearchState; onSearch?: (q: string) => void; onPick: (place: MapPlace) => void }) {
  const { t } = useLingui();
  const [query, setQuery] = useState(search.status === 'idle' ? '' : search.query);
  const [error, setError] = useState<string | undefined>();
  // the result the pin went to: marked in the list and said, so a screen reader hears where the pin is
  const [picked, setPicked] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = query.trim();
    if (!q) return setError(t`Type an address or a place to search for.`);
    setError(undefined);
    setPicked(null);
    onSearch?.(q);
  };
  const searched = search.status === 'idle' ? '' : search.query;
  return (
    <div className="flex flex-col gap-3">
      <form role="search" aria-label={t`Address search`} noValidate onSubmit={submit} className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label={t`Search for an address`}
            name="map-search"
            type="search"
            autoComplete="off"
            maxLength={200}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            error={error}
            hint={t`A street and city, a building or a landmark.`}
          />
        </div>
        <Button type="submit" variant="secondary" loading={search.status === 'loading'} className="mb-6">
          <Trans>Search</Trans>
        </Button>
      </form>
      <div aria-live="polite" className="flex flex-col gap-2">
        {search.status === 'loading' && (
          <p role="status" className="text-sm text-muted">
            <Trans>Searching…</Trans>
          </p>
        )}
        {search.status === 'done' && search.results.length === 0 && (
          <p role="status" className="text-sm text-ink">
            <Trans>Nothing found for “{searched}”. Try a street and city, or move the pin on the map.</Trans>
          </p>
        )}
        {search.status === 'error' && (
          <Notice tone="warning" title={t`Search is not working right now`}>
            {search.message}
          </Notice>
        )}
        {search.status === 'done' && search.results.length > 0 && (
          <ul aria-label={t`Search results`} className="flex flex-col gap-1">
            {search.results.map((place) => (
              <li key={`${place.lat},${place.lng},${place.label}`}>
                <button
                  type="button"
                  aria-current={picked === place.label ? 'true' : undefined}
                  onClick={() => {
                    setPicked(place.label);
                    onPick(place);
                  }}
                  className={cx(
                    'w-full rounded-lg border bg-surface-raised px-3 py-2 text-left text-ink hover:bg-surface',
                    picked === place.label ? 'border-brand' : 'border-border',
                    focusRing,
                  )}
                >
                  {place.label}
                </button>
              </li>
            ))}
          </ul>
        )}
        {search.status === 'done' && picked && (
          <p role="status" className="text-sm text-ink">
            <Trans>The pin is at {picked}. Drag it to your door if it is not quite there.</Trans>
          </p>
        )}
      </div>
    </div>
  );
}

/** The map with its pin and the address search (this module is the map's chunk, with Leaflet). */
export default function MapSection({
  map,
  center,
  point,
  unavailable,
  onUnavailable,
  onMove,
  search,
  onSearch,
  onPick,
  outsideArea,
  notice,
}: {
  /** what shows instead of the map when its tiles do not load */
  notice: ReactNode;
  map: MapConfig;
  center: Coordinates;
  point: Coordinates | null;
  unavailable: boolean;
  onUnavailable: () => void;
  onMove: (p: Coordinates) => void;
  search: MapSearchState;
  onSearch?: (q: string) => void;
  onPick: (place: MapPlace) => void;
  outsideArea?: boolean | null;
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="map-heading" className={cx(cardSurface, 'flex flex-col gap-3 p-4 shadow-sm')}>
      <h2 id="map-heading" className="text-lg font-semibold text-ink">
        {map.search ? t`Find it on the map` : t`Put a pin on the map`}
      </h2>
      {map.search && <AddressSearch search={search} onSearch={onSearch} onPick={onPick} />}
      {unavailable ? (
        notice
      ) : (
        <>
          <p className="text-sm text-muted">
            <Trans>Tap the map to drop the pin, then drag it to your door. With a keyboard, focus the pin and move it with the arrow keys.</Trans>
          </p>
          <PinMap
            tileUrl={map.tile_url}
            attribution={map.attribution}
            value={point}
            center={center}
            onChange={onMove}
            onUnavailable={onUnavailable}
            label={t`Map of the delivery location`}
            pinLabel={(p) => {
              const lat = show(p.lat);
              const lng = show(p.lng);
              return t`Delivery pin at ${lat}, ${lng}. Move it with the arrow keys.`;
            }}
          />
        </>
      )}
      {outsideArea && point && (
        <Notice tone="warning" title={t`We don't deliver here yet`}>
          <Trans>This point is outside our delivery area. Move the pin to your address, or choose pickup at checkout.</Trans>
        </Notice>
      )}
    </section>
  );
}
