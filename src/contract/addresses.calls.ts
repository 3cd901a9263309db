/** The calls of delivery addresses, declared once (api.ts); their schemas are in addresses.ts, their words in addresses.spec.ts. */
import { call } from './api';
import type { AddressData, AddressInput, AddressListData } from './addresses';

export const addressesApi = {
  list: call.customer.get<AddressListData>('address/list'),
  create: call.customer.post<AddressData, AddressInput>('address/create', { status: 201 }),
  update: call.customer.post<AddressData, Partial<AddressInput> & { id: number }>('address/update'),
  remove: call.customer.post<null, { id: number }>('address/delete'),
};
