/**
 * A seeded database, the embedded provider on it and a gateway in front (its shared cache set by
 * `apiCacheEntries`), for a suite that reads the product as a browser does; `close` stops all three.
 */
import type { Logger } from 'pino';
import pino from 'pino';
import type { DatabaseHandle } from '../../../server/db';
import { seed } from '../../../server/db/seed';
import { createApp } from '../../../server/app';
import { startEmbeddedProvider } from '../../../server/provider/embedded';
import { clearMerchantCache } from '../../../server/provider/settings/settings.service';
import { listen, testConfig } from '../gateway.helpers';
import { openTestDatabase, type DbKind } from './provider';

export interface EmbeddedGateway {
  handle: DatabaseHandle;
  /** the gateway's origin (`http://127.0.0.1:…`) */
  url: string;
  close(): Promise<void>;
}

export async function startEmbeddedGateway(kind: DbKind, o: { name: string; apiCacheEntries?: number; logger?: Logger }): Promise<EmbeddedGateway> {
  const handle = await openTestDatabase(kind);
  await seed(handle.db);
  clearMerchantCache();
  const secret = `${o.name}-signing-secret-0123456789`;
  const logger = o.logger ?? pino({ level: 'silent' });
  const provider = await startEmbeddedProvider({
    db: handle.db,
    logger,
    secret,
    platform: 'wato',
    merchantId: 'kopi-senja',
    merchantApiKey: `${o.name}-merchant-key-0123456789`,
    webhookSecret: `${o.name}-webhook-secret-0123456789`,
    google: { clientId: undefined, jwksUrl: 'http://127.0.0.1:9/jwks' },
    demoOrderProgress: false,
    jobs: false,
  });
  const gateway = await listen(createApp({ config: testConfig({ apiCacheEntries: o.apiCacheEntries ?? 0 }), logger, providerBase: provider.baseUrl, secret }));
  return {
    handle,
    url: gateway.url,
    async close() {
      await gateway.close();
      await provider.close();
      await handle.close();
    },
  };
}
