import { Router } from 'express';
import { sql } from 'kysely';
import type { ProviderContext } from '../context';
import { send } from '../http/envelope';
import { getMerchant } from '../merchant/merchant.service';

export function settingsRoutes(ctx: ProviderContext): Router {
  const r = Router();
  r.get('/settings/main-setting', async (_req, res) => {
    const merchant = await getMerchant(ctx.db, ctx.merchantId);
    send(res, 200, 'Settings loaded.', merchant.settings);
  });
  r.get('/health', async (_req, res) => {
    await sql`select 1`.execute(ctx.db);
    send(res, 200, 'The provider is up.', { ok: true });
  });
  return r;
}
