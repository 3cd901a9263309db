import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { SiteSettings } from '#contract';
import { CONSOLE_BASE, CONSOLE_PAGES, consoleHref } from '#contract/console-routes';
import {
  offerCodesCsvUrl,
  useConsoleOffers,
  useCreateOffer,
  useMakeOfferCodes,
  useOfferCodeBatches,
  useSetOfferStatus,
  useUpdateOffer,
} from '../../../api/offers';
import { useMerchantLocations } from '../../../api/locations';
import { useSettings } from '../../../api/settings';
import { useStaffMe } from '../../../api/staff';
import { consoleLink } from '../../../console/link';
import { messageOf } from '../../../shared/errors';
import { useRuleMenu } from '../shared/menu-choice.container';
import { useTiersConsole } from '../../../api/tiers-console';
import { saved } from '../shared/save.container';
import { ConsoleOffersScreen } from './offers-screen';

/**
 * /merchant/offers and /merchant/offers/:id (staff read, owners change): merchant/offers, an offer added
 * with merchant/offers/create or changed with merchant/offers/update, paused, resumed or archived with
 * merchant/offers/status (each reads the list and the activity log again); a single-use offer's batches of
 * codes (merchant/offers/codes), a new batch (merchant/offers/codes/create) and a batch's CSV download.
 */
export default function OffersContainer() {
  const params = useParams();
  const navigate = useNavigate();
  const selectedId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const offers = useConsoleOffers();
  const locations = useMerchantLocations();
  const owner = useStaffMe().data?.staff.role === 'owner';
  const menu = useRuleMenu(owner);
  const tiers = useTiersConsole().data?.tiers;
  const settings = useSettings().data as SiteSettings | undefined;
  const create = useCreateOffer();
  const update = useUpdateOffer();
  const setStatus = useSetOfferStatus();
  const selected = offers.data?.offers.find((o) => o.id === selectedId);
  const batches = useOfferCodeBatches(selected && (selected.single_use || selected.single_codes > 0) ? selected.id : null);
  const makeCodes = useMakeOfferCodes();

  // /merchant/offers/abc: no offer has such an id
  useEffect(() => {
    if (params.id && selectedId === null) void navigate(CONSOLE_PAGES.offers.path, { replace: true });
  }, [params.id, selectedId, navigate]);

  return (
    <ConsoleOffersScreen
      offers={offers.data?.offers}
      loading={offers.isLoading}
      error={offers.error ? messageOf(offers.error) : null}
      onRetry={() => void offers.mutate()}
      selectedId={selectedId}
      offerHref={(id) => consoleHref('offer', { id: String(id) })}
      listHref={consoleHref('offers')}
      renderLink={consoleLink}
      canEdit={owner}
      locations={(locations.data?.locations ?? []).map((l) => ({ id: l.id, name: l.name }))}
      menu={menu}
      tiers={(tiers ?? []).map((t, position) => ({ position, name: t.name }))}
      locale={settings?.locale ?? 'en'}
      currency={settings?.currency ?? 'PHP'}
      timeZone={settings?.timezone ?? 'UTC'}
      onSave={(id, fields) =>
        saved(async () => {
          if (id !== null) return update({ id, ...fields });
          // a new offer: its own page next
          const made = await create(fields);
          void navigate(consoleHref('offer', { id: String(made.offer.id) }).slice(CONSOLE_BASE.length));
          return made;
        })
      }
      onStatus={(id, status) => saved(() => setStatus(id, status))}
      codeBatches={batches.data?.batches}
      codeBatchesError={batches.error ? messageOf(batches.error) : null}
      onCodeBatchesRetry={() => void batches.mutate()}
      onMakeCodes={(id, count, prefix) => saved(() => makeCodes(id, count, prefix))}
      codesCsvHref={offerCodesCsvUrl}
    />
  );
}
