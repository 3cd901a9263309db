/**
 * Going live: what the shop's payments and messages are (read from the adapters the provider was built
 * with, never a secret), what going live still needs, a test message to the owner, and the set-up
 * checklist the console's Overview shows until the shop is live.
 */
import type { ChannelsData, SetupData, TestMessageData, TestMessageInput } from '#contract/channels';
import { HOUR, SECOND } from '../../lib/clock';
import { rateLimited } from '../auth/codes';
import { normalizePhone } from '../auth/phone';
import type { ProviderContext } from '../context';
import { AppError, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { getMerchant } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import { lastWebhookAt, lockTestMessages, setupFacts, staffEmail } from './channels.repo';
import { CLEAR_DEMO_ACTION, isDemoImage } from './demo';
import { connectionsOf } from './connections.service';

/** Test messages an owner may send in an hour: enough to try each channel after a fix, not a way to send texts. */
export const TEST_MESSAGES_PER_HOUR = 5;
const TEST_MESSAGE_ACTION = 'channels.test_message';

function paymentsOf(ctx: ProviderContext, lastEvent: Date | null): ChannelsData['payments'] {
  const gateway = ctx.paymentGateway;
  if (!gateway) return { kind: 'none', mode: null, webhook_url: null, last_event_at: null };
  const origin = ctx.publicUrl();
  const webhookUrl = origin ? new URL(ctx.publicApiPrefix + gateway.webhookPath, origin).href : null;
  return {
    kind: gateway.name === 'sandbox' ? 'sandbox' : 'stripe',
    mode: gateway.name === 'sandbox' ? null : (gateway.mode ?? null),
    webhook_url: webhookUrl,
    last_event_at: lastEvent?.toISOString() ?? null,
  };
}

/** What going live still needs, in the order an owner would do it: connect it below, or (an operator) set its variables. */
function goingLive(c: Omit<ChannelsData, 'test_mode' | 'going_live' | 'connections'>): string[] {
  const needs: string[] = [];
  const { payments, sms, email } = c;
  if (payments.kind === 'none')
    needs.push(
      'Connect Stripe below (or set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and PUBLIC_URL) to take card payments: until then top-ups and paying online are off.',
    );
  if (payments.kind === 'sandbox')
    needs.push(
      'Connect Stripe below (or set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) to take real card payments: the sandbox pays anything without money.',
    );
  if (payments.kind === 'stripe' && payments.mode === 'test')
    needs.push('Use a live Stripe key (sk_live_…) to take real card payments: a test key takes no real money.');
  if (payments.kind === 'stripe' && payments.last_event_at === null)
    needs.push('Add the webhook endpoint below in the Stripe Dashboard (Developers → Webhooks): no payment event has arrived yet.');
  if (sms.kind === 'outbox')
    needs.push(
      'Connect Twilio below (or set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM) to send sign-in codes by text message: they go to the development outbox now.',
    );
  if (sms.kind === 'none')
    needs.push(
      'Connect Twilio below (or set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM) to send sign-in codes by text message: no customer can sign in by phone until then.',
    );
  if (email.kind === 'outbox')
    needs.push('Connect an e-mail server below (or set SMTP_URL and MAIL_FROM) to send e-mail: it goes to the development outbox now.');
  if (email.kind === 'none')
    needs.push('Connect an e-mail server below (or set SMTP_URL and MAIL_FROM) to send e-mail (address checks, staff invitations, password resets).');
  return needs;
}

/** How payments and messages are configured, without a secret. */
export async function channelsOf(ctx: ProviderContext): Promise<ChannelsData> {
  const [lastEvent, connections] = await Promise.all([lastWebhookAt(ctx.db), connectionsOf(ctx)]);
  const payments = paymentsOf(ctx, lastEvent);
  const s = ctx.sender.channel;
  const sms: ChannelsData['sms'] = s.kind === 'twilio' ? { kind: 'twilio', from: s.from } : { kind: s.kind === 'outbox' ? 'outbox' : 'none', from: null };
  const m = ctx.mailer?.channel;
  const email: ChannelsData['email'] =
    m?.kind === 'smtp' ? { kind: 'smtp', host: m.host, from: m.from } : { kind: m ? 'outbox' : 'none', host: null, from: null };
  // a card payment that moves no real money, or a message nobody receives, is a test shop
  const testMode = payments.kind !== 'stripe' || payments.mode === 'test' || sms.kind === 'outbox' || email.kind === 'outbox';
  const channels = { payments, sms, email };
  return { test_mode: testMode, going_live: goingLive(channels), ...channels, connections };
}

/**
 * Sends the owner a test message through the real sender: an e-mail to their own address, or a text to
 * a phone. Counted and recorded in Activity first (under a lock on the owner's row), then sent.
 */
export async function sendTestMessage(ctx: ProviderContext, staff: StaffOfRequest, input: TestMessageInput): Promise<TestMessageData> {
  const { settings, rules } = await getMerchant(ctx.db, ctx.merchantId);
  const shop = settings.setting_company;
  let to: string;
  if (input.channel === 'email') {
    if (!ctx.mailer)
      throw new AppError('EMAIL_UNAVAILABLE', 'This shop cannot send e-mails yet: connect an e-mail server (or set SMTP_URL and MAIL_FROM), then try again.');
    to = (await staffEmail(ctx.db, staff.id)) ?? '';
  } else {
    // without a text message service the sender only logs (digits hidden): nothing would reach the phone
    if (ctx.sender.channel.kind === 'log')
      throw validation({ channel: 'this shop cannot send text messages yet: connect Twilio (or set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM)' });
    to = normalizePhone(input.phone ?? '', rules.default_country_code);
  }
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const recent = await lockTestMessages(trx, staff.id, TEST_MESSAGE_ACTION, new Date(now.getTime() - HOUR));
    if (recent.n >= TEST_MESSAGES_PER_HOUR) {
      const oldest = recent.oldest?.getTime() ?? now.getTime();
      const wait = (oldest + HOUR - now.getTime()) / SECOND;
      const minutes = Math.max(1, Math.ceil(wait / 60));
      throw rateLimited(
        wait,
        `You have sent ${TEST_MESSAGES_PER_HOUR} test messages this hour. Please try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`,
      );
    }
    await insertAudit(trx, {
      staffId: staff.id,
      action: TEST_MESSAGE_ACTION,
      target: `channel:${input.channel}`,
      before: null,
      after: { channel: input.channel, to },
      now,
    });
  });
  const outbox = input.channel === 'email' ? ctx.mailer?.channel.kind === 'outbox' : ctx.sender.channel.kind === 'outbox';
  try {
    if (input.channel === 'email') {
      await ctx.mailer!.sendEmail(to, `Test message from ${shop}`, `This is a test message from ${shop}'s merchant console: e-mails from your shop reach you.`);
    } else {
      await ctx.sender.send(to, `Test message from ${shop}'s merchant console: text messages from your shop reach this phone.`);
    }
  } catch (err) {
    // the adapters' errors name no address, no number and no secret: the owner may read why
    ctx.logger.warn({ channel: input.channel, message: (err as Error).message }, 'the test message was not sent');
    throw new AppError('BAD_GATEWAY', `We could not send the test message: ${(err as Error).message}. Check the settings, then try again.`);
  }
  return { channel: input.channel, to, outbox };
}

/** The audit actions each step of the checklist waits for. */
const ACTIONS = {
  publish: 'theme.publish',
  settings: 'settings.update',
  locationAdded: 'location.create',
  locationChanged: 'location.update',
  productAdded: 'menu.product.create',
  archived: 'menu.product.archive',
  archivedAll: 'menu.category.archive_all',
  deleted: 'menu.product.delete',
  tiers: 'loyalty.tiers.update',
  wheel: 'wheel.publish',
  demoCleared: CLEAR_DEMO_ACTION,
  invited: 'staff.invite',
} as const;

/** The set-up checklist: each step done once the owner did the real thing (read from the activity log). */
export async function setupOf(ctx: ProviderContext): Promise<SetupData> {
  const [facts, channels, { settings }] = await Promise.all([
    setupFacts(ctx.db, { actions: Object.values(ACTIONS), prefixes: ['reward.'] }),
    channelsOf(ctx),
    getMerchant(ctx.db, ctx.merchantId),
  ]);
  const seen = (a: string) => facts.seen.has(a);
  const cleared = seen(ACTIONS.demoCleared);
  const steps: SetupData['steps'] = {
    // published, with the shop's own logo and favicon (the demo's favicon says "Kopi Senja")
    brand: { done: seen(ACTIONS.publish) && !isDemoImage(settings.post_file) && !isDemoImage(settings.post_title) },
    settings: { done: seen(ACTIONS.settings) },
    locations: { done: seen(ACTIONS.locationAdded) || seen(ACTIONS.locationChanged) },
    menu: { done: seen(ACTIONS.productAdded) && (seen(ACTIONS.archived) || seen(ACTIONS.archivedAll) || seen(ACTIONS.deleted) || cleared) },
    rewards: { done: seen('reward.') },
    loyalty: { done: (seen(ACTIONS.tiers) && seen(ACTIONS.wheel)) || cleared },
    staff: { done: seen(ACTIONS.invited) || facts.team >= 2 },
    channels: { done: !channels.test_mode },
  };
  return { steps, live: Object.values(steps).every((s) => s.done), demo_cleared: cleared };
}
