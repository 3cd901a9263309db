import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAddresses, useCreateAddress, useDeleteAddress, useUpdateAddress } from '../../api/addresses';
import type { AddressInput } from '#contract';
import { useCheckout } from '../../app/checkout';
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
  const createAddress = useCreateAddress();
  const updateAddress = useUpdateAddress();
  const deleteAddress = useDeleteAddress();
  const back = useGoBack(paths.profileHome);
  // Coming back from /set-location: reopen the form that asked for the point, and give it the point.
  const [from, setFrom] = useState(() => readLocated(state));
  const [formKey, setFormKey] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = useRef(false);

  const run = async (work: () => Promise<unknown>, done: string, onError?: (err: unknown) => void) => {
    if (busy.current) return false;
    busy.current = true;
    try {
      // each address call answers once the list shows the change
      await work();
      toast.success(done);
      return true;
    } catch (err) {
      if (onError) onError(err);
      else toast.error(messageOf(err));
      return false;
    } finally {
      busy.current = false;
    }
  };

  const save = async (values: AddressInput, id: number | null) => {
    setSubmitting(true);
    setFieldErrors({});
    setFormError(null);
    const ok = await run(() => (id === null ? createAddress(values) : updateAddress(id, values)), id === null ? 'Address added.' : 'Address saved.', (err) => {
      setFieldErrors(fieldErrorsOf(err));
      setFormError(messageOf(err));
    });
    setSubmitting(false);
    if (!ok) return;
    // A fresh, empty form for the next address; the point was used.
    setFrom({ located: false, editingId: null });
    setFormKey((k) => k + 1);
    if (from.located) update({ location: null });
  };

  const act = async (id: number, work: () => Promise<unknown>, done: string) => {
    setBusyId(id);
    await run(work, done);
    setBusyId(null);
  };

  return (
    <AddAddressScreen
      key={formKey}
      addresses={data?.addresses}
      loading={isLoading}
      error={error && !data ? messageOf(error) : null}
      onRetry={() => void mutate()}
      onSave={(values, id) => void save(values, id)}
      onDelete={(id) =>
        void act(
          id,
          async () => {
            await deleteAddress(id);
            if (checkout.addressId === id) update({ addressId: null });
          },
          'Address deleted.',
        )
      }
      onMakeDefault={(id) => void act(id, () => updateAddress(id, { is_default: true }), 'Default address changed.')}
      busyId={busyId}
      defaultEditingId={from.editingId}
      location={from.located ? checkout.location : null}
      onSetLocation={(editingId) =>
        void navigate(paths.setLocation, { state: { returnTo: paths.profileAddAddress, editingId } satisfies LocationStepState })
      }
      submitting={submitting}
      fieldErrors={fieldErrors}
      formError={formError}
      onBack={back}
      nav={<AppNav />}
    />
  );
}
