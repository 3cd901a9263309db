import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { msg, t as say } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ChannelsData, TestMessageData, TestMessageInput } from '#contract/channels';
import { Badge, Button, Card, ErrorState, Notice, PhoneField, SkeletonGroup, SkeletonText, cx, focusRing } from '../../../ui';
import { ChannelConnections, type ChannelConnectionsProps } from './channel-connections';
import { spoken } from '../shared/spoken';

export interface ChannelsScreenProps extends Omit<ChannelConnectionsProps, 'connections' | 'formatTime'> {
  /** undefined while loading */
  channels?: ChannelsData | undefined;
  error?: string | null;
  onRetry?: () => void;
  /** the signed-in owner's own address: where a test e-mail goes */
  ownerEmail: string;
  /** the phone field's calling code at first (the shop's country) */
  defaultCountryCode?: string;
  /** a time as the shop writes it (the last payment event) */
  formatTime: (iso: string) => string;
  onSendTest: (input: TestMessageInput) => void;
  sending?: boolean;
  /** the last test message sent, and where it went */
  sent?: TestMessageData | null;
  /** why the last one was not sent (the hour's limit, the service refused) */
  sendError?: string | null;
  /** the provider's word on the phone number */
  phoneError?: string | null;
}

type Kind = ChannelsData['payments']['kind'];
const PAYMENT_TONE: Record<Kind, 'success' | 'warning' | 'danger'> = { none: 'danger', sandbox: 'warning', stripe: 'success' };
const PAYMENT_LABEL = spoken<Kind>({ none: msg`Off`, sandbox: msg`Sandbox`, stripe: msg`Stripe` });
const PAYMENT_TEXT = spoken<Kind>({
  none: msg`No payment gateway is set up: customers cannot top up or pay online. Paying from the wallet still works.`,
  sandbox: msg`The sandbox’s payment page pays anything without real money: right for trying the shop, never for real customers.`,
  stripe: msg`Customers pay on Stripe’s own checkout page.`,
});

function State({ title, badge, tone, children }: { title: string; badge: string; tone: 'success' | 'warning' | 'danger'; children: ReactNode }) {
  return (
    <Card as="section" title={title} headingLevel={2} className="self-start">
      <p className="mt-2">
        <Badge tone={tone}>{badge}</Badge>
      </p>
      <div className="mt-3 flex flex-col gap-2 text-sm">{children}</div>
    </Card>
  );
}

function PaymentsState({ payments, formatTime }: { payments: ChannelsData['payments']; formatTime: (iso: string) => string }) {
  const { t } = useLingui();
  const stripe = payments.kind === 'stripe';
  const badge = stripe ? (payments.mode === 'live' ? t`Stripe, live mode` : t`Stripe, test mode`) : PAYMENT_LABEL[payments.kind];
  const last = payments.last_event_at ? formatTime(payments.last_event_at) : null;
  return (
    <State title={t`Card payments`} badge={badge} tone={stripe && payments.mode === 'test' ? 'warning' : PAYMENT_TONE[payments.kind]}>
      <p>
        {stripe && payments.mode === 'test'
          ? t`Stripe’s test mode: cards are simulated, no real money moves. Use Stripe’s test cards.`
          : PAYMENT_TEXT[payments.kind]}
      </p>
      {stripe && (
        <>
          <p>
            <span className="text-muted">{t`Webhook endpoint (add it in the Stripe Dashboard, Developers → Webhooks):`}</span>{' '}
            {payments.webhook_url ? <code className="break-all">{payments.webhook_url}</code> : t`unknown until PUBLIC_URL is set`}
          </p>
          <p>{last ? t`Last payment event: ${last}.` : t`No payment event has arrived yet.`}</p>
        </>
      )}
    </State>
  );
}

function MessagesState({ sms, email }: Pick<ChannelsData, 'sms' | 'email'>) {
  const { t } = useLingui();
  const from = sms.kind === 'twilio' ? (sms.from ?? t`your Twilio number`) : '';
  const host = email.kind === 'smtp' ? (email.host ?? t`your mail server`) : '';
  const sender = email.kind === 'smtp' ? (email.from ?? t`your address`) : '';
  return (
    <>
      <State
        title={t`Text messages`}
        badge={sms.kind === 'twilio' ? t`Twilio` : sms.kind === 'outbox' ? t`Development outbox` : t`Off`}
        tone={sms.kind === 'twilio' ? 'success' : sms.kind === 'outbox' ? 'warning' : 'danger'}
      >
        <p>
          {sms.kind === 'twilio'
            ? t`Sign-in codes go by text message through Twilio, from ${from} (the last 4 characters of your number or Messaging Service).`
            : sms.kind === 'outbox'
              ? t`Sign-in codes reach no phone: they wait in the development outbox, on this computer only.`
              : t`No text message service is set up: sign-in codes are not sent.`}
        </p>
      </State>
      <State
        title={t`E-mail`}
        badge={email.kind === 'smtp' ? t`SMTP` : email.kind === 'outbox' ? t`Development outbox` : t`Off`}
        tone={email.kind === 'smtp' ? 'success' : email.kind === 'outbox' ? 'warning' : 'danger'}
      >
        <p>
          {email.kind === 'smtp'
            ? t`E-mails go through ${host}, from ${sender}.`
            : email.kind === 'outbox'
              ? t`E-mails (address checks, invitations, password resets) reach no inbox: they wait in the development outbox.`
              : t`No e-mail service is set up: address checks, invitations and password resets are not e-mailed.`}
        </p>
      </State>
    </>
  );
}

function sentText(sent: TestMessageData): string {
  const where = sent.channel === 'email' ? `/__dev/outbox?email=${encodeURIComponent(sent.to)}` : `/__dev/outbox?phone=${encodeURIComponent(sent.to)}`;
  if (sent.outbox) return say`It is in the development outbox: open ${where} on this computer to read it.`;
  return sent.channel === 'email' ? say`Check your inbox: it should arrive within a minute.` : say`Check the phone: it should arrive within a minute.`;
}

function TestMessageForm(
  props: Pick<ChannelsScreenProps, 'ownerEmail' | 'defaultCountryCode' | 'onSendTest' | 'sending' | 'sent' | 'sendError' | 'phoneError'>,
) {
  const { ownerEmail, defaultCountryCode, onSendTest, sending, sent, sendError, phoneError } = props;
  const { t } = useLingui();
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const [phone, setPhone] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const name = useId();
  function submit(e: FormEvent) {
    e.preventDefault();
    if (channel === 'sms' && !phone) return setProblem(t`Enter the phone number to send the test message to.`);
    setProblem(null);
    onSendTest(channel === 'email' ? { channel } : { channel, phone });
  }
  const choices = [
    { value: 'email', label: t`An e-mail`, help: t`to your address, ${ownerEmail}` },
    { value: 'sms', label: t`A text message`, help: t`to a phone you choose` },
  ] as const;
  const to = sent?.to;
  return (
    <Card as="section" title={t`Send me a test message`} headingLevel={2}>
      <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-4">
        <p className="text-sm text-muted">{t`It goes the way your customers’ codes go, so you see what they would. Up to 5 an hour.`}</p>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">{t`Send`}</legend>
          {choices.map((c) => (
            <label key={c.value} className="flex items-start gap-2">
              <input
                type="radio"
                name={name}
                value={c.value}
                checked={channel === c.value}
                onChange={() => setChannel(c.value)}
                className={cx('mt-1 size-4', focusRing)}
              />
              <span>
                <span className="font-medium">{c.label}</span> <span className="text-muted break-all">{c.help}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {channel === 'sms' && (
          <PhoneField
            label={t`Phone number`}
            defaultCountryCode={defaultCountryCode}
            onChange={setPhone}
            error={problem ?? phoneError ?? undefined}
            disabled={sending}
          />
        )}
        {sent && (
          <Notice tone="success" title={sent.channel === 'email' ? t`Test e-mail sent to ${to}` : t`Test text message sent to ${to}`}>
            {sentText(sent)}
          </Notice>
        )}
        {sendError && <Notice tone="danger">{sendError}</Notice>}
        <Button type="submit" loading={sending} className="self-start">
          {t`Send test message`}
        </Button>
      </form>
    </Card>
  );
}

/** /merchant/channels (owners): how payments and messages are set up, in words, what going live needs, and a test message. */
export function ChannelsScreen({ channels, error, onRetry, formatTime, onConnect, onDisconnect, busy, errors, fieldErrors, ...form }: ChannelsScreenProps) {
  const { t } = useLingui();
  if (!channels) {
    if (error) return <ErrorState title={t`We could not load payments and messages`} message={error} onRetry={onRetry} />;
    return (
      <SkeletonGroup label={t`Loading payments and messages`}>
        <SkeletonText lines={6} />
      </SkeletonGroup>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {channels.test_mode ? (
        <Notice tone="warning" title={t`Your shop is in test mode`}>
          {t`Card payments are simulated or off, or messages go to the development outbox: nothing real reaches your customers yet.`}
        </Notice>
      ) : (
        <Notice tone="success" title={t`Your shop is live`}>
          {t`Card payments are real, and codes and e-mails reach people.`}
        </Notice>
      )}
      {channels.going_live.length > 0 && (
        <section aria-labelledby="going-live" className="flex flex-col gap-2">
          <h2 id="going-live" className="text-lg font-semibold">
            {t`What going live needs`}
          </h2>
          <ol className="list-decimal space-y-1 pl-6">
            {channels.going_live.map((need) => (
              <li key={need}>{need}</li>
            ))}
          </ol>
          <p className="text-sm text-muted">
            {t`Connect each below: it takes effect within seconds, without a restart. Keys and passwords are never shown again in full.`}
          </p>
        </section>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <PaymentsState payments={channels.payments} formatTime={formatTime} />
        <MessagesState sms={channels.sms} email={channels.email} />
      </div>
      <ChannelConnections
        connections={channels.connections}
        formatTime={formatTime}
        onConnect={onConnect}
        onDisconnect={onDisconnect}
        busy={busy ?? null}
        errors={errors ?? {}}
        fieldErrors={fieldErrors ?? {}}
      />
      <TestMessageForm {...form} />
    </div>
  );
}
