import { useRemoveStation, useRouteToStation, useStations, useCreateStation, useUpdateStation } from '../../../api/stations';
import { useMenuEditor } from '../../../api/menu';
import { useStaffMe } from '../../../api/staff';
import { messageOf } from '../../../shared/errors';
import { consoleLink } from '../../../console/link';
import { saved, useRowActions } from '../shared/save.container';
import { StationsScreen } from './stations-screen';

/** /merchant/stations (staff open a screen; owners edit the stations and route the menu, read from merchant/menu). */
export default function StationsContainer() {
  const owner = useStaffMe().data?.staff.role === 'owner';
  const stations = useStations();
  const menu = useMenuEditor(owner);
  const create = useCreateStation();
  const update = useUpdateStation();
  const remove = useRemoveStation();
  const route = useRouteToStation();
  const rows = useRowActions<string>();
  return (
    <StationsScreen
      data={stations.data}
      menu={menu.data?.categories.map((c) => ({
        id: c.id,
        name: c.name,
        products: c.products.filter((p) => p.archived_at === null).map((p) => ({ id: p.id, name: p.name })),
      }))}
      owner={owner}
      loading={stations.isLoading}
      error={stations.error ? messageOf(stations.error) : null}
      onRetry={() => void stations.mutate()}
      onCreate={(name) => saved(() => create({ name }))}
      onSave={(s) => saved(() => update(s))}
      onRemove={(id) => void rows.act(`remove:${id}`, () => remove(id))}
      onRoute={(target, id, stationId) => void rows.act(`${target}:${id}`, () => route({ target, id, station_id: stationId }))}
      busy={rows.busy}
      actionError={rows.error}
      renderLink={consoleLink}
    />
  );
}
