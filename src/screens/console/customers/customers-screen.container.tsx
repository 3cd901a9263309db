import { useEffect, useState } from 'react';
import { CONSOLE_PAGES, consoleHref } from '#contract/console-routes';
import { useNavigate, useParams } from 'react-router-dom';
import type { SiteSettings } from '#contract';
import { useAdjustPoints, useCustomerDetail, useCustomerSearch } from '../../../api/customers';
import { useStaffMe } from '../../../api/staff';
import { useSettings } from '../../../api/settings';
import { messageOf } from '../../../shared/errors';
import { useKeyedAction } from '../../../shared/action';
import { consoleLink } from '../../../console/link';
import { CustomersScreen } from './customers-screen';
import { problemOfOutcome } from '../shared/save.container';

/** How long the search waits after the last keystroke. */
const SEARCH_AFTER_MS = 300;

/** /merchant/customers and /merchant/customers/:id (staff and owners; owners adjust points). */
export default function CustomersContainer() {
  const params = useParams();
  const navigate = useNavigate();
  const selectedId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearched(query.trim()), SEARCH_AFTER_MS);
    return () => clearTimeout(t);
  }, [query]);
  const search = useCustomerSearch(searched);
  const detail = useCustomerDetail(selectedId);
  const me = useStaffMe();
  const settings = useSettings().data as SiteSettings | undefined;
  const adjustPoints = useAdjustPoints();
  // the same adjustment sent again (after a lost answer) keeps its key and is never applied twice; a different one is new
  const adjust = useKeyedAction((key, id: number, points: number, reason: string) => adjustPoints(id, points, reason, key));
  const pages = search.data;
  const last = pages?.[pages.length - 1];

  useEffect(() => {
    if (params.id && selectedId === null) navigate(CONSOLE_PAGES.customers.path, { replace: true });
  }, [params.id, selectedId, navigate]);

  return (
    <CustomersScreen
      query={query}
      onQueryChange={setQuery}
      {...(pages ? { results: pages.flatMap((p) => p.items) } : {})}
      loading={search.isLoading}
      error={search.error ? messageOf(search.error) : null}
      onRetry={() => void search.mutate()}
      hasMore={Boolean(last?.next_page)}
      loadingMore={search.isValidating && search.size > (pages?.length ?? 0)}
      onMore={() => void search.setSize(search.size + 1)}
      selectedId={selectedId}
      {...(detail.data ? { detail: detail.data } : {})}
      detailLoading={detail.isLoading}
      detailError={detail.error ? messageOf(detail.error) : null}
      onDetailRetry={() => void detail.mutate()}
      customerHref={(id) => consoleHref('customer', { id: String(id) })}
      listHref={consoleHref('customers')}
      renderLink={consoleLink}
      canAdjust={me.data?.staff.role === 'owner'}
      onAdjust={async (id, points, reason) => problemOfOutcome(await adjust.run(id, points, reason))}
      locale={settings?.locale ?? 'en'}
      currency={settings?.currency ?? 'PHP'}
      timeZone={settings?.timezone}
    />
  );
}
