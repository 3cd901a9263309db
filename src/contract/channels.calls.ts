/**
 * The calls of going live (the console's Payments and messages page and the Overview's set-up checklist),
 * declared once (api.ts); their schemas are in channels.ts, their words in channels.spec.ts.
 */
import { call, consoleCalls } from './api';
import type {
  ChannelsData,
  ClearDemoData,
  ClearDemoInput,
  ConnectSmtpInput,
  ConnectStripeInput,
  ConnectTwilioInput,
  DisconnectInput,
  SetupData,
  TestMessageData,
  TestMessageInput,
} from './channels';

/** console calls: the customer app's build never carries them */
export const channelsApi = consoleCalls(() => ({
  channels: call.owner.get<ChannelsData>('merchant/channels'),
  testMessage: call.owner.post<TestMessageData, TestMessageInput>('merchant/channels/test-message'),
  setup: call.owner.get<SetupData>('merchant/setup'),
  clearDemo: call.owner.post<ClearDemoData, ClearDemoInput>('merchant/setup/clear-demo'),
  connectStripe: call.owner.post<ChannelsData, ConnectStripeInput>('merchant/channels/connect/stripe'),
  connectTwilio: call.owner.post<ChannelsData, ConnectTwilioInput>('merchant/channels/connect/twilio'),
  connectSmtp: call.owner.post<ChannelsData, ConnectSmtpInput>('merchant/channels/connect/smtp'),
  disconnect: call.owner.post<ChannelsData, DisconnectInput>('merchant/channels/disconnect'),
}));
