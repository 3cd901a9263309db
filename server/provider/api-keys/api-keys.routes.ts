import { apiKeysConsoleSpec } from '#contract/api-keys.spec';
import type { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { apiKeys, createKey, legacyOff, revoke, rotate } from './api-keys.service';

/** The owner's scoped API keys (`merchant/api-keys…`, owners only). A key itself is checked by the merchant calls' guard (http/merchant-key.ts). */
export function apiKeysRoutes(ctx: ProviderContext): Router {
  return mount(ctx, apiKeysConsoleSpec, {
    keys: () => apiKeys(ctx),
    create: (body, at) => createKey(ctx, at.staff(), body),
    rotate: (body, at) => rotate(ctx, at.staff(), body.id),
    revoke: async (body, at) => ({ key: await revoke(ctx, at.staff(), body.id) }),
    legacyOff: async (_b, at) => ({ legacy_key: await legacyOff(ctx, at.staff()) }),
  });
}
