/**
 * How scripts/lighthouse.ts judges an audited page, kept apart so it is tested on its own.
 *
 * Accessibility and best practices do not depend on the machine and are judged on every host. The
 * performance score is a simulation built from the time each task took in the browser, so it is only
 * as good as the machine it ran on: a host is fit to judge it when it maps a page of memory (4 KiB, the
 * size Chromium's renderer mostly faults in) in no more than FAULT_LIMIT_US. A desktop or a phone takes
 * well under 1 µs; some sandboxed virtual machines take 10 to 20 µs, and there every task of the page is
 * inflated and Lighthouse multiplies it by 4. On such a host a score that meets its threshold passes as
 * anywhere (the host only ever makes it lower); one below it is measured, kept and printed but not held
 * to it, and what of performance does not depend on the host's speed is judged there: the layout shift
 * (cumulative layout shift at most LAYOUT_SHIFT_LIMIT, Google's "good").
 */
export const THRESHOLDS = Object.freeze({ performance: 95, accessibility: 100, 'best-practices': 95 });
export const FAULT_LIMIT_US = 2;
export const LAYOUT_SHIFT_LIMIT = 0.1;

/** Whether a host whose page fault costs `faultMicros` µs can judge a performance score. */
export function hostFit(faultMicros: number): boolean {
  return Number.isFinite(faultMicros) && faultMicros <= FAULT_LIMIT_US;
}

/** One audited page, as scripts/lighthouse.ts measures it. */
export interface AuditedRun {
  scores: Record<string, number | null>;
  layoutShift: number | null;
}

/**
 * `below`: the categories below their threshold (or the layout shift, as 'cumulative-layout-shift');
 * `unjudged`: those below it that this host cannot judge.
 */
export interface Judgement {
  ok: boolean;
  below: string[];
  unjudged: string[];
}

/**
 * Judges one audited page (`run`) on a host whose fresh 4 KiB page costs `faultMicros` µs.
 */
export function judge(run: AuditedRun, faultMicros: number): Judgement {
  const fit = hostFit(faultMicros);
  const below: string[] = [];
  const unjudged: string[] = [];
  for (const [category, min] of Object.entries(THRESHOLDS)) {
    const score = run.scores[category];
    if (category === 'performance' && !fit && !(score != null && score >= min)) {
      unjudged.push(category);
      continue;
    }
    if (score == null || score < min) below.push(category);
  }
  if (!fit && (run.layoutShift == null || run.layoutShift > LAYOUT_SHIFT_LIMIT)) below.push('cumulative-layout-shift');
  return { ok: below.length === 0, below, unjudged };
}
