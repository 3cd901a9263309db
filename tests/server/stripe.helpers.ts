import request from 'supertest';
import Stripe from 'stripe';
import { PROVIDER_MOUNT } from '../../server/provider/app';
import { stripeGateway, STRIPE_SIGNATURE_HEADER, type StripeGatewayOptions } from '../../server/provider/payments/stripe';
import type { StripeFake } from '../fakes/stripe-fake';
import type { TestProvider } from './support/provider';

/** The webhook signing secret of the Stripe account the tests' gateway stands for. */
export const STRIPE_WEBHOOK_SECRET = 'whsec_provider_test_0123456789abcdef';
/** The shop's public address the tests' gateway sends customers back to. */
export const STRIPE_SHOP = 'https://shop.example';

/** Stripe as the provider's gateway, the official library talking to the local fake of Stripe's API. */
export function testStripeGateway(fake: StripeFake, o: Partial<StripeGatewayOptions> = {}): ReturnType<typeof stripeGateway> {
  return stripeGateway({
    secretKey: fake.secretKey,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    publicBaseUrl: STRIPE_SHOP,
    host: fake.host,
    port: fake.port,
    protocol: fake.protocol,
    ...o,
  });
}

/** A delivery as Stripe makes it: pretty JSON, signed with the library's own test helper, posted unsigned by any API gateway. */
export function deliverStripeEvent(p: TestProvider, event: object, o: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: o.secret ?? STRIPE_WEBHOOK_SECRET,
    ...(o.timestamp ? { timestamp: o.timestamp } : {}),
  });
  return request(p.app)
    .post(`${PROVIDER_MOUNT}/payment/webhook/stripe`)
    .set('content-type', 'application/json; charset=utf-8')
    .set(STRIPE_SIGNATURE_HEADER, header)
    .send(payload);
}
