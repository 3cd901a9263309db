import { Router } from 'express';
import { addressCreateBody, addressDeleteBody, addressUpdateBody } from '#contract';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { customerOf, requireCustomer } from '../http/session';
import { parse } from '../http/validate';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './addresses.service';

export function addressesRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  r.get('/address/list', requireCustomer(ctx), async (_req, res) => {
    send(res, 200, 'Addresses loaded.', { addresses: await listAddresses(ctx, customerOf(res)) });
  });

  r.post('/address/create', requireCustomer(ctx), async (req, res) => {
    const body = parse(addressCreateBody, req.body);
    send(res, 201, 'Address saved.', { address: await createAddress(ctx, customerOf(res), body) });
  });

  r.post('/address/update', requireCustomer(ctx), async (req, res) => {
    const body = parse(addressUpdateBody, req.body);
    send(res, 200, 'Address updated.', { address: await updateAddress(ctx, customerOf(res), body) });
  });

  r.post('/address/delete', requireCustomer(ctx), async (req, res) => {
    const body = parse(addressDeleteBody, req.body);
    await deleteAddress(ctx, customerOf(res), body.id);
    send(res, 200, 'Address deleted.', null);
  });

  return r;
}
