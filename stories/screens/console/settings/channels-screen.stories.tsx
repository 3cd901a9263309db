import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ChannelsScreen } from '../../../../src/screens/console/settings/channels-screen';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { CHANNELS_LIVE, CHANNELS_PARTLY, CHANNELS_TEST } from '../../../fixtures/channels';
import { formatTime, OWNER } from '../../../fixtures/console';

/**
 * /merchant/channels (owners): how card payments, text messages and e-mail are set up, in words and
 * never a secret; what going live needs; and "Send me a test message".
 */
const meta = {
  title: 'Console/Settings/Payments and messages',
  component: ChannelsScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    channels: CHANNELS_TEST,
    ownerEmail: OWNER.email,
    defaultCountryCode: '63',
    formatTime,
    onSendTest: fn(),
    onRetry: fn(),
    onConnect: fn(),
    onDisconnect: fn(),
  },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="channels" title="Payments and messages" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <ChannelsScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof ChannelsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A fresh shop: the sandbox and the development outbox, and the three things going live needs. */
export const TestMode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your shop is in test mode')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'What going live needs' })).toBeVisible();
    await expect(canvas.getByText(/^Connect an e-mail server below/)).toBeVisible();
  },
};

/** Stripe live, Twilio and SMTP: nothing left to do. */
export const Live: Story = {
  args: { channels: CHANNELS_LIVE },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your shop is live')).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'What going live needs' })).toBeNull();
    await expect(canvas.getByText(/from ••••0100 \(the last 4 characters/)).toBeVisible();
  },
};

/** Half way: Stripe's test mode with no event yet, Twilio, no e-mail service. */
export const PartlyConfigured: Story = { args: { channels: CHANNELS_PARTLY } };

export const Loading: Story = { args: { channels: undefined } };

export const LoadError: Story = { args: { channels: undefined, error: 'We could not reach the server. Check your connection and try again.' } };

/** A test e-mail went to the development outbox: where to read it. */
export const TestMessageSent: Story = { args: { sent: { channel: 'email', to: OWNER.email, outbox: true } } };

/** A test text message handed to Twilio. */
export const TestTextSent: Story = { args: { channels: CHANNELS_LIVE, sent: { channel: 'sms', to: '+639171234567', outbox: false } } };

/** Five this hour already: the provider's answer, with the time to wait. */
export const RateLimited: Story = { args: { sendError: 'You have sent 5 test messages this hour. Please try again in 42 minutes.' } };

/** A text message needs a phone: checked before anything is sent, then the number goes as E.164. */
export const SendText: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /A text message/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Send test message' }));
    await expect(await canvas.findByText('Enter the phone number to send the test message to.')).toBeVisible();
    await expect(args.onSendTest).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByRole('textbox', { name: /Phone number/ }), '917 123 4567');
    await userEvent.click(canvas.getByRole('button', { name: 'Send test message' }));
    await expect(args.onSendTest).toHaveBeenCalledWith({ channel: 'sms', phone: '+639171234567' });
  },
};

/** An e-mail goes to the owner's own address. */
export const SendEmail: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(`to your address, ${OWNER.email}`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Send test message' }));
    await expect(args.onSendTest).toHaveBeenCalledWith({ channel: 'email' });
  },
};
