import type { Address, AddressInput, AddressListData } from '#contract';
import { addressesApi } from '#contract/addresses.calls';
import { callApi, keyOf } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

export const addressesKey = keyOf(addressesApi.list);
/** `load` false (a guest at a table has no addresses): nothing is asked. */
export const useAddresses = (load = true) => useCall(load ? addressesApi.list : null);

/**
 * Saving or deleting an address can change the others too (which one is the default), so the list is
 * read again, and each call answers once it has been: the page shows the list as it now is.
 */
const addressChanges = { refreshes: [addressesApi.list.path], wait: true };

/** A new address is in the list at once, even where no page is showing the list to read it again. */
const withAddress =
  (address: Address) =>
  (list: AddressListData | undefined): AddressListData => {
    const others = (list?.addresses ?? []).map((a) => (address.is_default ? { ...a, is_default: false } : a));
    return { addresses: [...others.filter((a) => a.id !== address.id), address] };
  };

const createAddress = (a: AddressInput) => callApi(addressesApi.create, a);
const updateAddress = (id: number, a: Partial<AddressInput>) => callApi(addressesApi.update, { id, ...a });
const deleteAddress = (id: number) => callApi(addressesApi.remove, { id });
export const useCreateAddress = () =>
  useMutation(createAddress, { ...addressChanges, writes: ({ address }) => [{ key: addressesKey, data: withAddress(address) }] });
export const useUpdateAddress = () => useMutation(updateAddress, addressChanges);
export const useDeleteAddress = () => useMutation(deleteAddress, addressChanges);
