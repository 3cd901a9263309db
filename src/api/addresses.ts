import useSWR from 'swr';
import { apiPost, fetcher } from './client';
import type { AddressData, AddressInput, AddressListData } from '#contract';

export const addressesKey = 'address/list';
export const useAddresses = () => useSWR<AddressListData>(addressesKey, fetcher);
export const createAddress = (a: AddressInput) => apiPost<AddressData>('address/create', a);
export const updateAddress = (id: number, a: Partial<AddressInput>) => apiPost<AddressData>('address/update', { id, ...a });
export const deleteAddress = (id: number) => apiPost<null>('address/delete', { id });
