import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Address, Fulfilment } from '#contract';
import type { Location } from '#contract/locations';
import {
  AppShell,
  Badge,
  Button,
  ErrorState,
  LocationIcon,
  MapLink,
  Notice,
  PlusIcon,
  Skeleton,
  SkeletonGroup,
  TopBar,
  addressLine,
  cardSurface,
  cx,
} from '../../ui';
import { ChoiceCard } from './choice-card';
import { orderingWords } from '../shop/ordering-notice';

export interface DeliveryChoice {
  fulfilment: Fulfilment;
  /** The saved address for delivery; null for pickup. */
  addressId: number | null;
  /** Pickup, when the shop has more than one place: the one chosen. */
  locationId?: number;
}

export interface DeliveryScreenProps {
  /** The customer's saved addresses; the default one is chosen at first. */
  addresses?: Address[];
  /** Start with this choice (coming back from a later step). */
  defaultFulfilment?: Fulfilment;
  defaultAddressId?: number | null;
  /** The merchant's pickup counter (a shop with one place). */
  pickupAddress?: string;
  /** The places that take pickups, nearest first: with more than one, the customer chooses ("Pick up from"). */
  pickupPlaces?: Location[];
  defaultLocationId?: number | null;
  /** The server's time and the shop's locale, for each place's hours. */
  now?: string;
  locale?: string;
  companyName?: string;
  /** Whether the merchant delivers at all / offers pickup. */
  deliveryAvailable?: boolean;
  pickupAvailable?: boolean;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** Goes to /add-new-address. */
  onAddAddress?: () => void;
  /** Goes to /set-location. */
  onSetLocation?: () => void;
  /** Reports every change (for a container that keeps the draft order). */
  onChange?: (choice: DeliveryChoice) => void;
  onContinue?: (choice: DeliveryChoice) => void;
  onBack?: () => void;
  nav?: ReactNode;
}

/** The saved addresses to deliver to, and the ways to add one. */
function AddressChoice({
  addresses,
  addressId,
  onPick,
  onAddAddress,
  onSetLocation,
  missing,
}: {
  addresses: Address[];
  addressId: number | null;
  onPick: (id: number) => void;
  onAddAddress?: () => void;
  onSetLocation?: () => void;
  /** Continue was pressed without an address */
  missing: boolean;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="m-0 flex min-w-0 flex-col gap-3 border-0 p-0">
      <legend className="mb-3 text-lg font-semibold text-ink">
        <Trans>Deliver to</Trans>
      </legend>
      {addresses.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-4 text-muted">
          <Trans>You have no saved addresses yet. Add one so we know where to bring your order.</Trans>
        </p>
      ) : (
        addresses.map((a) => (
          <ChoiceCard
            key={a.id}
            name="address"
            value={String(a.id)}
            checked={addressId === a.id}
            onChange={(v) => onPick(Number(v))}
            title={
              <span className="flex flex-wrap items-center gap-2">
                {a.label}
                {a.is_default && <Badge tone="success">{t`Default`}</Badge>}
              </span>
            }
          >
            {a.recipient} · {addressLine(a)}
          </ChoiceCard>
        ))
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" icon={<PlusIcon size={18} />} onClick={onAddAddress}>
          <Trans>Add new address</Trans>
        </Button>
        {onSetLocation && (
          <Button variant="ghost" icon={<LocationIcon size={18} />} onClick={onSetLocation}>
            <Trans>Set location</Trans>
          </Button>
        )}
      </div>
      {missing && (
        <Notice tone="danger">
          <Trans>Choose an address, or add a new one, to continue.</Trans>
        </Notice>
      )}
    </fieldset>
  );
}

function PickupPlace({ companyName, pickupAddress }: { companyName?: string; pickupAddress?: string }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="pickup-heading" className={cx(cardSurface, 'flex flex-col gap-2 p-4 shadow-sm')}>
      <h2 id="pickup-heading" className="text-lg font-semibold text-ink">
        {companyName ? t`Pick up at ${companyName}` : t`Pick up at the shop`}
      </h2>
      <p className="flex items-start gap-2 text-ink">
        <LocationIcon size={20} className="mt-0.5 shrink-0 text-brand-ink" />
        <span>{pickupAddress || t`The address is shown on your receipt.`}</span>
      </p>
      {pickupAddress && <MapLink address={pickupAddress} />}
      <p className="text-sm text-muted">
        <Trans>We'll let you know when your order is ready.</Trans>
      </p>
    </section>
  );
}

/** A shop with more than one place: where to pick up, each with its address and whether it takes orders now. */
function PlaceChoice({
  places,
  placeId,
  onPick,
  now,
  locale,
}: {
  places: Location[];
  placeId: number | undefined;
  onPick: (id: number) => void;
  now?: string;
  locale: string;
}) {
  return (
    <fieldset className="m-0 flex min-w-0 flex-col gap-3 border-0 p-0">
      <legend className="mb-3 text-lg font-semibold text-ink">
        <Trans>Pick up from</Trans>
      </legend>
      {places.map((l) => (
        <ChoiceCard key={l.id} name="place" value={String(l.id)} checked={placeId === l.id} onChange={() => onPick(l.id)} title={l.name}>
          {l.address}
          {now && <span className={cx('block', l.state === 'open' ? 'text-success' : 'text-warning')}>{orderingWords(l, now, locale)}</span>}
        </ChoiceCard>
      ))}
    </fieldset>
  );
}

/**
 * /delivery, the first step of checkout: delivery to a saved address, or pickup at the shop. Its heading
 * says Checkout; the document title keeps the specification's label for the route, "Delivery".
 */
export function DeliveryScreen({
  addresses = [],
  defaultFulfilment = 'delivery',
  defaultAddressId,
  pickupAddress,
  pickupPlaces = [],
  defaultLocationId = null,
  now,
  locale = 'en',
  companyName,
  deliveryAvailable = true,
  pickupAvailable = true,
  loading = false,
  error,
  onRetry,
  onAddAddress,
  onSetLocation,
  onChange,
  onContinue,
  onBack,
  nav,
}: DeliveryScreenProps) {
  const { t } = useLingui();
  const [fulfilment, setFulfilment] = useState<Fulfilment>(defaultFulfilment === 'delivery' && !deliveryAvailable ? 'pickup' : defaultFulfilment);
  const [picked, setPicked] = useState<number | null>(defaultAddressId ?? null);
  // Until the customer picks, the default address (or the only one) is the choice.
  const fallback = addresses.find((a) => a.is_default)?.id ?? (addresses.length === 1 ? addresses[0]!.id : null);
  const addressId = picked !== null && addresses.some((a) => a.id === picked) ? picked : fallback;
  const [tried, setTried] = useState(false);
  const [place, setPlace] = useState(defaultLocationId);
  const many = pickupPlaces.length > 1;
  // until the customer picks, the nearest place (the first)
  const placeId = many ? (pickupPlaces.find((l) => l.id === place) ?? pickupPlaces[0])!.id : undefined;

  const choiceOf = (f: Fulfilment, a: number | null, p = placeId): DeliveryChoice =>
    f === 'delivery' ? { fulfilment: f, addressId: a } : { fulfilment: f, addressId: null, ...(p !== undefined && { locationId: p }) };
  const choice = choiceOf(fulfilment, addressId);
  const missingAddress = fulfilment === 'delivery' && addressId === null;

  const update = (next: Partial<{ fulfilment: Fulfilment; addressId: number | null; locationId: number }>) => {
    if (next.fulfilment) setFulfilment(next.fulfilment);
    if (next.addressId !== undefined) setPicked(next.addressId);
    if (next.locationId !== undefined) setPlace(next.locationId);
    onChange?.(choiceOf(next.fulfilment ?? fulfilment, next.addressId !== undefined ? next.addressId : addressId, next.locationId ?? placeId));
  };

  const addressPart =
    fulfilment !== 'delivery' ? null : error ? (
      <ErrorState title={t`We couldn't load your addresses`} message={error} onRetry={onRetry} />
    ) : loading ? (
      <SkeletonGroup label={t`Loading your addresses`} className="flex flex-col gap-3">
        <Skeleton height="5rem" />
        <Skeleton height="5rem" />
      </SkeletonGroup>
    ) : (
      <AddressChoice
        addresses={addresses}
        addressId={addressId}
        onPick={(id) => update({ addressId: id })}
        onAddAddress={onAddAddress}
        onSetLocation={onSetLocation}
        missing={tried && missingAddress}
      />
    );

  return (
    <AppShell header={<TopBar title={t`Checkout`} onBack={onBack} />} nav={nav}>
      <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
        <fieldset className="m-0 flex min-w-0 flex-col gap-3 border-0 p-0">
          <legend className="mb-3 text-lg font-semibold text-ink">
            <Trans>How would you like your order?</Trans>
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <ChoiceCard
              name="fulfilment"
              value="delivery"
              checked={fulfilment === 'delivery'}
              onChange={() => update({ fulfilment: 'delivery' })}
              title={t`Delivery`}
              disabled={!deliveryAvailable}
            >
              {deliveryAvailable ? t`We bring it to your door.` : t`Not available right now.`}
            </ChoiceCard>
            <ChoiceCard
              name="fulfilment"
              value="pickup"
              checked={fulfilment === 'pickup'}
              onChange={() => update({ fulfilment: 'pickup' })}
              title={t`Pickup`}
              disabled={!pickupAvailable}
            >
              {pickupAvailable ? t`Collect it at the counter.` : t`Not available right now.`}
            </ChoiceCard>
          </div>
        </fieldset>

        {fulfilment !== 'pickup' ? (
          addressPart
        ) : many ? (
          <PlaceChoice places={pickupPlaces} placeId={placeId} onPick={(id) => update({ locationId: id })} now={now} locale={locale} />
        ) : (
          <PickupPlace companyName={companyName} pickupAddress={pickupAddress} />
        )}

        <Button
          size="lg"
          fullWidth
          disabled={fulfilment === 'delivery' && (loading || !!error)}
          onClick={() => {
            setTried(true);
            if (missingAddress) return;
            onContinue?.(choice);
          }}
        >
          <Trans>Continue</Trans>
        </Button>
      </div>
    </AppShell>
  );
}
