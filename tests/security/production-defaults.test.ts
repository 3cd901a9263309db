/**
 * Development conveniences never reach production by default: each is on for `npm start` and off with
 * NODE_ENV=production unless the operator turns it on by name. The demo order progression is off
 * everywhere unless turned on by name (issue 46).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { PRODUCTION_SMS_ENV } from '../server/support/env';

describe('production defaults', () => {
  it('turns every development convenience off in production', () => {
    const c = loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SMS_ENV });
    expect({ sandbox: c.paymentSandbox, outbox: c.devOutbox, demoOrders: c.demoOrderProgress }).toEqual({ sandbox: false, outbox: false, demoOrders: false });
    // webhooks go only to public https addresses: loopback receivers are for tests, and production refuses them by name too
    expect(c.webhooksAllowLoopback).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SMS_ENV, WEBHOOKS_ALLOW_LOOPBACK: 'true' })).toThrow(/WEBHOOKS_ALLOW_LOOPBACK/);
  });

  it('starts production without an SMS service, still with no outbox and no sandbox: codes wait for Twilio to be connected (issue 46)', () => {
    const c = loadConfig({ NODE_ENV: 'production' });
    expect({ twilio: c.twilio, sandbox: c.paymentSandbox, outbox: c.devOutbox, conveniences: c.conveniences.on }).toEqual({
      twilio: undefined,
      sandbox: false,
      outbox: false,
      conveniences: false,
    });
  });

  it('keeps them on for npm start (development), but the demo order progression only by name', () => {
    const c = loadConfig({});
    expect({ sandbox: c.paymentSandbox, outbox: c.devOutbox, demoOrders: c.demoOrderProgress }).toEqual({ sandbox: true, outbox: true, demoOrders: false });
    expect(loadConfig({ DEMO_ORDER_PROGRESS: 'true' }).demoOrderProgress).toBe(true);
  });

  it('lets the operator turn the sandbox and the demo progression on by name in production (a test shop)', () => {
    const c = loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'true', DEMO_ORDER_PROGRESS: 'true', ...PRODUCTION_SMS_ENV });
    expect({ sandbox: c.paymentSandbox, demoOrders: c.demoOrderProgress }).toEqual({ sandbox: true, demoOrders: true });
  });

  it('without NODE_ENV, keeps them only for a loopback listener', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      const c = loadConfig({ HOST });
      expect({ HOST, sandbox: c.paymentSandbox, outbox: c.devOutbox, demoOrders: c.demoOrderProgress }).toEqual({
        HOST,
        sandbox: true,
        outbox: true,
        demoOrders: false,
      });
    }
    for (const env of [
      { HOST: '0.0.0.0' },
      { HOST: '::' },
      { HOST: '10.0.0.5' },
      { HOST: 'shop.internal' },
      { HOST: '0.0.0.0', NODE_ENV: 'staging' },
      { SERVE: 'provider', HOST: '0.0.0.0', PROVIDER_SECRET: 'x'.repeat(43) },
    ]) {
      const c = loadConfig(env);
      expect({ ...env, sandbox: c.paymentSandbox, outbox: c.devOutbox, demoOrders: c.demoOrderProgress }).toEqual({
        ...env,
        sandbox: false,
        outbox: false,
        demoOrders: false,
      });
      expect(c.production).toBe(false);
    }
  });

  it('an explicit NODE_ENV=development keeps them on any listener', () => {
    const c = loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'development' });
    expect({ sandbox: c.paymentSandbox, outbox: c.devOutbox, demoOrders: c.demoOrderProgress }).toEqual({ sandbox: true, outbox: true, demoOrders: false });
  });

  it('on the network without NODE_ENV, the sandbox and the demo progression still come on by name (never the outbox)', () => {
    const c = loadConfig({ HOST: '0.0.0.0', PAYMENT_SANDBOX: 'true', DEMO_ORDER_PROGRESS: 'true' });
    expect({ sandbox: c.paymentSandbox, outbox: c.devOutbox, demoOrders: c.demoOrderProgress }).toEqual({ sandbox: true, outbox: false, demoOrders: true });
  });
});
