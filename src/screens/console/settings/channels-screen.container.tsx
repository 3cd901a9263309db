import { useMemo, useState } from 'react';
import { msg, t } from '@lingui/core/macro';
import type { SiteSettings } from '#contract';
import type { Connectable, ConnectInput, TestMessageData } from '#contract/channels';
import { useChannels, useConnectService, useDisconnectService, useSendTestMessage } from '../../../api/channels';
import { useSettings } from '../../../api/settings';
import { useStaffMe } from '../../../api/staff';
import { useAction } from '../../../shared/action';
import { fieldErrorsOf, messageOf } from '../../../shared/errors';
import { toast } from '../../../ui';
import { ChannelsScreen } from './channels-screen';
import { consoleTimeFormat } from '../shared/console-format';
import { spoken } from '../shared/spoken';

/** The toast after connecting or disconnecting a service: one whole sentence each. */
const CONNECTED = spoken<Connectable>({ stripe: msg`Stripe is connected.`, twilio: msg`Twilio is connected.`, smtp: msg`The e-mail server is connected.` });
const DISCONNECTED = spoken<Connectable>({
  stripe: msg`Stripe is disconnected.`,
  twilio: msg`Twilio is disconnected.`,
  smtp: msg`The e-mail server is disconnected.`,
});

/** /merchant/channels (owners): payments and messages as configured, what going live needs, a test message. */
export default function ChannelsContainer() {
  const channels = useChannels();
  const me = useStaffMe();
  const shop = useSettings().data as SiteSettings | undefined;
  const formatTime = useMemo(() => consoleTimeFormat(shop), [shop]);
  const send = useSendTestMessage();
  const [sent, setSent] = useState<TestMessageData | null>(null);
  const sending = useAction(async (input: Parameters<typeof send>[0]) => {
    setSent(null);
    setSent(await send(input));
  });
  const connect = useConnectService();
  const disconnect = useDisconnectService();
  const [busy, setBusy] = useState<Connectable | null>(null);
  const [connectErrors, setConnectErrors] = useState<{
    errors: Partial<Record<Connectable, string>>;
    fields: Partial<Record<Connectable, Record<string, string>>>;
  }>({ errors: {}, fields: {} });
  /** connect or disconnect one service: a toast when it worked, the service's own words beside its form when not */
  async function change(service: Connectable, act: () => Promise<unknown>, done: string) {
    setBusy(service);
    setConnectErrors((c) => ({ errors: { ...c.errors, [service]: undefined }, fields: { ...c.fields, [service]: undefined } }));
    try {
      await act();
      toast.success(done);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setConnectErrors((c) => ({
        errors: { ...c.errors, [service]: Object.keys(fields).length ? undefined : messageOf(err) },
        fields: { ...c.fields, [service]: fields },
      }));
    } finally {
      setBusy(null);
    }
  }
  const onConnect = (input: ConnectInput) => void change(input.service, () => connect(input), CONNECTED[input.service]);
  const onDisconnect = (service: Connectable) => void change(service, () => disconnect(service), DISCONNECTED[service]);
  const fields = fieldErrorsOf(sending.error);
  const phoneError = fields.phone ?? null;
  // a channel the shop cannot use (no text message service): the provider's words, as a sentence
  const channelError = fields.channel ? `${fields.channel.charAt(0).toUpperCase()}${fields.channel.slice(1)}.` : null;
  return (
    <ChannelsScreen
      channels={channels.data}
      error={channels.error ? messageOf(channels.error) : null}
      onRetry={() => void channels.mutate()}
      formatTime={formatTime}
      ownerEmail={me.data?.staff.email ?? t`your address`}
      defaultCountryCode={shop?.default_country_code ?? '63'}
      onSendTest={(input) => void sending.run(input)}
      sending={sending.pending}
      sent={sent}
      sendError={sending.error && !phoneError ? (channelError ?? messageOf(sending.error)) : null}
      phoneError={phoneError}
      onConnect={onConnect}
      onDisconnect={onDisconnect}
      busy={busy}
      errors={connectErrors.errors}
      fieldErrors={connectErrors.fields}
    />
  );
}
