export interface WheelSegmentInput {
  id: number | string;
  label: string;
  /** Disclosed probability; slices are drawn proportional to it (normalised to the total). */
  probability: number;
  color?: string;
}

export interface Slice<S extends WheelSegmentInput = WheelSegmentInput> {
  segment: S;
  /** Degrees clockwise from the top (where the pointer is). */
  start: number;
  end: number;
  center: number;
}

/** Slice angles: each segment's share of the total probability × 360°. */
export function slices<S extends WheelSegmentInput>(segments: S[]): Slice<S>[] {
  const total = segments.reduce((sum, s) => sum + Math.max(0, s.probability), 0) || 1;
  let angle = 0;
  return segments.map((segment) => {
    const sweep = (Math.max(0, segment.probability) / total) * 360;
    const slice = { segment, start: angle, end: angle + sweep, center: angle + sweep / 2 };
    angle += sweep;
    return slice;
  });
}

/**
 * The rotation (degrees, clockwise, always increasing) that brings `center` under the pointer at
 * the top, after `turns` whole turns from `from`.
 */
export function rotationToLand(from: number, center: number, turns = 5): number {
  const current = ((from % 360) + 360) % 360;
  const wanted = (((-center - current) % 360) + 360) % 360;
  return from + turns * 360 + wanted;
}

/** SVG path of a pie slice on a circle of radius r centred at (r, r); 0° is the top. */
export function slicePath(r: number, start: number, end: number): string {
  const point = (deg: number) => {
    const rad = ((deg - 90) * Math.PI) / 180;
    return `${(r + r * Math.cos(rad)).toFixed(3)} ${(r + r * Math.sin(rad)).toFixed(3)}`;
  };
  if (end - start >= 359.999) return `M${r} 0A${r} ${r} 0 1 1 ${r - 0.001} 0Z`;
  const large = end - start > 180 ? 1 : 0;
  return `M${r} ${r}L${point(start)}A${r} ${r} 0 ${large} 1 ${point(end)}Z`;
}
