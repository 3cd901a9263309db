/**
 * The provider's background jobs, run by pg-boss on the provider's own database (server/lib/job-engine.ts).
 * pg-boss owns the schedule, the queue, retries and expiry; this file says what runs and how often.
 *
 * - `hourly`: runHourlyJobs, on pg-boss's cron at the top of every hour and once at start. The queue is
 *   `stately` (at most one run waiting and one running, never two at once), and cron and start-up runs
 *   are filed in a one-hour throttle slot (`singletonSeconds: 3600`), so however many instances share
 *   the database, the cron occurrence and every instance's start-up run of one hour make ONE job.
 *   A run that throws is retried up to 5 times with exponential backoff (after 1-2, 2-4, 4-8, 8-16 and
 *   16-30 minutes); a run still going after 15 minutes is failed and retried (by whichever instance
 *   fetches it next), and so is one whose instance died, within about 35 s: its worker's heartbeat
 *   (every 10 s) stops, and pg-boss's supervision, on every live instance, fails it after 20 s.
 * - `demo-orders` (only with the demo on): advanceDemoOrders about every 5 s. pg-boss's cron stops at
 *   minutes, so each run first queues the next one 5 s ahead (`startAfter`); the `stately` queue holds
 *   at most one waiting, so N instances (or a stray extra send) never add a second. The chain is seeded
 *   at start and re-seeded by a pg-boss cron every minute, so it heals within a minute if a process
 *   dies between taking a run and queueing the next. No retries: the next run is 5 s away anyway.
 *
 * - `unpaid-orders`: releaseUnpaidOrders about every 15 s, chained like the demo's (its own `startAfter`,
 *   a `stately` queue, re-seeded by a cron every minute): an order waiting for an online payment holds
 *   its pickup slot for 10 minutes (orders/holds.ts); then it is cancelled as unpaid and its slot given
 *   back. The orders are taken one per transaction `for update skip locked`, so two instances, or a run
 *   repeated, never release one twice.
 * - `push` (only with web push set up): sendDuePushes about every 3 s, chained like the demo's (its
 *   own `startAfter`, a `stately` queue, re-seeded by a cron every minute). The deliveries themselves
 *   are claimed `for update skip locked` with a lease (push/push.sender.ts), so two instances, or a run
 *   repeated, never send one twice; their retries are the outbox's (backoff per delivery), not pg-boss's.
 * - `broadcasts`: sendDueBroadcasts about every 5 s, chained like the demo's (its own `startAfter`, a
 *   `stately` queue, re-seeded by a cron every minute): an owner's one-off message reaches its customers
 *   in batches within seconds of being sent. Each message is recorded unique by broadcast and customer
 *   before it is written (campaigns/broadcasts.service.ts), so a run repeated, failed half-way and run
 *   again by the next link of the chain, or run on two instances, never sends one twice.
 * - `gift-cards`: deliverDueGiftCards about every 10 s, chained like the demo's: eGift cards whose
 *   delivery time has come are sent by text or e-mail, each taken `for update skip locked` and marked
 *   delivered in the transaction that sends it (gift-cards/delivery.ts), so none is sent twice.
 *
 * - `receipts`: sendDueReceipts about every 5 s, chained like the demo's: the receipts queued when orders
 *   completed (one row per order and channel, unique), each leased by the statement that takes it and
 *   marked sent after (receipts/receipts.send.ts), so two runs never send one at once, and a failed send is
 *   tried again after a backoff.
 *
 * - `webhooks`: sendDueWebhooks about every 5 s, chained like the demo's: the outbound webhooks' outbox
 *   (webhooks/webhooks.sender.ts). Deliveries are claimed `for update skip locked` with a lease, so two
 *   instances never send one at once; their retries (5 s up to 20 h) are the outbox's, not pg-boss's.
 *
 * - `auto-reload`: runDueReloads about every 5 s, chained like the demo's: the reloads queued by wallet
 *   spends that crossed a customer's line (payments/auto-reload.ts), each claimed `for update skip
 *   locked` and charged with an idempotency key of its own, so a repeat never charges twice.
 *
 * - `backup` (only with a schedule, ProviderContext.backups): takeBackup on BACKUP_SCHEDULE's cron (default
 *   03:00 daily) in the shop's time zone (as it was at start), once across every instance; a run that
 *   fails is retried twice, 5 and 10 minutes later. Its last log line says where the file went and how big.
 *
 * Every instance runs a worker for each queue; pg-boss hands each job to exactly one of them. The job
 * bodies still take their rows with `for update skip locked` or idempotent SQL, the second line of
 * defence should a run be repeated (a retry after an expiry, for instance).
 */
import type { PgBoss } from 'pg-boss';
import type { ProviderContext } from './context';
import { createJobEngine, startJobEngine } from '../lib/job-engine';
import { creditPendingPoints, runPointsExpiry } from './points/points.jobs';
import { advanceDemoOrders, releaseUnpaidOrders } from './orders/orders.jobs';
import { expireVouchers } from './rewards/vouchers.repo';
import { purgeIdempotencyKeys } from './http/idempotency';
import { purgeAuthLeftovers } from './auth/auth.service';
import { purgeStaffLeftovers } from './staff/activity.service';
import { retryRefunds } from './orders/refunds';
import { purgeShortCodes } from './rewards/voucher-codes';
import { purgeCallNonces } from './http/signature-check';
import { purgeUseCounts } from './http/use-limit';
import { giveBirthdayTreats } from './customers/birthdays.service';
import { settleDueReferrals } from './referrals/referrals.service';
import { runTiers } from './tiers/tiers.service';
import { purgePushDeliveries, sendDuePushes } from './push/push.sender';
import { pushPassUpdates } from './passes/passes.service';
import { expiringCampaignOn, runCampaigns } from './campaigns/campaigns.run';
import { sendDueBroadcasts } from './campaigns/broadcasts.service';
import { deliverDueGiftCards } from './gift-cards/delivery';
import { runDueReloads } from './payments/auto-reload';
import { sendDueReceipts } from './receipts/receipts.send';
import { getMerchant } from './settings/settings.service';
import { eraseDueAccounts } from './privacy/privacy.service';
import { purgeWebhookDeliveries, sendDueWebhooks } from './webhooks/webhooks.sender';
import { sizeInWords, takeBackup, type BackupResult } from '../db/backup';

/**
 * The hourly housekeeping: pending points whose hold has ended credited (and the referrals that decides),
 * points expiry and notices, voucher expiry, old idempotency keys, spent codes
 * and sessions, cancelled orders' gateway refunds still owed, vouchers' old short codes, the call
 * signatures' expired nonces (also purged as calls arrive), the birthday treats of the day (once a
 * customer and year, however many runs and instances), the tiers' day (renewals, drops and notices once
 * a day per customer), the automatic campaigns (once per customer and period, from 09:00 until 21:00 in
 * the shop's time zone).
 */
export async function runHourlyJobs(ctx: ProviderContext): Promise<void> {
  // the e-mail server or payment gateway an owner connected on another instance (refunds, campaigns' e-mails)
  await ctx.channels.refresh(Date.now());
  await creditPendingPoints(ctx);
  // the referrals whose friend's first order's points were just credited
  await settleDueReferrals(ctx);
  // the points-expiring campaign, when on, announces expiring points itself (by day only): no second notice
  await runPointsExpiry(ctx, { notices: !(await expiringCampaignOn(ctx.db)) });
  await expireVouchers(ctx.db, ctx.clock);
  await purgeIdempotencyKeys(ctx.db, ctx.clock);
  await purgeAuthLeftovers(ctx);
  await purgeStaffLeftovers(ctx);
  await retryRefunds(ctx);
  await purgeShortCodes(ctx);
  await purgeCallNonces(ctx.db, ctx.clock.now());
  await purgeUseCounts(ctx.db, ctx.clock.now());
  await giveBirthdayTreats(ctx);
  await runTiers(ctx);
  await purgePushDeliveries(ctx);
  await purgeWebhookDeliveries(ctx);
  // accounts whose deletion's cooling-off period ended
  await eraseDueAccounts(ctx);
  const campaigns = await runCampaigns(ctx);
  // one line an hour: what the campaigns sent, or that it was night in the shop's zone
  ctx.logger.info({ campaigns }, 'hourly jobs done');
}

/** pg-boss queue names */
export const HOURLY_QUEUE = 'hourly';
export const DEMO_QUEUE = 'demo-orders';
export const PUSH_QUEUE = 'push';
export const UNPAID_QUEUE = 'unpaid-orders';
/** owners' one-off broadcasts, reaching their customers in batches */
export const BROADCAST_QUEUE = 'broadcasts';
/** eGift cards sent at the time their buyers chose */
export const GIFT_CARDS_QUEUE = 'gift-cards';
/** completed orders' receipts by e-mail and text */
export const RECEIPTS_QUEUE = 'receipts';
/** the wallet passes' updates (APNs pushes, Google PATCHes): every minute while a wallet is configured */
export const PASSES_QUEUE = 'wallet-passes';
/** outbound webhooks' deliveries, every 5 s */
export const WEBHOOKS_QUEUE = 'webhooks';
/** the wallets' auto-reloads (issue 49), every 5 s */
export const AUTO_RELOAD_QUEUE = 'auto-reload';
/** the scheduled backup */
export const BACKUP_QUEUE = 'backup';

/**
 * Takes a backup now with this provider's settings (ProviderContext.backups) and logs, as its last line,
 * where it went and how big it is.
 */
export async function runBackup(ctx: ProviderContext): Promise<BackupResult> {
  const setup = ctx.backups;
  if (!setup) throw new Error('backups are not set up for this provider');
  ctx.logger.info({ dir: setup.dir }, 'backup: starting');
  const result = await takeBackup(ctx.db, { ...setup, now: ctx.clock.now() });
  if (result.pruned.length > 0)
    ctx.logger.info(
      { removed: result.pruned },
      `backup: ${result.pruned.length} older backup(s) removed (keeping ${setup.keepDaily} daily, ${setup.keepWeekly} weekly)`,
    );
  ctx.logger.info(
    { file: result.file, bytes: result.bytes, encrypted: result.encrypted },
    `backup written: ${result.file} (${sizeInWords(result.bytes)}, ${result.encrypted ? 'encrypted' : 'NOT encrypted: set BACKUP_KEY'})`,
  );
  return result;
}

const HOURLY_SLOT_SECONDS = 3600;

export interface JobOptions {
  /** the hourly job's body; default runHourlyJobs (tests pass a spy) */
  hourly?: (ctx: ProviderContext) => Promise<unknown>;
  /** the demo progression's body; default advanceDemoOrders */
  demoOrders?: (ctx: ProviderContext) => Promise<unknown>;
  /** seconds before the first retry of a failed hourly run, doubling each time (with jitter). Default 60 */
  retryDelaySeconds?: number;
  /** seconds between the hourly worker's looks for a run (a retry is fetched at the next look). Default 5 */
  hourlyPollSeconds?: number;
  /** seconds an hourly run may take before it is failed and retried. Default 900 */
  hourlyExpireSeconds?: number;
  /** seconds between demo runs. Default 5 */
  demoEverySeconds?: number;
  /** seconds between runs releasing unpaid orders whose hold ended. Default 15 */
  unpaidEverySeconds?: number;
  /** seconds between push runs. Default 3 */
  pushEverySeconds?: number;
  /** seconds between runs sending owners' broadcasts. Default 5 */
  broadcastEverySeconds?: number;
  /** seconds between runs sending eGift cards whose time has come. Default 10 */
  giftCardsEverySeconds?: number;
  /** seconds between runs sending receipts. Default 5 */
  receiptsEverySeconds?: number;
  /** seconds between runs sending webhooks. Default 5 */
  webhooksEverySeconds?: number;
  /** seconds between runs charging the wallets' auto-reloads. Default 5 */
  autoReloadEverySeconds?: number;
  /** how long stop() waits for running jobs before failing them (pg-boss retries them later). Default 10 s */
  stopTimeoutMs?: number;
  /** pg-boss constructor options to change (tests) */
  engine?: Parameters<typeof createJobEngine>[1]['overrides'];
}

/**
 * A running job's worker refreshes its claim every half of this; a claim not refreshed for this long
 * (its instance died, froze or lost the database) is failed by any live instance's supervision (every
 * 15 s, lib/job-engine.ts) and retried by whichever fetches it next: a dead instance gives its job back
 * within about 35 s, however long a live run is allowed to take (the hourly run keeps its 15 minutes).
 */
const JOB_HEARTBEAT_SECONDS = 20;

interface Runner {
  boss: PgBoss;
  /** settles when the queues, schedules and workers are in place; rejects if pg-boss could not start */
  ready: Promise<void>;
  hourlyWorker?: string;
}

const runners = new WeakMap<ProviderContext, Runner>();

/**
 * Starts the jobs for this provider in the background (pg-boss's start takes 0.1 to 0.5 s; requests
 * are served meanwhile) and returns the function that stops them: it waits for running jobs, at most
 * `stopTimeoutMs`, then fails what is still running so that pg-boss retries it.
 */
export function startJobs(ctx: ProviderContext, options: JobOptions = {}): () => Promise<void> {
  if (runners.has(ctx)) throw new Error('the jobs are already running for this provider');
  const demoEvery = options.demoEverySeconds ?? 5;
  const pushEvery = options.pushEverySeconds ?? 3;
  const unpaidEvery = options.unpaidEverySeconds ?? 15;
  const broadcastEvery = options.broadcastEverySeconds ?? 5;
  const giftCardsEvery = options.giftCardsEverySeconds ?? 10;
  const webhooksEvery = options.webhooksEverySeconds ?? 5;
  const autoReloadEvery = options.autoReloadEverySeconds ?? 5;
  const receiptsEvery = options.receiptsEverySeconds ?? 5;
  const boss = createJobEngine(ctx.db, { logger: ctx.logger, ...(options.engine ? { overrides: options.engine } : {}) });
  let stopped = false;
  const runner: Runner = { boss, ready: Promise.resolve() };
  const s: JobSetup = { ctx, boss, stopped: () => stopped };

  async function setUp(): Promise<void> {
    await startJobEngine(ctx.db, boss);
    if (stopped) return;
    await startHourly(s, runner, options);
    await chain(s, DEMO_QUEUE, ctx.demoOrderProgress, demoEvery, 60, options.demoOrders ?? advanceDemoOrders);
    if (stopped) return;
    await chain(s, UNPAID_QUEUE, true, unpaidEvery, 60, releaseUnpaidOrders);
    if (stopped) return;
    await chain(s, PUSH_QUEUE, ctx.push !== null, pushEvery, 60, sendDuePushes);
    if (stopped) return;
    await chain(s, BROADCAST_QUEUE, true, broadcastEvery, 600, sendDueBroadcasts);
    if (stopped) return;
    await chain(s, GIFT_CARDS_QUEUE, true, giftCardsEvery, 300, deliverDueGiftCards);
    await chain(s, RECEIPTS_QUEUE, true, receiptsEvery, 300, sendDueReceipts);
    await chain(s, WEBHOOKS_QUEUE, true, webhooksEvery, 600, sendDueWebhooks);
    await chain(s, AUTO_RELOAD_QUEUE, true, autoReloadEvery, 600, runDueReloads);
    await startPassUpdates(s);
    if (stopped) return;
    const backupAt = await scheduleBackups(s);
    ctx.logger.info(
      {
        hourly: 'at start and at minute 0 of every hour',
        demoOrders: ctx.demoOrderProgress ? `every ${demoEvery} s` : 'off',
        unpaidOrders: `every ${unpaidEvery} s`,
        push: ctx.push ? `every ${pushEvery} s` : 'off',
        broadcasts: `every ${broadcastEvery} s`,
        webhooks: `every ${webhooksEvery} s`,
        autoReload: `every ${autoReloadEvery} s`,
        receipts: `every ${receiptsEvery} s`,
        walletPasses: ctx.passes.apple || ctx.passes.google ? 'every minute' : 'off',
        backup: backupAt,
      },
      'jobs running (pg-boss)',
    );
  }

  runner.ready = setUp().catch((err: unknown) => {
    if (!stopped) ctx.logger.error({ err }, 'the jobs could not start: no hourly housekeeping or demo progression on this instance');
    throw err;
  });
  runner.ready.catch(() => {});
  runners.set(ctx, runner);

  let stopping: Promise<void> | undefined;
  return () =>
    (stopping ??= (async () => {
      stopped = true;
      try {
        // pg-boss waits for a start still in flight, and for running handlers up to the timeout
        await boss.stop({ graceful: true, timeout: options.stopTimeoutMs ?? 10_000 });
      } catch (err) {
        ctx.logger.warn({ err }, 'the jobs did not stop cleanly');
      }
      await runner.ready.catch(() => {});
      runners.delete(ctx);
    })());
}

/** What setting up a queue needs: the provider, its pg-boss, and whether the jobs were stopped meanwhile. */
interface JobSetup {
  ctx: ProviderContext;
  boss: PgBoss;
  stopped: () => boolean;
}

/** The hourly housekeeping: its retried queue, the cron at minute 0, its worker, and one run at start. */
async function startHourly({ ctx, boss, stopped }: JobSetup, runner: Runner, options: JobOptions): Promise<void> {
  const hourly = options.hourly ?? runHourlyJobs;
  const hourlyQueue = {
    retryLimit: 5,
    retryDelay: options.retryDelaySeconds ?? 60,
    retryBackoff: true,
    retryDelayMax: 1800,
    expireInSeconds: options.hourlyExpireSeconds ?? 900,
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  };
  await boss.createQueue(HOURLY_QUEUE, { policy: 'stately', ...hourlyQueue });
  // a queue made by an earlier release keeps its settings: bring them to this release's
  await boss.updateQueue(HOURLY_QUEUE, hourlyQueue);
  await boss.schedule(HOURLY_QUEUE, '0 * * * *', null, { singletonSeconds: HOURLY_SLOT_SECONDS });
  if (stopped()) return;
  runner.hourlyWorker = await boss.work(HOURLY_QUEUE, { pollingIntervalSeconds: options.hourlyPollSeconds ?? 5 }, async () => {
    try {
      await hourly(ctx);
    } catch (err) {
      ctx.logger.error({ err, job: HOURLY_QUEUE }, 'job failed (it is retried later)');
      throw err;
    }
  });
  // the start-up run: one per hour slot across every instance (a restart within the hour adds none)
  if ((await boss.send(HOURLY_QUEUE, null, { singletonSeconds: HOURLY_SLOT_SECONDS })) && runner.hourlyWorker) boss.notifyWorker(runner.hourlyWorker);
}

/**
 * A queue run every `every` seconds while `on`: each run first queues the next (`startAfter`), so a
 * process dying in one leaves the chain in place; the `stately` queue holds one waiting run however
 * many instances add one, and a cron every minute seeds the chain again should it break. The instance
 * that queued a run wakes its own worker when the run falls due; otherwise a worker looks for work every
 * CHAIN_POLL_SECONDS. Off: its re-seeding stops (a run still queued is never fetched).
 */
async function chain(
  { ctx, boss, stopped }: JobSetup,
  queue: string,
  on: boolean,
  every: number,
  expireInSeconds: number,
  body: (ctx: ProviderContext) => Promise<unknown>,
): Promise<void> {
  if (!on) {
    await boss.unschedule(queue);
    return;
  }
  const settings = { retryLimit: 0, expireInSeconds, heartbeatSeconds: JOB_HEARTBEAT_SECONDS, retentionSeconds: 3600, deleteAfterSeconds: 3600 };
  await boss.createQueue(queue, { policy: 'stately', ...settings });
  await boss.updateQueue(queue, settings);
  await boss.schedule(queue, '* * * * *');
  if (stopped()) return;
  // the run queued here is fetched as it falls due: this instance's worker is woken then (wakeAt), its id
  // read when the timer fires rather than relied on inside a handler that work() itself starts
  let worker = '';
  const wake = (seconds: number) => wakeAt(boss, () => worker, seconds);
  worker = await boss.work(queue, { pollingIntervalSeconds: CHAIN_POLL_SECONDS }, async () => {
    const next = await boss.send(queue, null, { startAfter: every }).catch((err: unknown) => {
      ctx.logger.error({ err, job: queue }, `could not queue the next ${queue} run`);
      return null;
    });
    if (next) wake(every);
    try {
      await body(ctx);
    } catch (err) {
      ctx.logger.error({ err, job: queue }, 'job failed');
      throw err;
    }
  });
  // the seed is due now; a run left queued by an instance before (a restart) is due within `every`
  await boss.send(queue, null);
  wake(0);
  wake(every);
}

/**
 * How often a chain's worker looks for a run it was not woken for: one queued by another instance (which
 * wakes its own worker for it), or the minute's cron re-seeding a broken chain. Each instance used to
 * look every second on every chain, eight queries a second per instance while nothing was due.
 */
const CHAIN_POLL_SECONDS = 30;

/**
 * Wakes `worker` `seconds` from now (plus a little, so the run it queued is due by then: `startAfter` is
 * counted from the insert, which has finished when the timer starts). A worker busy with a run when the
 * timer fires fetches as soon as it is done. The timer does not keep the process alive.
 */
function wakeAt(boss: PgBoss, worker: () => string, seconds: number): void {
  setTimeout(() => boss.notifyWorker(worker()), seconds * 1000 + 50).unref();
}

/** Wallet passes' update pushes every minute when a wallet is set up; none otherwise. */
async function startPassUpdates({ ctx, boss, stopped }: JobSetup): Promise<void> {
  if (!ctx.passes.apple && !ctx.passes.google) {
    await boss.unschedule(PASSES_QUEUE).catch(() => {});
    return;
  }
  // a change's push within a minute; pushPassUpdates claims its rows (skip locked), so a repeat sends nothing twice
  const passesQueue = { retryLimit: 0, expireInSeconds: 60, heartbeatSeconds: JOB_HEARTBEAT_SECONDS, retentionSeconds: 3600, deleteAfterSeconds: 3600 };
  await boss.createQueue(PASSES_QUEUE, { policy: 'stately', ...passesQueue });
  await boss.updateQueue(PASSES_QUEUE, passesQueue);
  await boss.schedule(PASSES_QUEUE, '* * * * *');
  if (stopped()) return;
  await boss.work(PASSES_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    try {
      await pushPassUpdates(ctx);
    } catch (err) {
      ctx.logger.error({ err, job: PASSES_QUEUE }, 'job failed (the next minute tries again)');
      throw err;
    }
  });
}

/** the backup queue on its cron in the shop's time zone, or none; answers what the start-up line says */
async function scheduleBackups({ ctx, boss, stopped }: JobSetup): Promise<string> {
  const schedule = ctx.backups?.schedule;
  if (!schedule) {
    await boss.unschedule(BACKUP_QUEUE).catch(() => {});
    return 'off';
  }
  const tz = (await getMerchant(ctx.db, ctx.merchantId)).rules.timezone;
  const settings = { retryLimit: 2, retryDelay: 300, retryBackoff: true, expireInSeconds: 3600 };
  await boss.createQueue(BACKUP_QUEUE, { policy: 'stately', ...settings });
  await boss.updateQueue(BACKUP_QUEUE, settings);
  await boss.schedule(BACKUP_QUEUE, schedule, null, { tz });
  if (stopped()) return 'off';
  await boss.work(BACKUP_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    try {
      await runBackup(ctx);
    } catch (err) {
      ctx.logger.error({ err, job: BACKUP_QUEUE }, 'backup failed (it is retried in a few minutes)');
      throw err;
    }
  });
  return `${schedule} (${tz}) into ${ctx.backups!.dir}`;
}

/** Settles once this provider's jobs are running (queues, schedules, workers); rejects if they could not start. */
export async function jobsReady(ctx: ProviderContext): Promise<void> {
  const runner = runners.get(ctx);
  if (!runner) throw new Error('the jobs are not running for this provider (started with jobs: false?)');
  await runner.ready;
}

/**
 * Runs the hourly jobs now, through pg-boss like the scheduled runs, and resolves when that run has
 * finished. Called on several instances at once, they share one run: the `stately` queue takes one
 * waiting job, and the others wait for it. Rejects if the run failed (it is then retried as usual).
 */
export async function triggerHourlyJobs(ctx: ProviderContext, { timeoutMs = 120_000 } = {}): Promise<void> {
  await jobsReady(ctx);
  const { boss, hourlyWorker } = runners.get(ctx)!;
  let id: string | null = null;
  for (let attempt = 0; !id && attempt < 10; attempt++) {
    id = await boss.send(HOURLY_QUEUE, { trigger: 'now' });
    // refused: a run is already waiting, and it starts after this call, so it is the one to wait for
    // (if it started in between, the next send is accepted)
    id ??= (await boss.findJobs(HOURLY_QUEUE, { queued: true })).find((j) => j.state === 'created')?.id ?? null;
  }
  if (!id) throw new Error('could not queue the hourly jobs');
  if (hourlyWorker) boss.notifyWorker(hourlyWorker);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [job] = await boss.findJobs(HOURLY_QUEUE, { id });
    if (job?.state === 'completed') return;
    if (!job || job.state === 'failed' || job.state === 'retry' || job.state === 'cancelled') {
      throw new Error(`the hourly jobs did not complete (${job?.state ?? 'deleted'}): ${JSON.stringify(job?.output ?? null)}`);
    }
    if (Date.now() > deadline) throw new Error(`the hourly jobs are still ${job.state} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
