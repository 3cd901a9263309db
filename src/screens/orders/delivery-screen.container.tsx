import { Navigate, useNavigate } from 'react-router-dom';
import { useAddresses } from '../../api/addresses';
import { useCheckout } from '../../app/checkout';
import { messageOf } from '../../shared/errors';
import type { LocationStepState } from '../../app/location-step';
import { AppNav } from '../../app/nav';
import { paths } from '#contract/routes';
import { useSite } from '../../app/settings';
import { DeliveryScreen, type DeliveryChoice } from './delivery-screen';

export default function DeliveryPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const { checkout, update } = useCheckout();
  const { data, error, isLoading, mutate } = useAddresses();

  // Pickup keeps the chosen address, so switching back to delivery finds it again.
  const keep = (c: DeliveryChoice) => update(c.fulfilment === 'delivery' ? { fulfilment: 'delivery', addressId: c.addressId } : { fulfilment: 'pickup' });

  if (checkout.cart.length === 0) return <Navigate to={paths.shop} replace />;

  return (
    <DeliveryScreen
      addresses={data?.addresses}
      defaultFulfilment={checkout.fulfilment}
      defaultAddressId={checkout.addressId}
      pickupAddress={settings.pickup_address}
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
