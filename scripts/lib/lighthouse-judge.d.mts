/** Types for lighthouse-judge.mjs (plain Node ESM, used by scripts/lighthouse.mjs). */
export declare const THRESHOLDS: Readonly<{ performance: number; accessibility: number; 'best-practices': number }>;
export declare const FAULT_LIMIT_US: number;
export declare const LAYOUT_SHIFT_LIMIT: number;
export declare function hostFit(faultMicros: number): boolean;
export declare function judge(
  run: { scores: Record<string, number | null>; layoutShift: number | null },
  faultMicros: number,
): { ok: boolean; below: string[]; unjudged: string[] };
