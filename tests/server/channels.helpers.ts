/** A live shop's channels for the provider tests: Stripe, Twilio and SMTP with recognisable secrets. */
import pino from 'pino';
import { smtpMailer } from '../../server/provider/auth/smtp-mailer';
import { twilioSender } from '../../server/provider/auth/twilio-sender';
import { stripeGateway } from '../../server/provider/payments/stripe';
import { fakeSid } from '../fakes/twilio-fake';
import type { TestProvider } from './support/provider';

// recognisable secrets: none may appear anywhere in an answer
export const SECRETS = {
  stripeKey: 'sk_live_STRIPESECRETKEY0000000001',
  webhookSecret: 'whsec_WEBHOOKSECRET0000000002',
  twilioSid: fakeSid('AC'),
  twilioToken: 'TWILIOAUTHTOKEN0000000003',
  twilioNumber: '+14155550123',
  smtpUser: 'SMTPUSER0000000004',
  smtpPassword: 'SMTPPASSWORD0000000005',
};
const silent = pino({ level: 'silent' });

/**
 * The provider configured as a live shop: Stripe with a live key, Twilio and SMTP (none is called here).
 * Answers what puts the test provider's own channels back.
 */
export function configureLive(p: TestProvider, o: { stripeKey?: string } = {}): () => void {
  const saved = { paymentGateway: p.ctx.paymentGateway, sender: p.ctx.sender, mailer: p.ctx.mailer };
  p.ctx.paymentGateway = stripeGateway({
    secretKey: o.stripeKey ?? SECRETS.stripeKey,
    webhookSecret: SECRETS.webhookSecret,
    publicBaseUrl: 'https://shop.example',
    logger: silent,
    maxNetworkRetries: 0,
  });
  p.ctx.sender = twilioSender({ accountSid: SECRETS.twilioSid, authToken: SECRETS.twilioToken, from: SECRETS.twilioNumber, logger: silent });
  p.ctx.mailer = smtpMailer({
    url: `smtps://${SECRETS.smtpUser}:${SECRETS.smtpPassword}@mail.example.com:465`,
    from: 'Kopi Senja <no-reply@kopisenja.id>',
    logger: silent,
  });
  return () => Object.assign(p.ctx, saved);
}
