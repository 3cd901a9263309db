import { addressesSpec } from '#contract/addresses.spec';
import type { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './addresses.service';

export function addressesRoutes(ctx: ProviderContext): Router {
  return mount(ctx, addressesSpec, {
    list: async (_, at) => ({ addresses: await listAddresses(ctx, at.customerId()) }),
    create: async (body, at) => ({ address: await createAddress(ctx, at.customerId(), body) }),
    update: async (body, at) => ({ address: await updateAddress(ctx, at.customerId(), body) }),
    remove: async (body, at) => {
      await deleteAddress(ctx, at.customerId(), body.id);
      return null;
    },
  });
}
