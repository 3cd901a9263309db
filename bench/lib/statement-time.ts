/**
 * Where an order's time goes in its database: the bench's provider (bench/servers/provider.ts) times
 * each statement at its driver, from sending it to its answer, so a wait for a row lock, a slow plan
 * and a busy event loop all show. Statements are grouped by kind: the first table each writes, or else
 * reads, with the verb ("insert pickup_slots", "select customers"), or the command ("begin", "commit").
 */

/** A statement's kind, from its SQL text. */
export function statementKind(text: string): string {
  const q = text.replace(/\s+/g, ' ').trim().toLowerCase();
  const command = /^(begin|commit|rollback|savepoint|release)\b/.exec(q);
  if (command) return command[1]!;
  const write = /\b(insert into|update|delete from) "?([a-z_][a-z0-9_]*)"?/.exec(q);
  if (write) return `${write[1]!.split(' ')[0]} ${write[2]}`;
  const read = /\bfrom "?([a-z_][a-z0-9_]*)"?/.exec(q);
  if (read) return `select ${read[1]}`;
  return q.split(' ')[0] ?? '';
}

/** Statements of one kind: how many, and their time in all, ms. */
export interface KindTime {
  n: number;
  ms: number;
}

export type StatementTimes = Record<string, KindTime>;

/** One kind's share of the orders placed meanwhile. */
export interface OrderStatementTime {
  kind: string;
  /** statements of this kind per order */
  perOrder: number;
  /** its mean time a statement, ms */
  msEach: number;
  /** its time per order, ms */
  msPerOrder: number;
}

/**
 * The kinds that took the most time between two readings of the provider's totals, per order placed
 * meanwhile (`placed`), the most first; `top` of them.
 */
export function orderStatementTimes(before: StatementTimes, after: StatementTimes, placed: number, top: number): OrderStatementTime[] {
  if (placed <= 0) return [];
  return Object.entries(after)
    .map(([kind, t]) => ({ kind, n: t.n - (before[kind]?.n ?? 0), ms: t.ms - (before[kind]?.ms ?? 0) }))
    .filter((k) => k.n > 0)
    .map((k) => ({ kind: k.kind, perOrder: k.n / placed, msEach: k.ms / k.n, msPerOrder: k.ms / placed }))
    .sort((a, b) => b.msPerOrder - a.msPerOrder)
    .slice(0, top);
}
