import type { AuditListData } from '#contract/merchant';
import { Button, Card, EmptyState, ErrorState, SkeletonGroup, SkeletonText } from '../../ui';

export type AuditEntry = AuditListData['items'][number];

export interface AuditScreenProps {
  entries?: AuditEntry[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** how the console writes a time ("24 Nov 2026, 14:05"): the container passes the shop's locale */
  formatTime: (iso: string) => string;
}

/** What each kind of change is called on the page. */
const ACTIONS: Record<string, string> = {
  'owner.setup': 'Set up the shop',
  'staff.invite': 'Invited someone',
  'staff.join': 'Joined the team',
  'staff.role': 'Changed a role',
  'staff.remove': 'Removed someone',
  'sessions.end_all': 'Signed out everywhere',
  'theme.draft': 'Changed the draft theme',
  'theme.publish': 'Published the theme',
  'theme.restore': 'Restored an earlier theme',
  'theme.preview_link': 'Shared a preview of the draft',
  'media.upload': 'Uploaded an image',
};

const describe = (action: string) => ACTIONS[action] ?? action;
const show = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

/** /merchant/audit (owners): every change a staff member made, newest first, with before and after. */
export function AuditScreen({ entries, loading, error, onRetry, hasMore, loadingMore, onLoadMore, formatTime }: AuditScreenProps) {
  if (loading && !entries) {
    return (
      <SkeletonGroup label="Loading the activity">
        <SkeletonText lines={6} />
      </SkeletonGroup>
    );
  }
  if (error && !entries) return <ErrorState title="We could not load the activity" message={error} onRetry={onRetry} />;
  if (!entries || entries.length === 0) return <EmptyState title="No changes yet" description="Every change made in the console will be listed here." />;
  return (
    <section aria-label="Changes, newest first" className="flex flex-col gap-2">
      <ol className="flex flex-col gap-2">
        {entries.map((e) => (
          <Card as="li" key={e.id}>
            <p className="font-medium">
              {describe(e.action)}
              {e.target && <span className="text-muted"> · {e.target}</span>}
            </p>
            <p className="text-sm text-muted">
              {e.staff ? `${e.staff.name} (${e.staff.email})` : 'An operator'} · <time dateTime={e.created_at}>{formatTime(e.created_at)}</time>
            </p>
            <details className="mt-2">
              <summary className="cursor-pointer text-sm font-medium text-brand-ink">Before and after</summary>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                <div>
                  <p className="text-xs font-semibold text-muted uppercase">Before</p>
                  <pre className="overflow-x-auto rounded-lg bg-surface p-2 text-xs">{show(e.before)}</pre>
                </div>
                <div>
                  <p className="text-xs font-semibold text-muted uppercase">After</p>
                  <pre className="overflow-x-auto rounded-lg bg-surface p-2 text-xs">{show(e.after)}</pre>
                </div>
              </div>
            </details>
          </Card>
        ))}
      </ol>
      {error && <ErrorState title="We could not load more" message={error} onRetry={onRetry} />}
      {hasMore && (
        <Button variant="secondary" onClick={onLoadMore} loading={loadingMore} className="self-start">
          Show older changes
        </Button>
      )}
    </section>
  );
}
