import { useMemo, useState } from 'react';
import type { SiteSettings } from '#contract';
import { useAuditLog, useStaffList } from '../../../api/staff';
import { useSettings } from '../../../api/settings';
import { messageOf } from '../../../shared/errors';
import { AuditScreen, type ActivityFilterValue } from './activity-screen';
import { activityFormat, consoleTimeFormat } from '../shared/console-format';

/** /merchant/audit (owners): the activity log, page by page, filtered by person, kind and day. */
export default function AuditContainer() {
  const [filter, setFilter] = useState<ActivityFilterValue>({});
  const log = useAuditLog(filter);
  const team = useStaffList();
  const settings = useSettings().data as SiteSettings | undefined;
  const formatTime = useMemo(() => consoleTimeFormat(settings), [settings]);
  const format = useMemo(() => activityFormat(settings), [settings]);
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
      format={format}
      filter={filter}
      onFilterChange={setFilter}
      people={team.data?.staff ?? []}
    />
  );
}
