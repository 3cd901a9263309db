import { BACKUP_STALE_HOURS, type BackupStatusData } from '#contract/backups';
import { backupsSpec } from '#contract/backups.spec';
import type { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';

/** merchant/backups: the last backup (server/db/backup.ts records each one) and whether it is too old; owners only. */
export function backupsRoutes(ctx: ProviderContext): Router {
  return mount(ctx, backupsSpec, {
    status: () => backupStatus(ctx),
  });
}

async function backupStatus(ctx: ProviderContext): Promise<BackupStatusData> {
  const last = await ctx.db.selectFrom('backups').select(['taken_at', 'bytes', 'encrypted']).orderBy('taken_at', 'desc').limit(1).executeTakeFirst();
  const age = last ? ctx.clock.now().getTime() - new Date(last.taken_at).getTime() : Infinity;
  return {
    last: last ? { taken_at: new Date(last.taken_at).toISOString(), bytes: last.bytes, encrypted: last.encrypted } : null,
    stale: age > BACKUP_STALE_HOURS * 3_600_000,
    schedule: ctx.backups?.schedule ?? null,
  };
}
