/**
 * The console's backup status (`merchant/backups`): when the last backup was taken, how big it was,
 * whether it was encrypted, and whether it is too old (docs/operations.md "Backups and restore"). Owners only.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';

/** A last backup older than this is a warning in the console's settings. */
export const BACKUP_STALE_HOURS = 48;

/** "12.3 MB": a size for a person */
export function sizeInWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let n = bytes / 1024;
  let i = 0;
  for (; n >= 1024 && i < units.length - 1; i++) n /= 1024;
  return `${n.toFixed(1)} ${units[i]}`;
}

export const backupStatusAnswer = z
  .object({
    last: z
      .object({
        taken_at: z.string().meta({ description: 'when the backup was taken (ISO 8601)' }),
        bytes: z.number().int().nonnegative(),
        encrypted: z.boolean().meta({ description: 'made with BACKUP_KEY (AES-256-GCM)' }),
      })
      .nullable()
      .meta({ description: 'null: no backup has been taken yet' }),
    stale: z.boolean().meta({ description: `true when there is no backup, or the last one is older than ${BACKUP_STALE_HOURS} hours` }),
    schedule: z.string().nullable().meta({ description: "the backup job's cron in the shop's time zone (BACKUP_SCHEDULE); null: no scheduled backups" }),
  })
  .meta({ id: 'BackupStatus' });
export type BackupStatusData = z.infer<typeof backupStatusAnswer>;
