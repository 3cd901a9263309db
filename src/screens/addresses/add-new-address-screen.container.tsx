import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCreateAddress } from '../../api/addresses';
import type { AddressInput } from '#contract';
import { newAddressStart } from './address-fill';
import { useProfile } from '../../api/customers';
import { useCheckout } from '../../app/checkout';
import { useAction } from '../../shared/action';
import { fieldErrorsOf, messageOf } from '../../shared/errors';
import { useGoBack } from '../../app/go-back';
import type { LocationStepState } from '../../app/location-step';
import { AppNav } from '../../app/nav';
import { paths } from '#contract/routes';
import { AddNewAddressScreen } from './add-new-address-screen';

/** /add-new-address: saves a delivery address during checkout, chooses it, and goes back to /delivery. */
export default function AddNewAddressPage() {
  const navigate = useNavigate();
  const createAddress = useCreateAddress();
  const { checkout, update } = useCheckout();
  const { data: customer } = useProfile();
  const back = useGoBack(paths.delivery);
  // The customer's own name and number to start from, when the profile is already at hand.
  // Back from /set-location: what was typed before going there.
  // A draft that only a map search filled (street, city, postal code) still starts from the customer's name and number.
  const [initial] = useState(() => newAddressStart(customer, checkout.addressDraft));

  const save = useAction(async (values: AddressInput) => {
    // answers once the address list has it, so /delivery shows it chosen
    const { address } = await createAddress(values);
    update({ fulfilment: 'delivery', addressId: address.id, location: null, addressDraft: null, addressFilled: null });
    void navigate(paths.delivery, { replace: true });
  });

  return (
    <AddNewAddressScreen
      initial={initial}
      location={checkout.location}
      onSetLocation={(typed) => {
        update({ addressDraft: typed });
        void navigate(paths.setLocation, { state: { returnTo: paths.addNewAddress } satisfies LocationStepState });
      }}
      onSubmit={(v) => void save.run(v)}
      submitting={save.pending}
      fieldErrors={fieldErrorsOf(save.error)}
      formError={save.error ? messageOf(save.error) : null}
      onBack={back}
      nav={<AppNav />}
    />
  );
}
