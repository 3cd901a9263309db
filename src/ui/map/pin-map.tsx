import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import L, { type LeafletEvent, type Map as LeafletMap, type Marker as LeafletMarker } from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import './pin-map.css';
import { Button } from '../button';
import { prefersReducedMotion } from '../lib/motion';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface PinMapProps {
  /** a raster tile URL template with {z}, {x} and {y} */
  tileUrl: string;
  /** the credit line the tiles' provider asks for (plain text) */
  attribution: string;
  /** the pin; null: none yet (a click or "Drop the pin here" sets it) */
  value: LatLng | null;
  /** where the map looks while there is no pin */
  center: LatLng;
  /** the pin was dropped, dragged or nudged */
  onChange: (point: LatLng) => void;
  /** the tiles cannot be loaded (offline, the tile server down): the page says so */
  onUnavailable?: () => void;
  /** the map's accessible name */
  label?: string;
  /** the pin's accessible name, given where it is */
  pinLabel?: (point: LatLng) => string;
}

/** How far one arrow key moves the pin, in screen pixels (so it is as fine at street level as it is across a city). */
const NUDGE_PX = 8;
const ZOOM_PINNED = 17;
const ZOOM_UNPINNED = 13;

/** The pin's picture: an SVG drawn by CSS (pin-map.css), no image file, nothing inline for the CSP to refuse. */
const PIN_ICON = L.divIcon({ className: 'pin-map-pin', iconSize: [32, 40], iconAnchor: [16, 40], html: '' });

const KEY_STEPS: Record<string, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** The pin, draggable, and movable with the arrow keys while it has focus. */
function Pin({ value, onChange, pinLabel }: { value: LatLng; onChange: (p: LatLng) => void; pinLabel: (p: LatLng) => string }) {
  const map = useMap();
  const ref = useRef<LeafletMarker>(null);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };

  useEffect(() => {
    const el = ref.current?.getElement();
    if (!el) return;
    el.setAttribute('role', 'button');
    el.setAttribute('aria-label', pinLabel(value));
    el.setAttribute('aria-roledescription', 'draggable pin');
  });

  useEffect(() => {
    const el = ref.current?.getElement();
    if (!el) return;
    const onKey = (e: KeyboardEvent) => {
      const step = KEY_STEPS[e.key];
      if (!step) return;
      e.preventDefault();
      e.stopPropagation();
      const { value: at, onChange: change } = latest.current;
      const point = map.latLngToContainerPoint([at.lat, at.lng]).add([step[0] * NUDGE_PX, step[1] * NUDGE_PX]);
      const next = map.containerPointToLatLng(point);
      change({ lat: round(next.lat), lng: round(L.Util.wrapNum(next.lng, [-180, 180], true)) });
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [map]);

  // keep the pin in view when it moves from outside the map (a search result, typed coordinates)
  useEffect(() => {
    if (!map.getBounds().pad(-0.25).contains([value.lat, value.lng]))
      map.setView([value.lat, value.lng], Math.max(map.getZoom(), ZOOM_PINNED), { animate: false });
  }, [map, value.lat, value.lng]);

  const handlers = useMemo(
    () => ({
      dragend: (e: LeafletEvent) => {
        const p = (e.target as LeafletMarker).getLatLng();
        latest.current.onChange({ lat: round(p.lat), lng: round(p.lng) });
      },
    }),
    [],
  );
  return <Marker ref={ref} position={[value.lat, value.lng]} icon={PIN_ICON} draggable keyboard eventHandlers={handlers} />;
}

/** A click (or tap) on the map drops the pin there. */
function DropOnClick({ onChange }: { onChange: (p: LatLng) => void }) {
  useMapEvents({ click: (e) => onChange({ lat: round(e.latlng.lat), lng: round(e.latlng.lng) }) });
  return null;
}

/** Without a pin, the map looks where it is told (the shop's place can arrive after the map). */
function FollowCenter({ center, pinned }: { center: LatLng; pinned: boolean }) {
  const map = useMap();
  // a new centre moves the map; a pin taken away (coordinates being retyped) does not
  const hasPin = useRef(pinned);
  useEffect(() => {
    hasPin.current = pinned;
  });
  useEffect(() => {
    if (!hasPin.current) map.setView([center.lat, center.lng], map.getZoom(), { animate: false });
  }, [map, center.lat, center.lng]);
  return null;
}

/**
 * Leaflet measures its box once, when it starts: a box that grows later (its stylesheet or the page's fonts
 * arriving on a slow phone, a window turned) would keep the first size's tiles and grey elsewhere. Leaflet is
 * asked to measure again whenever the box's size changes; it keeps the same place in the middle and loads what
 * is missing (and does nothing when the size is the one it knows).
 */
function KeepSized() {
  const map = useMap();
  useEffect(() => {
    // the first call comes at once: the box may have changed between Leaflet measuring it and this effect
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** Names the map for assistive technology (Leaflet makes its container focusable for keyboard panning). */
function Named({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const el = map.getContainer();
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

/** Tiles that never load (offline, the server down): said once, so the page can fall back to coordinates. */
function useTileHealth(onUnavailable?: () => void) {
  const loaded = useRef(false);
  const told = useRef(false);
  return useMemo(
    () => ({
      tileload: () => {
        loaded.current = true;
      },
      tileerror: () => {
        if (loaded.current || told.current) return;
        told.current = true;
        onUnavailable?.();
      },
    }),
    [onUnavailable],
  );
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * A map with one pin (Leaflet): click or tap to drop it, drag it, or focus it and move it with the arrow
 * keys. Raster tiles from the operator's tile server; nothing here knows what the pin is for.
 */
export default function PinMap({ tileUrl, attribution, value, center, onChange, onUnavailable, label, pinLabel }: PinMapProps) {
  const { t } = useLingui();
  const pinAt = (lat: string, lng: string) => t`Pin at ${lat}, ${lng}`;
  const pinName = pinLabel ?? ((p: LatLng) => pinAt(p.lat.toFixed(5), p.lng.toFixed(5)));
  const [start] = useState(() => (value ? { at: value, zoom: ZOOM_PINNED } : { at: center, zoom: ZOOM_UNPINNED }));
  // less motion asked for: tiles appear at once rather than fading in, and a zoom jumps
  const [moving] = useState(() => !prefersReducedMotion());
  const tileEvents = useTileHealth(onUnavailable);
  const mapRef = useRef<LeafletMap>(null);
  const dropInMiddle = () => {
    const c = mapRef.current?.getCenter();
    if (c) onChange({ lat: round(c.lat), lng: round(c.lng) });
  };
  return (
    <div className="flex flex-col gap-2">
      <MapContainer
        ref={mapRef}
        center={[start.at.lat, start.at.lng]}
        zoom={start.zoom}
        className="pin-map"
        scrollWheelZoom={false}
        attributionControl
        fadeAnimation={moving}
        zoomAnimation={moving}
        markerZoomAnimation={moving}
      >
        <Named label={label ?? t`Map`} />
        <KeepSized />
        <TileLayer url={tileUrl} attribution={attribution} eventHandlers={tileEvents} />
        <DropOnClick onChange={onChange} />
        <FollowCenter center={center} pinned={value !== null} />
        {value && <Pin value={value} onChange={onChange} pinLabel={pinName} />}
      </MapContainer>
      {/* without a mouse: the map pans with the arrow keys, then the pin goes to its middle */}
      <Button variant="secondary" size="sm" onClick={dropInMiddle}>
        {value ? t`Move the pin to the middle of the map` : t`Drop the pin in the middle of the map`}
      </Button>
    </div>
  );
}
