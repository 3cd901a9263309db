import type { BackupStatusData } from '#contract/backups';
import { BACKUP_STALE_HOURS, sizeInWords } from '#contract/backups';
import { Card, Notice, SkeletonText } from '../../../ui';

export interface BackupStatusProps {
  /** undefined while loading */
  status?: BackupStatusData | undefined;
  /** why the status could not be read */
  error?: string | null;
}

const when = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));

/** The settings' backup card (owners): when the last backup was taken, and a warning when there is none or it is over two days old. */
export function BackupStatus({ status, error }: BackupStatusProps) {
  return (
    <Card as="section" aria-labelledby="backup-status-title">
      <h2 id="backup-status-title" className="mb-3 text-lg font-semibold text-ink">
        Backups
      </h2>
      {error ? (
        <Notice tone="warning">We couldn't check the backups: {error}</Notice>
      ) : !status ? (
        <SkeletonText lines={2} />
      ) : (
        <div className="flex flex-col gap-3 text-sm text-ink">
          {status.last ? (
            <p>
              Last backup: <strong>{when(status.last.taken_at)} UTC</strong>, {sizeInWords(status.last.bytes)},{' '}
              {status.last.encrypted ? 'encrypted' : 'not encrypted'}.
            </p>
          ) : (
            <p>No backup has been taken yet.</p>
          )}
          {status.stale && (
            <Notice tone="warning" title={status.last ? `The last backup is more than ${BACKUP_STALE_HOURS / 24} days old` : 'There is no backup yet'}>
              If the server's disk failed now, {status.last ? 'everything since then' : 'the shop'} would be lost. Ask whoever runs the server to check the
              backup job's log, or to run npm run backup.
            </Notice>
          )}
          {status.last && !status.last.encrypted && <p className="text-muted">Backups are not encrypted: setting BACKUP_KEY on the server encrypts them.</p>}
          <p className="text-muted">
            {status.schedule ? `Taken automatically (${status.schedule}, in the shop's time zone).` : 'No automatic backups are scheduled on this server.'}
          </p>
        </div>
      )}
    </Card>
  );
}
