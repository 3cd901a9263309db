import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { DiningArea, DiningTable, TablesData } from '#contract/tables';
import { Button, Card, EmptyState, ErrorState, Notice, QrCode, SkeletonGroup, SkeletonText, TextField } from '../../../ui';
import { SelectField, fieldProblem, type SaveProblem } from '../shared/editor-fields';

/** The shop as a QR card shows it. */
export interface SheetShop {
  name: string;
  logo: string;
  brandColor: string;
}

export interface TablesScreenProps {
  locations: ReadonlyArray<{ id: number; name: string }> | undefined;
  locationId: number | null;
  onLocationChange: (id: number) => void;
  tables: TablesData | undefined;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  shop: SheetShop;
  /** where the app is served (`https://shop.example`): a QR opens `<origin>/t/<code>` */
  origin: string;
  /** each change answers null when done, else what the provider refused */
  onAddArea: (name: string) => Promise<SaveProblem | null>;
  onRenameArea: (id: number, name: string) => Promise<SaveProblem | null>;
  onRemoveArea: (id: number) => Promise<SaveProblem | null>;
  onAddTable: (label: string, areaId: number | null) => Promise<SaveProblem | null>;
  onSwitchTable: (id: number, active: boolean) => Promise<SaveProblem | null>;
  onRenameTable: (id: number, label: string) => Promise<SaveProblem | null>;
  onRemoveTable: (id: number) => Promise<SaveProblem | null>;
  onPrint: () => void;
}

/** The address a table's QR opens. */
export const tableUrl = (origin: string, code: string) => `${origin}/t/${encodeURIComponent(code)}`;

/**
 * /merchant/locations/tables (owners; issue 54): a location's areas and tables, and the printable sheet of
 * their QR codes (one card per table, the shop's name, logo and colour; A4 when printed: the editor is
 * not printed, only the sheet).
 */
export function TablesScreen(props: TablesScreenProps) {
  const { t } = useLingui();
  const { locations, locationId, onLocationChange, tables, loading, error, onRetry } = props;
  const body =
    loading && !tables ? (
      <SkeletonGroup label={t`Loading the tables`} className="flex flex-col gap-3">
        <SkeletonText lines={4} />
      </SkeletonGroup>
    ) : error || !tables ? (
      <ErrorState title={t`We could not load the tables`} message={error ?? undefined} {...(onRetry ? { onRetry } : {})} />
    ) : (
      <TablesEditor {...props} tables={tables} />
    );
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2 print:hidden">
        <p className="text-muted">
          <Trans>Customers scan a table’s QR code to order from their seat. Switch on “Orders from the table” in Settings for the codes to take orders.</Trans>
        </p>
        {locations && locations.length > 1 && (
          <SelectField label={t`Location`} value={locationId ?? ''} onChange={(e) => onLocationChange(Number(e.target.value))}>
            {locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {body}
    </div>
  );
}

function TablesEditor(props: TablesScreenProps & { tables: TablesData }) {
  const { t } = useLingui();
  const { tables, shop, origin, onPrint } = props;
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const run = async (change: () => Promise<SaveProblem | null>) => {
    const refused = await change();
    setProblem(refused);
    return refused === null;
  };
  const active = tables.tables.filter((x) => x.active);
  return (
    <>
      <div className="flex flex-col gap-6 print:hidden">
        {problem && !Object.keys(problem.fields).length && <Notice tone="danger">{problem.message}</Notice>}
        <AreasCard
          areas={tables.areas}
          problem={problem}
          onAdd={(name) => run(() => props.onAddArea(name))}
          onRename={props.onRenameArea}
          onRemove={(id) => run(() => props.onRemoveArea(id))}
        />
        <TablesCard {...props} run={run} problem={problem} />
      </div>
      {active.length > 0 && (
        <section aria-labelledby="qr-sheet" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
            <h2 id="qr-sheet" className="text-lg font-semibold">
              <Trans>QR codes</Trans>
            </h2>
            <Button variant="secondary" onClick={onPrint}>
              {t`Print the QR codes`}
            </Button>
          </div>
          <QrSheet shop={shop} origin={origin} tables={active} areas={tables.areas} />
        </section>
      )}
    </>
  );
}

function AreasCard({
  areas,
  problem,
  onAdd,
  onRename,
  onRemove,
}: {
  areas: DiningArea[];
  problem: SaveProblem | null;
  onAdd: (name: string) => Promise<boolean>;
  onRename: TablesScreenProps['onRenameArea'];
  onRemove: (id: number) => Promise<boolean>;
}) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await onAdd(name.trim())) setName('');
  };
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">
        <Trans>Areas</Trans>
      </h2>
      <p className="text-sm text-muted">
        <Trans>Optional: group tables by where they are, such as Terrace or Upstairs.</Trans>
      </p>
      {areas.length > 0 && (
        <ul className="flex flex-col gap-1">
          {areas.map((a) => (
            <AreaRow key={a.id} area={a} onRename={onRename} onRemove={onRemove} />
          ))}
        </ul>
      )}
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2">
        <TextField label={t`New area`} value={name} onChange={(e) => setName(e.target.value)} error={fieldProblem(problem, 'name', t`The name`)} />
        <Button type="submit" variant="secondary">
          {t`Add area`}
        </Button>
      </form>
    </Card>
  );
}

/**
 * An area's row: its name, rename in place (Escape or Cancel leaves the name as it was; a name taken or
 * empty is said under the field, which keeps what was typed), remove.
 */
function AreaRow({
  area: a,
  onRename,
  onRemove,
}: {
  area: DiningArea;
  onRename: TablesScreenProps['onRenameArea'];
  onRemove: (id: number) => Promise<boolean>;
}) {
  const { t } = useLingui();
  const [name, setName] = useState<string | null>(null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  // closed by keyboard or a click, focus goes back to the row's Rename button
  const renameButton = useRef<HTMLButtonElement>(null);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (closed) renameButton.current?.focus();
  }, [closed]);
  const areaName = a.name;
  const close = () => {
    setName(null);
    setProblem(null);
    setClosed(true);
  };
  if (name !== null) {
    const save = async (e: FormEvent) => {
      e.preventDefault();
      // an empty name is said at once, without asking the provider
      const refused = name.trim() ? await onRename(a.id, name.trim()) : { message: t`Give the area a name.`, fields: {} };
      if (refused) setProblem(refused);
      else close();
    };
    return (
      <li className="py-1">
        <form
          noValidate
          onSubmit={(e) => void save(e)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
          aria-label={t`Rename ${areaName}`}
          className="flex flex-wrap items-end gap-2"
        >
          <TextField
            label={t`New name for ${areaName}`}
            value={name}
            autoFocus
            onChange={(e) => setName(e.target.value)}
            error={fieldProblem(problem, 'name', t`The name`) ?? problem?.message}
          />
          <Button type="submit">{t`Save`}</Button>
          <Button variant="secondary" onClick={close}>
            {t`Cancel`}
          </Button>
        </form>
      </li>
    );
  }
  return (
    <li className="flex min-h-11 items-center justify-between gap-3">
      <span>{a.name}</span>
      <span className="flex flex-wrap gap-2">
        <Button
          ref={renameButton}
          variant="ghost"
          size="sm"
          onClick={() => {
            setClosed(false);
            setName(a.name);
          }}
          aria-label={t`Rename ${areaName}`}
        >
          {t`Rename`}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => void onRemove(a.id)} aria-label={t`Remove the area ${areaName}`}>
          {t`Remove`}
        </Button>
      </span>
    </li>
  );
}

function TablesCard({
  tables,
  problem,
  run,
  onAddTable,
  onSwitchTable,
  onRenameTable,
  onRemoveTable,
}: TablesScreenProps & { tables: TablesData; problem: SaveProblem | null; run: (change: () => Promise<SaveProblem | null>) => Promise<boolean> }) {
  const { t } = useLingui();
  const [label, setLabel] = useState('');
  const [area, setArea] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await run(() => onAddTable(label.trim(), area ? Number(area) : null))) setLabel('');
  };
  const areaName = (id: number | null) => tables.areas.find((a) => a.id === id)?.name ?? null;
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">
        <Trans>Tables</Trans>
      </h2>
      {tables.tables.length === 0 ? (
        <EmptyState title={t`No tables yet`} description={t`Add your first table below, then print its QR code.`} />
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {tables.tables.map((table) => (
            <TableRow
              key={table.id}
              table={table}
              area={areaName(table.area_id)}
              run={run}
              onSwitchTable={onSwitchTable}
              onRenameTable={onRenameTable}
              onRemoveTable={onRemoveTable}
            />
          ))}
        </ul>
      )}
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2">
        <TextField
          label={t`Table label`}
          hint={t`Such as 12 or T4.`}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          error={fieldProblem(problem, 'label', t`The label`)}
        />
        {tables.areas.length > 0 && (
          <SelectField label={t`Area`} value={area} onChange={(e) => setArea(e.target.value)}>
            <option value="">{t`No area`}</option>
            {tables.areas.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </SelectField>
        )}
        <Button type="submit">{t`Add table`}</Button>
      </form>
    </Card>
  );
}

/** A table's row: its label and area, switch off or on, rename in place, remove. */
function TableRow({
  table,
  area,
  run,
  onSwitchTable,
  onRenameTable,
  onRemoveTable,
}: Pick<TablesScreenProps, 'onSwitchTable' | 'onRenameTable' | 'onRemoveTable'> & {
  table: DiningTable;
  area: string | null;
  run: (change: () => Promise<SaveProblem | null>) => Promise<boolean>;
}) {
  const { t } = useLingui();
  const [label, setLabel] = useState<string | null>(null);
  const tableLabel = table.label;
  if (label !== null) {
    const save = async (e: FormEvent) => {
      e.preventDefault();
      if (await run(() => onRenameTable(table.id, label.trim()))) setLabel(null);
    };
    return (
      <li className="py-1">
        <form noValidate onSubmit={(e) => void save(e)} className="flex flex-wrap items-end gap-2">
          <TextField label={t`New label for table ${tableLabel}`} value={label} onChange={(e) => setLabel(e.target.value)} />
          <Button type="submit">{t`Save`}</Button>
          <Button variant="secondary" onClick={() => setLabel(null)}>
            {t`Cancel`}
          </Button>
        </form>
      </li>
    );
  }
  return (
    <li className="flex min-h-11 flex-wrap items-center justify-between gap-3 py-1">
      <span>
        <span className="font-semibold">{t`Table ${tableLabel}`}</span>
        {area && <span className="text-muted"> · {area}</span>}
        {!table.active && <span className="text-muted"> · {t`switched off`}</span>}
      </span>
      <span className="flex flex-wrap gap-2">
        <Button variant="ghost" size="sm" onClick={() => void run(() => onSwitchTable(table.id, !table.active))}>
          {table.active ? t`Switch off table ${tableLabel}` : t`Switch on table ${tableLabel}`}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setLabel(table.label)} aria-label={t`Rename table ${tableLabel}`}>
          {t`Rename`}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => void run(() => onRemoveTable(table.id))} aria-label={t`Remove table ${tableLabel}`}>
          {t`Remove`}
        </Button>
      </span>
    </li>
  );
}

/** The sheet of QR cards: two columns on A4, each card kept whole on its page. */
export function QrSheet({ shop, origin, tables, areas }: { shop: SheetShop; origin: string; tables: DiningTable[]; areas: DiningArea[] }) {
  const { t } = useLingui();
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 print:grid-cols-2 print:gap-6" aria-label={t`QR codes of the tables`}>
      {tables.map(({ label: tableLabel, ...table }) => (
        <li
          key={table.id}
          className="flex break-inside-avoid flex-col items-center gap-2 rounded-xl border-4 bg-white p-4 text-center text-black"
          style={{ borderColor: shop.brandColor }}
        >
          {shop.logo ? <img src={shop.logo} alt="" className="h-10 w-auto" /> : null}
          <p className="font-semibold">{shop.name}</p>
          <p className="text-3xl font-bold" style={{ color: shop.brandColor }}>
            {t`Table ${tableLabel}`}
          </p>
          {areas.find((a) => a.id === table.area_id) && <p className="text-sm">{areas.find((a) => a.id === table.area_id)!.name}</p>}
          <QrCode value={tableUrl(origin, table.code)} label={t`QR code for table ${tableLabel}`} size={180} className="bg-white text-black" />
          <p className="text-sm">
            <Trans>Scan to see the menu and order from your table</Trans>
          </p>
        </li>
      ))}
    </ul>
  );
}
