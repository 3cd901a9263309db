/**
 * The spec of the addresses calls: their declarations (addresses.calls.ts) joined to their schemas
 * (addresses.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { addressCreateBody, addressUpdateBody, addressDeleteBody, addressListAnswer, addressOnlyAnswer } from './addresses';
import { addressesApi } from './addresses.calls';
import { describe } from './api-spec';

export const addressesSpec = /* @__PURE__ */ describe('Addresses', addressesApi, {
  list: { summary: "The customer's delivery addresses", data: addressListAnswer, answer: 'The addresses.', message: 'Addresses loaded.' },
  create: {
    summary: 'Save a delivery address',
    body: addressCreateBody,
    data: addressOnlyAnswer,
    answer: 'The address.',
    message: 'Address saved.',
    errors: ['LIMIT_REACHED'],
  },
  update: {
    summary: 'Change a delivery address',
    body: addressUpdateBody,
    data: addressOnlyAnswer,
    answer: 'The address.',
    message: 'Address updated.',
    errors: ['NOT_FOUND'],
  },
  remove: { summary: 'Delete a delivery address', body: addressDeleteBody, answer: 'Deleted.', message: 'Address deleted.', errors: ['NOT_FOUND'] },
});
