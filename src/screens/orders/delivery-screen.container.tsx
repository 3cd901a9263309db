import { Navigate, useNavigate } from 'react-router-dom';
import { useAddresses } from '../../api/addresses';
import { useCheckout } from '../../app/checkout';
import { messageOf } from '../../shared/errors';
import type { LocationStepState } from '../../app/location-step';
import { AppNav } from '../../app/nav';
import { paths } from '#contract/routes';
import { byDistance, useOrdering } from '../../app/ordering';
import { useSite } from '../../app/settings';
import { DeliveryScreen, type DeliveryChoice } from './delivery-screen';

export default function DeliveryPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const { checkout, update } = useCheckout();
  const { data, error, isLoading, mutate } = useAddresses();
  const { locations, location, now } = useOrdering();
  // nearest first from the customer's default address (the browser is never asked where it is)
  const places = byDistance(
    locations.filter((l) => l.pickup),
    data?.addresses.find((a) => a.is_default),
  );

  // Pickup keeps the chosen address, so switching back to delivery finds it again; another place drops the time chosen at the last one.
  const keep = (c: DeliveryChoice) =>
    update(
      c.fulfilment === 'delivery'
        ? { fulfilment: 'delivery', addressId: c.addressId, table: null }
        : {
            fulfilment: 'pickup',
            table: null,
            ...(c.locationId !== undefined && c.locationId !== checkout.locationId && { locationId: c.locationId, pickupAt: null }),
          },
    );

  if (checkout.cart.length === 0) return <Navigate to={paths.shop} replace />;

  return (
    <DeliveryScreen
      addresses={data?.addresses}
      defaultFulfilment={checkout.fulfilment}
      defaultAddressId={checkout.addressId}
      pickupAddress={location?.address ?? settings.pickup_address}
      pickupPlaces={places}
      defaultLocationId={checkout.locationId}
      now={now}
      locale={settings.locale}
      companyName={settings.setting_company || undefined}
      loading={isLoading}
      error={error && !data ? messageOf(error) : null}
      onRetry={() => void mutate()}
      onAddAddress={() => void navigate(paths.addNewAddress)}
      onSetLocation={() => void navigate(paths.setLocation, { state: { returnTo: paths.addNewAddress } satisfies LocationStepState })}
      onChange={keep}
      onContinue={(c) => {
        keep(c);
        void navigate(paths.orderConfirmation);
      }}
      onBack={() => void navigate(paths.shop)}
      nav={<AppNav />}
    />
  );
}
