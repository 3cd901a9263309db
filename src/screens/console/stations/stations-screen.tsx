import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { consoleHref } from '#contract/console-routes';
import { STATION_LATE_DEFAULT, STATION_LATE_MAX, type Station, type StationsData } from '#contract/stations';
import { Button, Card, EmptyState, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField, cx, focusRing, type RenderLink } from '../../../ui';
import { plainLink } from '../../../ui/lib/link';
import { CheckField, SelectField, type SaveProblem } from '../shared/editor-fields';

/** A category of the menu with its products, as the routing table lists them. */
export interface RoutingCategory {
  id: number;
  name: string;
  products: { id: number; name: string }[];
}

export interface StationsScreenProps {
  data?: StationsData | undefined;
  /** the menu's categories and products (owners: the routing table); undefined for staff or while loading */
  menu?: RoutingCategory[] | undefined;
  owner: boolean;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  onCreate: (name: string) => Promise<SaveProblem | null>;
  onSave: (station: { id: number; name: string; late_minutes: number; is_default: boolean }) => Promise<SaveProblem | null>;
  onRemove: (id: number) => void;
  onRoute: (target: 'category' | 'product', id: number, stationId: number | null) => void;
  /** the routing row or station being changed ("category:3", "remove:2") */
  busy?: string | null;
  actionError?: string | null;
  renderLink?: RenderLink;
}

/** "Late after 10 minutes.", after the default station's own line. */
function lateWords(minutes: number, isDefault: boolean): string {
  return isDefault
    ? plural(minutes, {
        one: 'Default: items with no station of their own go here. Late after # minute.',
        other: 'Default: items with no station of their own go here. Late after # minutes.',
      })
    : plural(minutes, { one: 'Late after # minute.', other: 'Late after # minutes.' });
}

const linkClass = cx('inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-brand-ink underline', focusRing);

/**
 * /merchant/stations (issue 54): the kitchen display's stations. Everyone opens a station's screen from
 * here; owners add, rename and remove stations, pick the default one (where items with no route go) and
 * route each category, and any product on its own, to a station.
 */
export function StationsScreen(props: StationsScreenProps) {
  const { t } = useLingui();
  const { data, owner, loading, error, onRetry, renderLink = plainLink } = props;
  if (loading && !data)
    return (
      <SkeletonGroup label={t`Loading the stations`} className="flex flex-col gap-3">
        <SkeletonText lines={4} />
      </SkeletonGroup>
    );
  if (error || !data) return <ErrorState title={t`We could not load the stations`} message={error ?? undefined} {...(onRetry ? { onRetry } : {})} />;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-muted">
        <Trans>
          Each station (the bar, the kitchen) has a screen showing only its items. When every station has bumped an order’s items, the order is ready and the
          customer is told.
        </Trans>
      </p>
      {props.actionError && (
        <Notice tone="danger" title={t`That did not work`}>
          {props.actionError}
        </Notice>
      )}
      {data.stations.length === 0 ? (
        <EmptyState
          title={t`No stations yet`}
          description={owner ? t`Add your first station below, such as Bar or Kitchen.` : t`Ask an owner to add the stations (Bar, Kitchen).`}
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t`Stations`}>
          {data.stations.map(({ name: stationName, ...s }) => (
            <li key={s.id}>
              <Card as="section" title={stationName} headingLevel={2}>
                <p className="text-sm text-muted">{lateWords(s.late_minutes, s.id === data.default_station_id)}</p>
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  {renderLink({
                    href: consoleHref('stationDisplay', { id: String(s.id) }),
                    className: linkClass,
                    children: t`Open the screen`,
                    'aria-label': t`Open the ${stationName} screen`,
                  })}
                </div>
                {owner && <StationForm station={{ ...s, name: stationName }} isDefault={s.id === data.default_station_id} {...props} />}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {owner && <AddStation onCreate={props.onCreate} />}
      {owner && data.stations.length > 0 && props.menu && <Routing {...props} data={data} menu={props.menu} />}
    </div>
  );
}

function StationForm({ station, isDefault, onSave, onRemove, busy }: StationsScreenProps & { station: Station; isDefault: boolean }) {
  const { t } = useLingui();
  const [name, setName] = useState(station.name);
  const stationName = station.name;
  const [late, setLate] = useState(String(station.late_minutes));
  const [asDefault, setAsDefault] = useState(station.is_default);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const minutes = Number(late);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > STATION_LATE_MAX) {
      const most = STATION_LATE_MAX;
      setProblem({ message: t`Check the late minutes.`, fields: { late_minutes: t`must be a whole number from 1 to ${most}` } });
      return;
    }
    const outcome = await onSave({ id: station.id, name, late_minutes: minutes, is_default: asDefault });
    setProblem(outcome);
    setSaved(outcome === null);
  };
  return (
    <form className="mt-3 flex flex-col gap-3 border-t border-border pt-3" onSubmit={(e) => void submit(e)} aria-label={t`Change ${stationName}`}>
      <div className="flex flex-wrap gap-3">
        <TextField label={t`Name`} value={name} maxLength={40} onChange={(e) => setName(e.target.value)} error={problem?.fields.name} />
        <TextField
          label={t`Late after (minutes)`}
          inputMode="numeric"
          value={late}
          onChange={(e) => setLate(e.target.value)}
          error={problem?.fields.late_minutes}
          hint={t`Amber from half of it, red from it`}
        />
      </div>
      <CheckField
        label={t`Default station`}
        hint={isDefault && !station.is_default ? t`Used now as the first station; tick to keep it so.` : t`Items with no station of their own go here.`}
        checked={asDefault}
        onChange={setAsDefault}
      />
      {problem && !Object.keys(problem.fields).length && <p className="text-danger">{problem.message}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="secondary">
          {t`Save ${stationName}`}
        </Button>
        <Button type="button" variant="ghost" onClick={() => onRemove(station.id)} loading={busy === `remove:${station.id}`}>
          {t`Remove ${stationName}`}
        </Button>
        {saved && <span role="status">{t`Saved.`}</span>}
      </div>
    </form>
  );
}

function AddStation({ onCreate }: Pick<StationsScreenProps, 'onCreate'>) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const outcome = await onCreate(name);
    setProblem(outcome);
    if (outcome === null) setName('');
  };
  const lateDefault = STATION_LATE_DEFAULT;
  return (
    <Card as="section" title={t`Add a station`} headingLevel={2}>
      <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => void submit(e)}>
        <TextField
          label={t`Station name`}
          placeholder={t`Bar`}
          value={name}
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
          error={problem ? (problem.fields.name ?? problem.message) : undefined}
          hint={t`Tickets count as late after ${lateDefault} minutes until you change it.`}
        />
        <Button type="submit">{t`Add station`}</Button>
      </form>
    </Card>
  );
}

/** The routing table: each category's station, and each product's when it differs from its category's. */
function Routing({ data, menu, onRoute, busy }: StationsScreenProps & { data: StationsData; menu: RoutingCategory[] }) {
  const categoryStation = (id: number) => data.stations.find((s) => s.categories.includes(id))?.id ?? null;
  const productStation = (id: number) => data.stations.find((s) => s.products.includes(id))?.id ?? null;
  const fallback = data.stations.find((s) => s.id === data.default_station_id)?.name ?? '';
  const nameOf = (id: number | null) => data.stations.find((s) => s.id === id)?.name ?? fallback;
  const pick = (value: string) => (value === '' ? null : Number(value));
  const { t } = useLingui();
  return (
    <Card as="section" title={t`Where items are made`} headingLevel={2}>
      <p className="mb-3 text-sm text-muted">
        <Trans>
          Pick a station for each category. A product can have its own station, which wins over its category’s. Orders paid from now on follow these choices.
        </Trans>
      </p>
      {menu.length === 0 && (
        <p>
          <Trans>Your menu has no categories yet.</Trans>
        </p>
      )}
      <ul className="flex flex-col gap-4">
        {menu.map((c) => {
          const own = categoryStation(c.id);
          const category = c.name;
          const ownStations = c.products.filter((p) => productStation(p.id) !== null).length;
          const station = nameOf(own);
          return (
            <li key={c.id} className="flex flex-col gap-2">
              <SelectField
                label={c.name}
                value={own === null ? '' : String(own)}
                disabled={busy === `category:${c.id}`}
                onChange={(e) => onRoute('category', c.id, pick(e.target.value))}
              >
                <option value="">{t`Default station (${fallback})`}</option>
                {data.stations.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </SelectField>
              {c.products.length > 0 && (
                <details className="ml-4">
                  <summary className={cx('min-h-11 cursor-pointer py-2 text-sm font-medium', focusRing)}>
                    {t`Products of ${category} (${ownStations} with their own station)`}
                  </summary>
                  <ul className="mt-2 flex flex-col gap-2">
                    {c.products.map((p) => {
                      const mine = productStation(p.id);
                      return (
                        <li key={p.id}>
                          <SelectField
                            label={p.name}
                            value={mine === null ? '' : String(mine)}
                            disabled={busy === `product:${p.id}`}
                            onChange={(e) => onRoute('product', p.id, pick(e.target.value))}
                          >
                            <option value="">{t`Same as ${category} (${station})`}</option>
                            {data.stations.map((s) => (
                              <option key={s.id} value={s.id}>
                                {s.name}
                              </option>
                            ))}
                          </SelectField>
                        </li>
                      );
                    })}
                  </ul>
                </details>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
