import type { ProviderContext } from './context';
import { HOUR, SECOND } from '../lib/clock';
import { runPointsExpiry } from './points/points.jobs';
import { advanceDemoOrders } from './orders/orders.jobs';
import { expireVouchers } from './rewards/vouchers.repo';
import { purgeIdempotencyKeys } from './http/idempotency';
import { purgeAuthLeftovers } from './auth/auth.service';

/** The hourly housekeeping: points expiry and notices, voucher expiry, old idempotency keys, spent codes and sessions. */
export async function runHourlyJobs(ctx: ProviderContext): Promise<void> {
  await runPointsExpiry(ctx);
  await expireVouchers(ctx.db, ctx.clock);
  await purgeIdempotencyKeys(ctx.db, ctx.clock);
  await purgeAuthLeftovers(ctx);
}

/** Starts the jobs (once now, then on their timers); returns a stop function. */
export function startJobs(ctx: ProviderContext): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  const guard = (name: string, job: () => Promise<void>) => () => {
    const p = job()
      .catch((err) => ctx.logger.error({ err, job: name }, 'job failed'))
      .finally(() => running.delete(p));
    running.add(p);
  };
  const hourly = guard('hourly', () => runHourlyJobs(ctx));
  const demo = guard('demo-orders', () => advanceDemoOrders(ctx));
  hourly();
  const timers = [setInterval(hourly, HOUR)];
  if (ctx.demoOrderProgress) timers.push(setInterval(demo, 5 * SECOND));
  for (const t of timers) t.unref();
  return async () => {
    for (const t of timers) clearInterval(t);
    await Promise.all(running);
  };
}
