/**
 * The spec of the shop calls: their declarations (shop.calls.ts) joined to their schemas
 * (shop.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { catalogAnswer, catalogQuery } from './shop';
import { shopApi } from './shop.calls';

export const shopSpec = /* @__PURE__ */ describe('Shop', shopApi, {
  catalog: {
    summary: 'The menu',
    query: catalogQuery,
    data: catalogAnswer,
    answer: 'Categories with their products.',
    message: 'Menu loaded.',
  },
});
