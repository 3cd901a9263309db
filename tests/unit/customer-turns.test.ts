import { describe, expect, it } from 'vitest';
import { CUSTOMER_WRITES_WAITING, customerTurns } from '../../server/provider/http/customer-turns';
import { AppError } from '../../server/provider/http/errors';

/** A write that runs until `release()` is called, and says when it started. */
function held(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  return {
    write: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    release: () => release(),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("customerTurns: one customer's writing calls take turns on an instance", () => {
  it("runs one customer's calls one at a time, in the order they came, and another customer's beside them", async () => {
    const turns = customerTurns(1);
    const log: string[] = [];
    const a1 = held(log, 'a1');
    const a2 = held(log, 'a2');
    const a3 = held(log, 'a3');
    const b1 = held(log, 'b1');
    const runs = [turns.run(1, a1.write), turns.run(1, a2.write), turns.run(1, a3.write), turns.run(2, b1.write)];
    await tick();
    expect(log).toEqual(['start a1', 'start b1']);
    expect(turns.lines).toBe(2);
    a1.release();
    await tick();
    expect(log).toEqual(['start a1', 'start b1', 'end a1', 'start a2']);
    a3.release();
    await tick();
    // a3 waits its turn even though it could finish
    expect(log.at(-1)).toBe('start a2');
    a2.release();
    b1.release();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'a3', 'b1']);
    expect(log.filter((l) => l.startsWith('start'))).toEqual(['start a1', 'start b1', 'start a2', 'start a3']);
    // lines are dropped once empty: nothing kept per customer
    expect(turns.lines).toBe(0);
  });

  it('a failed call gives its turn to the next, and its error to its caller', async () => {
    const turns = customerTurns(1);
    const failing = turns.run(7, async () => {
      throw new Error('refused');
    });
    const next = turns.run(7, async () => 'ran');
    await expect(failing).rejects.toThrow('refused');
    await expect(next).resolves.toBe('ran');
    expect(turns.lines).toBe(0);
  });

  it("runs up to `atOnce` of a customer's calls together; 0 runs every call at once", async () => {
    for (const [atOnce, together] of [
      [2, 2],
      [0, 5],
    ] as const) {
      const turns = customerTurns(atOnce);
      const log: string[] = [];
      const calls = Array.from({ length: 5 }, (_, i) => held(log, String(i)));
      const runs = calls.map((c) => turns.run(1, c.write));
      await tick();
      expect(log, `atOnce ${atOnce}`).toHaveLength(together);
      for (const c of calls) c.release();
      await Promise.all(runs);
      expect(log.filter((l) => l.startsWith('start'))).toHaveLength(5);
    }
  });

  it(`refuses a call at once (429 RATE_LIMITED, Retry-After 1) past ${CUSTOMER_WRITES_WAITING} waiting, and takes calls again as the line shortens`, async () => {
    const turns = customerTurns(1);
    const log: string[] = [];
    const calls = Array.from({ length: 1 + CUSTOMER_WRITES_WAITING }, (_, i) => held(log, String(i)));
    const runs = calls.map((c) => turns.run(1, c.write));
    const refused = await turns.run(1, async () => 'never').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED', headers: { 'Retry-After': '1' } });
    expect(log).toEqual(['start 0']);
    // another customer's calls are their own line
    await expect(turns.run(2, async () => 'theirs')).resolves.toBe('theirs');
    calls[0]!.release();
    await runs[0];
    const taken = turns.run(1, async () => 'taken');
    for (const c of calls) c.release();
    await expect(taken).resolves.toBe('taken');
    await Promise.all(runs);
    expect(turns.lines).toBe(0);
  });

  it('refuses a limit that is not a whole number of 0 or more', () => {
    expect(() => customerTurns(-1)).toThrow(/0 or more/);
    expect(() => customerTurns(1.5)).toThrow(/whole number/);
  });
});
