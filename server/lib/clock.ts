/** Time as the services see it; tests move it forward instead of waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class FakeClock implements Clock {
  private t: number;
  constructor(start: Date | string | number = Date.now()) {
    this.t = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
  set(at: Date | string | number): void {
    this.t = new Date(at).getTime();
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A stored time as the API writes it (ISO 8601, UTC); `null` stays `null`. Rows give a Date, JSON a string. */
export function isoTime(at: Date | string): string;
export function isoTime(at: Date | string | null): string | null;
export function isoTime(at: Date | string | null): string | null {
  return at == null ? null : new Date(at).toISOString();
}
