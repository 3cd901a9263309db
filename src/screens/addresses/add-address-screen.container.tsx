import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAddresses, useCreateAddress, useDeleteAddress, useUpdateAddress } from '../../api/addresses';
import type { AddressInput } from '#contract';
import { useCheckout } from '../../app/checkout';
import { useProfile } from '../../api/customers';
import { useAction } from '../../shared/action';
import { fieldErrorsOf, messageOf } from '../../shared/errors';
import { useGoBack } from '../../app/go-back';
import { readLocated, type LocationStepState } from '../../app/location-step';
import { AppNav } from '../../app/nav';
import { paths } from '#contract/routes';
import { toast } from '../../ui';
import { AddAddressScreen } from './add-address-screen';

/** /profile/add-address: the saved addresses (edit, delete, make default) and the form to add one. */
export default function AddAddressPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const { checkout, update } = useCheckout();
  const { data, error, isLoading, mutate } = useAddresses();
  // a new address starts from the customer's own name and number
  const profile = useProfile();
  const customer = profile.data;
  const createAddress = useCreateAddress();
  const updateAddress = useUpdateAddress();
  const deleteAddress = useDeleteAddress();
  const back = useGoBack(paths.profileHome);
  // Coming back from /set-location: reopen the form that asked for the point, and give it the point.
  const [from, setFrom] = useState(() => readLocated(state));
  const [formKey, setFormKey] = useState(0);
  // each address call answers once the list shows the change
  const save = useAction(async (values: AddressInput, id: number | null) => {
    await (id === null ? createAddress(values) : updateAddress(id, values));
    toast.success(id === null ? t`Address added.` : t`Address saved.`);
    // A fresh, empty form for the next address; the point was used.
    setFrom({ located: false, editingId: null });
    setFormKey((k) => k + 1);
    if (from.located) update({ location: null, addressDraft: null, addressFilled: null });
  });
  const row = useAction(async (_id: number, work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
    } catch (err) {
      toast.error(messageOf(err));
      throw err;
    }
  });
  // one change at a time: the form and the rows wait for each other
  const act = (id: number, work: () => Promise<unknown>, done: string) => void (!save.pending && row.run(id, work, done));

  return (
    <AddAddressScreen
      key={formKey}
      addresses={data?.addresses}
      // the form starts from the profile's name and number: it waits for them (a failed read leaves it empty)
      loading={isLoading || profile.isLoading}
      error={error && !data ? messageOf(error) : null}
      onRetry={() => void mutate()}
      onSave={(values, id) => void (!row.pending && save.run(values, id))}
      onDelete={(id) =>
        act(
          id,
          async () => {
            await deleteAddress(id);
            if (checkout.addressId === id) update({ addressId: null });
          },
          t`Address deleted.`,
        )
      }
      onMakeDefault={(id) => act(id, () => updateAddress(id, { is_default: true }), t`Default address changed.`)}
      busyId={row.running?.[0] ?? null}
      defaultEditingId={from.editingId}
      location={from.located ? checkout.location : null}
      draft={from.located ? checkout.addressDraft : null}
      own={customer}
      onSetLocation={(editingId, typed) => {
        update({ addressDraft: typed });
        void navigate(paths.setLocation, { state: { returnTo: paths.profileAddAddress, editingId } satisfies LocationStepState });
      }}
      submitting={save.pending}
      fieldErrors={fieldErrorsOf(save.error)}
      formError={save.error ? messageOf(save.error) : null}
      onBack={back}
      nav={<AppNav />}
    />
  );
}
