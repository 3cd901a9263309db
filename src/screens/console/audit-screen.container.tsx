import { useAuditLog } from '../../api/merchant';
import { messageOf } from '../../app/errors';
import { AuditScreen } from './audit-screen';

const formatTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /merchant/audit (owners): the audit log, page by page. */
export default function AuditContainer() {
  const log = useAuditLog();
  const pages = log.data;
  const last = pages?.at(-1);
  return (
    <AuditScreen
      entries={pages?.flatMap((p) => p.items)}
      loading={log.isLoading}
      error={log.error ? messageOf(log.error) : null}
      onRetry={() => void log.mutate()}
      hasMore={Boolean(last && last.next_page !== null)}
      loadingMore={log.isValidating && !log.isLoading}
      onLoadMore={() => void log.setSize(log.size + 1)}
      formatTime={formatTime}
    />
  );
}
