import { useNavigate } from 'react-router-dom';
import { pointHistoryPages } from '../../api/points';
import { useStampCards } from '../../api/stamps';
import { useAuth } from '../../app/auth/auth-context';
import { useGoBack } from '../../app/go-back';
import { AppNav } from '../../app/nav';
import { paths, to } from '#contract/routes';
import { useSite } from '../../app/settings';
import { usePages } from '../../app/use-pages';
import { PointsScreen } from './points-screen';
import { useLanguage } from '../../i18n/language';

/** /profile/point: the balance, points expiring soon, and the ledger page by page. */
export default function PointsPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const back = useGoBack(paths.profileHome);
  const { customerId } = useAuth();
  const language = useLanguage();
  const history = usePages(customerId ? pointHistoryPages(customerId, language) : null);
  const first = history.pages?.[0];
  // the stamp cards are extra: if they fail, the page shows the points alone
  const stamps = useStampCards();

  return (
    <PointsScreen
      // the balance and what expires soon from the first page, the entries of every page loaded
      history={first ? { ...first, items: history.pages!.flatMap((p) => p.items), next_page: history.nextPage } : null}
      loading={history.loading}
      error={history.error}
      onRetry={history.reload}
      onLoadMore={history.loadMore}
      loadingMore={history.loadingMore}
      loadMoreError={history.loadMoreError}
      onBrowseRewards={() => void navigate(to.rewardStorage('active'))}
      onBack={back}
      nav={<AppNav />}
      locale={settings.locale}
      timeZone={settings.timezone}
      stampCards={stamps.data?.cards}
    />
  );
}
