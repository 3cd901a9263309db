import { useMemo, useState } from 'react';
import type { SiteSettings } from '#contract';
import type { TestMessageData } from '#contract/channels';
import { useChannels, useSendTestMessage } from '../../api/channels';
import { useSettings } from '../../api/settings';
import { useStaffMe } from '../../api/staff';
import { useAction } from '../../shared/action';
import { fieldErrorsOf, messageOf } from '../../shared/errors';
import { ChannelsScreen } from './channels-screen';
import { consoleTimeFormat } from './console-format';

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
      ownerEmail={me.data?.staff.email ?? 'your address'}
      defaultCountryCode={shop?.default_country_code ?? '63'}
      onSendTest={(input) => void sending.run(input)}
      sending={sending.pending}
      sent={sent}
      sendError={sending.error && !phoneError ? (channelError ?? messageOf(sending.error)) : null}
      phoneError={phoneError}
    />
  );
}
