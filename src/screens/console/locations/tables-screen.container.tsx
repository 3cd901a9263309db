import type { SiteSettings } from '#contract';
import { useState } from 'react';
import { useMerchantLocations } from '../../../api/locations';
import { useSettings } from '../../../api/settings';
import { useTableChanges, useTables } from '../../../api/tables-console';
import { messageOf } from '../../../shared/errors';
import { saved } from '../shared/save.container';
import { TablesScreen } from './tables-screen';

/** /merchant/locations/tables (owners): a location's tables (merchant/tables…) and their QR codes, printed by the browser. */
export default function TablesContainer() {
  const locations = useMerchantLocations();
  const site = useSettings().data as SiteSettings | undefined;
  const [chosen, setChosen] = useState<number | null>(null);
  const locationId = chosen ?? locations.data?.locations[0]?.id ?? null;
  const tables = useTables(locationId);
  const change = useTableChanges();
  const at = (run: (id: number) => Promise<unknown>) => (locationId === null ? Promise.resolve(null) : saved(() => run(locationId)));
  return (
    <TablesScreen
      locations={locations.data?.locations}
      locationId={locationId}
      onLocationChange={setChosen}
      tables={tables.data}
      loading={locations.isLoading || tables.isLoading}
      error={tables.error ? messageOf(tables.error) : locations.error ? messageOf(locations.error) : null}
      onRetry={() => void tables.mutate()}
      shop={{ name: site?.setting_company ?? '', logo: site?.post_file ?? '', brandColor: site?.brand_color ?? '#1f2937' }}
      origin={window.location.origin}
      onAddArea={(name) => at((id) => change.addArea(id, name))}
      onRenameArea={(id, name) => saved(() => change.renameArea(id, name))}
      onRemoveArea={(id) => saved(() => change.removeArea(id))}
      onAddTable={(label, areaId) => at((id) => change.addTable(id, label, areaId))}
      onSwitchTable={(id, active) => saved(() => change.updateTable(id, { active }))}
      onRenameTable={(id, label) => saved(() => change.updateTable(id, { label }))}
      onRemoveTable={(id) => saved(() => change.removeTable(id))}
      onPrint={() => window.print()}
    />
  );
}
