/**
 * A delivery area pasted as GeoJSON (from geojson.io or any map tool): a Polygon, a Feature with a
 * Polygon, or a FeatureCollection whose first feature is a Polygon. Anything else is said in words the
 * owner can act on; the polygon itself is checked with the contract's schema, as the provider checks it.
 */
import { t as say } from '@lingui/core/macro';
import { geoPolygon, type GeoPolygon } from '#contract/locations';

export type PastedArea = { polygon: GeoPolygon; corners: number } | { problem: string };

const typeOf = (v: unknown): string | null =>
  v && typeof v === 'object' && typeof (v as { type?: unknown }).type === 'string' ? (v as { type: string }).type : null;

const NOT_POLYGON = (type: string) =>
  type === 'MultiPolygon'
    ? say`This is a MultiPolygon (several shapes): paste one Polygon, and add each shape as its own area.`
    : say`This is a ${type}, not a Polygon: draw the area as one closed shape.`;

/** The polygon in what was pasted, with its corners (the ring's positions less the closing one), or what is wrong with it. */
export function readPastedArea(text: string): PastedArea {
  if (!text.trim()) return { problem: say`Paste the area as GeoJSON: a Polygon, or a Feature with one.` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // the braces as values: a brace in a message is ICU's own syntax
    const [open, close] = ['{', '}'];
    return { problem: say`This is not GeoJSON: it could not be read. Copy the whole text, from the first ${open} to the last ${close}.` };
  }
  let geometry: unknown = json;
  const type = typeOf(json);
  if (type === 'FeatureCollection') {
    const first = (json as { features?: unknown }).features;
    if (!Array.isArray(first) || first.length === 0) return { problem: say`This FeatureCollection has no features: draw a polygon first.` };
    geometry = (first[0] as { geometry?: unknown }).geometry;
  } else if (type === 'Feature') {
    geometry = (json as { geometry?: unknown }).geometry;
  } else if (type === null) {
    return { problem: say`This is not GeoJSON: it has no "type". Paste a Polygon, a Feature or a FeatureCollection.` };
  }
  const geometryType = typeOf(geometry);
  if (geometryType === null) return { problem: say`This feature has no geometry: draw a polygon first.` };
  if (geometryType !== 'Polygon') return { problem: NOT_POLYGON(geometryType) };
  const checked = geoPolygon.safeParse(geometry);
  if (!checked.success) {
    const why = checked.error.issues[0]?.message ?? say`it is not a GeoJSON Polygon`;
    // a position's own problem (a latitude out of range): say which number is which
    return {
      problem: why.startsWith('must')
        ? say`This polygon cannot be used: a corner ${why} (each is [longitude, latitude]).`
        : say`This polygon cannot be used: ${why}.`,
    };
  }
  return { polygon: checked.data, corners: checked.data.coordinates[0]!.length - 1 };
}
