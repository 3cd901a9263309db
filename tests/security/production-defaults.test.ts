/**
 * Development conveniences never reach production by default: each is on for `npm start` and off with
 * NODE_ENV=production unless the operator turns it on by name.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { PRODUCTION_SMS_ENV } from '../server/support/env';

describe('production defaults', () => {
  it('turns every development convenience off in production', () => {
    const c = loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SMS_ENV });
    expect({ sandbox: c.paymentSandbox, outbox: c.devOutbox, demoOrders: c.demoOrderProgress }).toEqual({ sandbox: false, outbox: false, demoOrders: false });
  });

  it('keeps them on for npm start (development)', () => {
    const c = loadConfig({});
    expect({ sandbox: c.paymentSandbox, outbox: c.devOutbox, demoOrders: c.demoOrderProgress }).toEqual({ sandbox: true, outbox: true, demoOrders: true });
  });

  it('lets the operator turn the sandbox and the demo progression on by name in production (a test shop)', () => {
    const c = loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'true', DEMO_ORDER_PROGRESS: 'true', ...PRODUCTION_SMS_ENV });
    expect({ sandbox: c.paymentSandbox, demoOrders: c.demoOrderProgress }).toEqual({ sandbox: true, demoOrders: true });
  });
});
