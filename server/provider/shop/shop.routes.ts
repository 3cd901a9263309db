import type { Router } from 'express';
import { shopSpec } from '#contract';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { getCatalog } from './shop.service';

/** The menu customers browse: public, guests browse it before signing in. */
export function shopRoutes(ctx: ProviderContext): Router {
  return mount(ctx, shopSpec, { catalog: () => getCatalog(ctx) });
}
