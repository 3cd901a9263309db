import { ACTIVITY_KINDS, type ActivityKind, MACHINE_PERSON } from '#contract/activity';
import type { AuditListData } from '#contract/staff';
import { DAY } from '../../lib/clock';
import type { ProviderContext } from '../context';
import { STAFF_IDLE_MS, STAFF_LIFETIME_MS } from '../http/staff-session';
import { getMerchant } from '../settings/settings.service';
import { dayStart, listAudit, purgeEnded } from './staff.repo';

/** The activity log's pages, and the hourly housekeeping of what staff sign-ins and links leave behind. */

const AUDIT_PAGE_SIZE = 50;

export async function auditPage(
  ctx: ProviderContext,
  q: {
    page?: number | undefined;
    person?: number | typeof MACHINE_PERSON | undefined;
    kind?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
): Promise<AuditListData> {
  const page = q.page ?? 1;
  const timeZone = (await getMerchant(ctx.db, ctx.merchantId)).rules.timezone;
  const rows = await listAudit(ctx.db, AUDIT_PAGE_SIZE + 1, (page - 1) * AUDIT_PAGE_SIZE, {
    ...(typeof q.person === 'number' ? { staffId: q.person } : q.person === MACHINE_PERSON ? { machine: true } : {}),
    ...(q.kind ? { prefixes: ACTIVITY_KINDS[q.kind as ActivityKind].prefixes } : {}),
    ...(q.from ? { from: await dayStart(ctx.db, q.from, timeZone) } : {}),
    ...(q.to ? { to: new Date((await dayStart(ctx.db, q.to, timeZone)).getTime() + DAY) } : {}),
  });
  const items = rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
    id: r.id,
    staff: r.staff_id !== null && r.staff_name !== null && r.staff_email !== null ? { id: r.staff_id, name: r.staff_name, email: r.staff_email } : null,
    actor: r.actor,
    action: r.action,
    target: r.target,
    before: r.before ?? null,
    after: r.after ?? null,
    created_at: r.created_at.toISOString(),
  }));
  return { items, next_page: rows.length > AUDIT_PAGE_SIZE ? page + 1 : null };
}

/**
 * Housekeeping for the hourly job (jobs.ts): sign-in failures and the counter's unknown codes once their
 * window is long over, one-time links and share-preview links a day after they expired, staff sessions
 * a day after they ended (revoked, idle past 12 hours, or past their 7 days). The audit log is kept.
 */
export async function purgeStaffLeftovers(ctx: ProviderContext): Promise<void> {
  const now = ctx.clock.now().getTime();
  await purgeEnded(ctx.db, {
    dayAgo: new Date(now - DAY),
    idleSince: new Date(now - STAFF_IDLE_MS - DAY),
    begunBefore: new Date(now - STAFF_LIFETIME_MS - DAY),
  });
}
