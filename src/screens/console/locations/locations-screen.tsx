import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { LocationFields, MerchantLocation } from '#contract/locations';
import { consoleHref } from '#contract/console-routes';
import { Badge, Button, Card, EmptyState, ErrorState, Notice, SkeletonGroup, SkeletonText, cx, focusRing, type RenderLink } from '../../../ui';
import { plainLink } from '../../../ui/lib/link';
import type { EditorPageProps, SaveProblem } from '../shared/editor-fields';
import { LocationEditor, type LocationProduct } from './location-editor';
import { stateWords } from '../shared/location-words';

export interface LocationsScreenProps extends EditorPageProps {
  renderLink?: RenderLink;
  locations?: MerchantLocation[];
  /** the server's time of the list (for "opens Mon 07:00") */
  now: string;
  shopTimeZone: string;
  /** the menu's products, for "Products not sold here"; undefined while the menu loads */
  products?: LocationProduct[] | undefined;
  /** id null: a new location. Answers null when saved, else what the provider refused. */
  onSave: (id: number | null, fields: LocationFields) => Promise<SaveProblem | null>;
}

const STATE_TONE = { open: 'success', closed: 'neutral', paused: 'warning' } as const;

function LocationCard({ location, now, locale, onEdit }: { location: MerchantLocation; now: string; locale: string; onEdit: () => void }) {
  const { t } = useLingui();
  const headingId = `location-${location.id}`;
  const areas = location.delivery_areas.length;
  const ways = [location.pickup && t`Pickup`, areas > 0 && plural(areas, { one: 'Delivery (# area)', other: 'Delivery (# areas)' })]
    .filter(Boolean)
    .join(' · ');
  const zone = location.effective_timezone;
  const name = location.name;
  const notSold = location.unavailable_product_ids.length;
  return (
    <Card as="li" aria-labelledby={headingId} className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {location.name}
        </h2>
        <p className="text-sm text-muted">{location.address}</p>
        <p>
          <Badge tone={STATE_TONE[location.state]}>{stateWords(location, now, locale)}</Badge>
        </p>
        <p className="text-sm text-muted">
          {ways || t`Neither pickup nor delivery`} · {t`Time zone ${zone}`}
          {notSold > 0 && ` · ${plural(notSold, { one: '# product not sold here', other: '# products not sold here' })}`}
        </p>
      </div>
      <Button id={`edit-location-${location.id}`} size="sm" variant="secondary" onClick={onEdit} aria-label={t`Edit ${name}`}>
        {t`Edit`}
      </Button>
    </Card>
  );
}

/** /merchant/locations (owners): where the shop makes its orders; each location's hours, pickup, delivery areas and products. */
export function LocationsScreen(props: LocationsScreenProps) {
  const { locations, loading, error, onRetry, now, locale, currency, shopTimeZone, products, onSave } = props;
  const { t } = useLingui();
  const [editing, setEditing] = useState<{ location: MerchantLocation | null } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // where the keyboard's focus goes back to once the editor closes (it held the focus, and is gone): the
  // location's Edit button, or Add location for a new one
  const [returnTo, setReturnTo] = useState<string | null>(null);
  useEffect(() => {
    if (editing || !returnTo) return;
    document.getElementById(returnTo)?.focus();
    setReturnTo(null);
  }, [editing, returnTo]);

  if (loading && !locations)
    return (
      <SkeletonGroup label={t`Loading the locations`} className="flex flex-col gap-3">
        {[0, 1].map((i) => (
          <Card key={i}>
            <SkeletonText lines={3} />
          </Card>
        ))}
      </SkeletonGroup>
    );
  if (!locations) return <ErrorState title={t`We could not load the locations`} message={error ?? t`Please try again.`} onRetry={onRetry} />;

  if (editing) {
    const name = editing.location?.name ?? '';
    return (
      <div className="flex flex-col gap-4">
        <h2 className="text-xl font-semibold">{editing.location ? t`Edit ${name}` : t`Add a location`}</h2>
        <LocationEditor
          location={editing.location}
          shopTimeZone={shopTimeZone}
          products={products}
          locale={locale}
          currency={currency}
          onSave={onSave}
          onDone={(name) => {
            setReturnTo(editing.location ? `edit-location-${editing.location.id}` : 'add-location');
            setEditing(null);
            setSaved(name);
          }}
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">
          <Trans>
            Each location has its own hours, pickup times and delivery areas. Customers see changes within 15 seconds; orders already placed keep theirs.
          </Trans>{' '}
          {(props.renderLink ?? plainLink)({
            href: consoleHref('tables'),
            className: cx('font-medium text-brand-ink underline underline-offset-4', focusRing),
            children: t`Tables and QR codes`,
          })}
        </p>
        <Button
          id="add-location"
          onClick={() => {
            setSaved(null);
            setEditing({ location: null });
          }}
        >
          {t`Add location`}
        </Button>
      </div>
      <div aria-live="polite">{saved && <Notice tone="success">{t`Saved ${saved}.`}</Notice>}</div>
      {locations.length === 0 ? (
        <EmptyState title={t`No locations yet`} description={t`Add the place where you make your orders.`} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t`Locations`}>
          {locations.map((l) => (
            <LocationCard
              key={l.id}
              location={l}
              now={now}
              locale={locale}
              onEdit={() => {
                setSaved(null);
                setEditing({ location: l });
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
