import type { Router } from 'express';
import { privacyConsoleSpec, privacySpec } from '#contract/privacy.spec';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { cancelDeletionForOwner, deletionStatus, exportCustomerData, exportForOwner, requestDeletion } from './privacy.service';

/** customer/data, customer/deletion…: the customer's own data and leaving; merchant/customers/data, …/deletion/…: the owner's, for a customer who asks. */
export function privacyRoutes(ctx: ProviderContext): Router {
  const customer = mount(ctx, privacySpec, {
    dataExport: async (_, at) => {
      // personal data: never kept by a cache on the way
      at.res.setHeader('cache-control', 'no-store');
      return exportCustomerData(ctx, at.customerId());
    },
    deletion: async (_, at) => deletionStatus(ctx, at.customerId()),
    requestDeletion: async (_, at) => requestDeletion(ctx, at.customerId(), null),
  });
  const owner = mount(ctx, privacyConsoleSpec, {
    dataExport: async (query, at) => {
      at.res.setHeader('cache-control', 'no-store');
      return exportForOwner(ctx, at.staff(), query.customer_id);
    },
    requestDeletion: async (body, at) => requestDeletion(ctx, body.customer_id, at.staff()),
    cancelDeletion: async (body, at) => cancelDeletionForOwner(ctx, at.staff(), body.customer_id),
  });
  customer.use(owner);
  return customer;
}
