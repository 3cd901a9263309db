import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AppNotification } from '#contract';
import { notificationPages, useMarkNotificationsRead } from '../../api/notifications';
import { useAction } from '../../shared/action';
import { messageOf } from '../../shared/errors';
import { useGoBack } from '../../app/go-back';
import { AppNav } from '../../app/nav';
import { paths } from '#contract/routes';
import { useSite } from '../../app/settings';
import { usePages } from '../../app/use-pages';
import { toast } from '../../ui';
import { NotificationsScreen } from './notifications-screen';

/** A notification's link is followed only when it is a path inside the app. */
const isAppPath = (link: string | null): link is string => !!link && link.startsWith('/') && !link.startsWith('//');

/** The clock for "2 hours ago", moving on each minute. */
function useNow(): string {
  const [now, setNow] = useState(() => new Date().toISOString());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date().toISOString()), 60_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/**
 * /profile/notification: the list page by page. A tap marks the notification read and opens its link;
 * "Mark all as read" reads them all. useMarkNotificationsRead reads the list and the unread count
 * elsewhere (home, profile) again after, whatever the answer.
 */
export default function NotificationsPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const back = useGoBack(paths.profileHome);
  const now = useNow();
  const markNotificationsRead = useMarkNotificationsRead();
  const list = usePages(notificationPages, { refreshInterval: 30_000 });
  const pages = list.pages;

  /** Marks items read in what is shown at once; the provider's answer follows. */
  const showRead = (read: (n: AppNotification) => boolean, unread: (before: number) => number) =>
    void list.mutate((ps) => ps?.map((p) => ({ ...p, unread: unread(p.unread), items: p.items.map((n) => (read(n) ? { ...n, read: true } : n)) })), {
      revalidate: false,
    });

  const markRead = async (body: { ids: number[] } | { all: true }) => {
    const { unread } = await markNotificationsRead(body);
    showRead(
      (n) => 'all' in body || body.ids.includes(n.id),
      () => unread,
    );
  };
  // a failure says so in a toast: the list stays as the provider has it
  const onError = (err: unknown) => toast.error(messageOf(err), { toastId: 'notifications-read' });
  const markAll = useAction(() => markRead({ all: true }).catch(onError));

  const onOpen = (n: AppNotification) => {
    if (!n.read) {
      showRead(
        (m) => m.id === n.id,
        (u) => Math.max(0, u - 1),
      );
      void markRead({ ids: [n.id] }).catch(onError);
    }
    if (isAppPath(n.link)) void navigate(n.link);
  };

  return (
    <NotificationsScreen
      data={pages?.[0] ? { items: pages.flatMap((p) => p.items), unread: pages[0].unread, next_page: list.nextPage } : null}
      loading={list.loading}
      error={list.error}
      onRetry={list.reload}
      onOpen={onOpen}
      onMarkAllRead={() => void markAll.run()}
      markingAllRead={markAll.pending}
      onLoadMore={list.loadMore}
      loadingMore={list.loadingMore}
      loadMoreError={list.loadMoreError}
      onBack={back}
      now={now}
      nav={<AppNav />}
      locale={settings.locale}
      timeZone={settings.timezone}
    />
  );
}
