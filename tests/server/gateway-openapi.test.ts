/**
 * The OpenAPI document is the provider's, for people building a provider: the gateway does not pass it
 * to browsers (its token guard would take the `token` properties out of its schemas).
 */
import { expect, it } from 'vitest';
import { describeDb, STACK_SECRET, useStack } from '../security/support';
import { gatewayHeaders } from './support/provider';
import { undeclared } from '../support/calls';

describeDb('the OpenAPI document behind the gateway', (kind) => {
  const stack = useStack({ kind });

  it('is not answered through the gateway, and is whole at the provider', async () => {
    // the document is not a declared call
    expect((await stack.api('GET', undeclared('openapi.json'))).status).toBe(404);
    const base = stack.provider.baseUrl;
    const headers = gatewayHeaders({ method: 'GET', target: undeclared('openapi.json'), clock: { now: () => new Date() } }, STACK_SECRET, base);
    const direct = await fetch(`${base}openapi.json`, { headers });
    expect(direct.status).toBe(200);
    const doc = (await direct.json()) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(JSON.stringify(doc)).toContain('"token"');
  });
});
