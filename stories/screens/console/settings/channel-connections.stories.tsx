import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ChannelConnections } from '../../../../src/screens/console/settings/channel-connections';
import { ChannelsScreen } from '../../../../src/screens/console/settings/channels-screen';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { CHANNELS_TEST, CONNECTED_BY_OWNER, NOT_CONNECTED, SET_BY_ENVIRONMENT } from '../../../fixtures/channels';
import { formatTime, OWNER } from '../../../fixtures/console';

/**
 * The Payments and messages page's "Connect" part (issue 46): the owner pastes Stripe, Twilio and SMTP
 * settings, each tested with a real call before it is saved; once saved only its end is shown, with who
 * connected it when; a service the server's environment sets is shown as such and cannot be changed.
 */
const meta = {
  title: 'Console/Settings/Connect a channel',
  component: ChannelConnections,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: { connections: NOT_CONNECTED, formatTime, onConnect: fn(), onDisconnect: fn(), busy: null, errors: {}, fieldErrors: {} },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="channels" title="Payments and messages" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <ChannelConnections {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof ChannelConnections>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The page while it loads: the connect forms wait for what is configured. */
export const Loading: Story = {
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="channels" title="Payments and messages" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <ChannelsScreen
        channels={undefined}
        ownerEmail={OWNER.email}
        formatTime={args.formatTime}
        onSendTest={fn()}
        onConnect={args.onConnect}
        onDisconnect={args.onDisconnect}
      />
    </ConsoleLayout>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading payments and messages' })).toBeVisible();
  },
};

/** The page could not be read: nothing to connect until it is. */
export const LoadError: Story = {
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="channels" title="Payments and messages" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <ChannelsScreen
        channels={undefined}
        error="We could not reach the server. Check your connection and try again."
        ownerEmail={OWNER.email}
        formatTime={args.formatTime}
        onSendTest={fn()}
        onConnect={args.onConnect}
        onDisconnect={args.onDisconnect}
      />
    </ConsoleLayout>
  ),
};

/** Nothing connected: a form for each service; every field has its name, and nothing is sent half filled. */
export const NotConnected: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const stripe = canvas.getByRole('form', { name: 'Connect Stripe' });
    await userEvent.click(within(stripe).getByRole('button', { name: 'Test and connect Stripe' }));
    await expect(await within(stripe).findByText('Enter the secret key.')).toBeVisible();
    await expect(args.onConnect).not.toHaveBeenCalled();
    await userEvent.type(within(stripe).getByLabelText(/^Secret key/), 'sk_live_51Hk4242');
    await userEvent.type(within(stripe).getByLabelText(/^Webhook signing secret/), 'whsec_abc123');
    await userEvent.click(within(stripe).getByRole('button', { name: 'Test and connect Stripe' }));
    await expect(args.onConnect).toHaveBeenCalledWith({ service: 'stripe', secret_key: 'sk_live_51Hk4242', webhook_secret: 'whsec_abc123' });
    // the secrets are typed into password fields: never shown on screen
    await expect(within(stripe).getByLabelText(/^Secret key/)).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('form', { name: 'Connect Twilio' })).toBeVisible();
    await expect(canvas.getByRole('form', { name: 'Connect the e-mail server' })).toBeVisible();
  },
};

/** Testing Stripe's key with a real call: the button is busy, the fields wait. */
export const Testing: Story = { args: { busy: 'stripe' } };

/** The test failed: nothing saved, and the service's words beside its form. */
export const TestFailed: Story = {
  args: {
    errors: { stripe: 'Not saved: Stripe said the key is invalid.', smtp: 'Not saved: could not reach smtp.example.com:587.' },
    fieldErrors: { twilio: { from: 'must be a Twilio number in E.164 (such as +14155550100) or a Messaging Service SID (MG followed by 32 hex digits)' } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Not saved: Stripe said the key is invalid.')).toBeVisible();
    await expect(canvas.getByText('Not saved: could not reach smtp.example.com:587.')).toBeVisible();
  },
};

/** All three connected from here: only their ends are shown, with who connected them when; Replace and Disconnect by name. */
export const Connected: Story = {
  args: { connections: CONNECTED_BY_OWNER },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('sk_live_…4242')).toBeVisible();
    await expect(canvas.getAllByText(/^Connected on .* by Maria Santos\.$/)).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: 'Disconnect Twilio' }));
    await expect(args.onDisconnect).toHaveBeenCalledWith('twilio');
    await userEvent.click(canvas.getByRole('button', { name: 'Replace the Stripe settings' }));
    await expect(canvas.getByRole('form', { name: 'Connect Stripe' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Keep the current settings' }));
    await expect(canvas.queryByRole('form', { name: 'Connect Stripe' })).toBeNull();
  },
};

/** Stored settings this server cannot open (its secret changed): connect again. */
export const NeedsConnectingAgain: Story = {
  args: {
    connections: {
      ...NOT_CONNECTED,
      stripe: { ...CONNECTED_BY_OWNER.stripe, problem: "Its settings cannot be read with this server's secret (PROVIDER_SECRET changed?): connect it again." },
    },
  },
};

/** Set by the server's environment: shown, and nothing here can change them. */
export const SetByEnvironment: Story = {
  args: { connections: SET_BY_ENVIRONMENT },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('Set by the server’s environment')).toHaveLength(3);
    await expect(canvas.queryByRole('form')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Disconnect/ })).toBeNull();
  },
};

/** The whole page of a development shop: what going live needs, then the forms to connect each. */
export const OnThePage: Story = {
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="channels" title="Payments and messages" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <ChannelsScreen
        channels={CHANNELS_TEST}
        ownerEmail={OWNER.email}
        formatTime={args.formatTime}
        onSendTest={fn()}
        onConnect={args.onConnect}
        onDisconnect={args.onDisconnect}
      />
    </ConsoleLayout>
  ),
};
