import { Trans, useLingui } from '@lingui/react/macro';
import type { BackupStatusData } from '#contract/backups';
import { BACKUP_STALE_HOURS, sizeInWords } from '#contract/backups';
import { Card, Notice, SkeletonText } from '../../../ui';
import { dateTimeFormat } from '#contract/intl';

export interface BackupStatusProps {
  /** undefined while loading */
  status?: BackupStatusData | undefined;
  /** why the status could not be read */
  error?: string | null;
}

const when = (iso: string) => dateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));

/** The settings' backup card (owners): when the last backup was taken, and a warning when there is none or it is over two days old. */
export function BackupStatus({ status, error }: BackupStatusProps) {
  const { t } = useLingui();
  const last = status?.last;
  const taken = last ? when(last.taken_at) : '';
  const size = last ? sizeInWords(last.bytes) : '';
  const days = BACKUP_STALE_HOURS / 24;
  const schedule = status?.schedule;
  return (
    <Card as="section" aria-labelledby="backup-status-title">
      <h2 id="backup-status-title" className="mb-3 text-lg font-semibold text-ink">
        {t`Backups`}
      </h2>
      {error ? (
        <Notice tone="warning">{t`We couldn't check the backups: ${error}`}</Notice>
      ) : !status ? (
        <SkeletonText lines={2} />
      ) : (
        <div className="flex flex-col gap-3 text-sm text-ink">
          {status.last ? (
            <p>
              {status.last.encrypted ? (
                <Trans>
                  Last backup: <strong>{taken} UTC</strong>, {size}, encrypted.
                </Trans>
              ) : (
                <Trans>
                  Last backup: <strong>{taken} UTC</strong>, {size}, not encrypted.
                </Trans>
              )}
            </p>
          ) : (
            <p>{t`No backup has been taken yet.`}</p>
          )}
          {status.stale && (
            <Notice tone="warning" title={status.last ? t`The last backup is more than ${days} days old` : t`There is no backup yet`}>
              {status.last
                ? t`If the server's disk failed now, everything since then would be lost. Ask whoever runs the server to check the backup job's log, or to run npm run backup.`
                : t`If the server's disk failed now, the shop would be lost. Ask whoever runs the server to check the backup job's log, or to run npm run backup.`}
            </Notice>
          )}
          {status.last && !status.last.encrypted && (
            <p className="text-muted">{t`Backups are not encrypted: setting BACKUP_KEY on the server encrypts them.`}</p>
          )}
          <p className="text-muted">
            {schedule ? t`Taken automatically (${schedule}, in the shop's time zone).` : t`No automatic backups are scheduled on this server.`}
          </p>
        </div>
      )}
    </Card>
  );
}
