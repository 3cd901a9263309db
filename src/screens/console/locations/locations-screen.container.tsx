import type { SiteSettings } from '#contract';
import { useMenuEditor } from '../../../api/menu';
import { useMerchantLocations, useSaveLocation } from '../../../api/locations';
import { useSettings } from '../../../api/settings';
import { messageOf } from '../../../shared/errors';
import { LocationsScreen } from './locations-screen';
import { saved } from '../shared/save.container';
import { consoleLink } from '../../../console/link';

/** /merchant/locations (owners): the locations from merchant/locations, each saved whole; the menu's products for "not sold here". */
export default function LocationsContainer() {
  const locations = useMerchantLocations();
  const menu = useMenuEditor();
  const settings = useSettings().data as SiteSettings | undefined;
  const save = useSaveLocation();
  const products = menu.data?.categories.flatMap((c) => c.products.filter((p) => p.archived_at === null).map((p) => ({ id: p.id, name: p.name })));
  return (
    <LocationsScreen
      locations={locations.data?.locations}
      now={locations.data?.server_time ?? new Date().toISOString()}
      loading={locations.isLoading}
      error={locations.error ? messageOf(locations.error) : null}
      onRetry={() => void locations.mutate()}
      products={products}
      shopTimeZone={settings?.timezone ?? 'UTC'}
      locale={settings?.locale ?? 'en'}
      currency={settings?.currency ?? 'PHP'}
      onSave={(id, fields) => saved(() => save(id, fields))}
      renderLink={consoleLink}
    />
  );
}
