import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { WEBHOOK_EVENT_INFO } from '#contract/webhook-events';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { WebhooksScreen } from '../../../../src/screens/console/integrations/webhooks-screen';
import { OWNER } from '../../../fixtures/console';
import { DIALOGS_IN_FRAMES } from '../../../fixtures/docs';
import { tillDeliveries, webhookEndpoints } from '../../../fixtures/webhooks';

/**
 * /merchant/webhooks (owners, issue 52): the endpoints the shop's events are sent to, on, off or switched
 * off after failures; an endpoint's page with its switch, secret and deliveries log (sent again with one
 * click); the form, and a new secret shown once.
 */
const meta = {
  title: 'Console/Integrations/Webhooks',
  component: WebhooksScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true, docs: { story: DIALOGS_IN_FRAMES } },
  args: {
    endpoints: webhookEndpoints,
    events: WEBHOOK_EVENT_INFO,
    selectedId: null,
    endpointHref: (id: number) => `/merchant/webhooks/${id}`,
    listHref: '/merchant/webhooks',
    deliveries: tillDeliveries,
    locale: 'en-PH',
    timeZone: 'Asia/Manila',
    newSecret: null,
    onRetry: fn(),
    onSecretSeen: fn(),
    onSave: fn(async (): Promise<SaveProblem | null> => null),
    onSwitch: fn(async (): Promise<SaveProblem | null> => null),
    onRotate: fn(async (): Promise<SaveProblem | null> => null),
    onRemove: fn(async (): Promise<SaveProblem | null> => null),
    onReplay: fn(async (): Promise<SaveProblem | null> => null),
  },
  argTypes: { endpoints: { control: false }, deliveries: { control: false }, events: { control: false } },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="webhooks" title="Webhooks" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <WebhooksScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof WebhooksScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every endpoint with whether it is on and its events; each opens its page. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const list = within(within(canvasElement).getByRole('list', { name: 'Webhook endpoints' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(3);
    const till = within(list.getByRole('listitem', { name: 'https://till.kopisenja.ph/hooks/loyalty' }));
    await expect(till.getByText('On')).toBeVisible();
    await expect(till.getByRole('link')).toHaveAttribute('href', '/merchant/webhooks/1');
    await expect(
      within(list.getByRole('listitem', { name: 'https://books.example.com/in/kopi-senja' })).getByText('Switched off after failures'),
    ).toBeVisible();
  },
};

export const Loading: Story = { tags: ['!screen'], args: { endpoints: undefined, loading: true } };

export const LoadError: Story = { args: { endpoints: undefined, error: 'We could not reach the server. Check your connection and try again.' } };

export const Empty: Story = {
  args: { endpoints: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No webhooks yet')).toBeVisible();
  },
};

/** An endpoint's page: on, its events and secret (the previous one still signing), its log; a failed delivery sent again. */
export const EndpointPage: Story = {
  args: { selectedId: 1 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'https://till.kopisenja.ph/hooks/loyalty' })).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Send webhooks to this address' })).toHaveAttribute('aria-checked', 'true');
    await expect(canvas.getByText('whsec_Mf…q8A=')).toBeVisible();
    const list = canvas.getByRole('list', { name: 'Deliveries' });
    await expect(list.children).toHaveLength(3);
    // one page: nothing older to load
    await expect(canvas.queryByRole('button', { name: 'Show older deliveries' })).toBeNull();
    const log = within(list);
    await expect(log.getByText('Waiting')).toBeVisible();
    await expect(log.getByText('Failed')).toBeVisible();
    const failed = within(log.getByRole('listitem', { name: /^Order cancelled/ }));
    await userEvent.click(failed.getByRole('button', { name: 'Send again' }));
    await expect(args.onReplay).toHaveBeenCalledWith(30);
    await expect(canvas.getByRole('link', { name: 'All webhooks' })).toHaveAttribute('href', '/merchant/webhooks');
  },
};

/** A log longer than a page (its newest delivery shown here): the older deliveries load below it. */
export const OlderDeliveries: Story = {
  args: { selectedId: 1, deliveries: tillDeliveries.slice(0, 1), deliveriesHasMore: true, onMoreDeliveries: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show older deliveries' }));
    await expect(args.onMoreDeliveries).toHaveBeenCalledTimes(1);
  },
};

/** Loading the older deliveries: the button says so and waits. */
export const OlderDeliveriesLoading: Story = {
  tags: ['!screen'],
  args: { selectedId: 1, deliveries: tillDeliveries.slice(0, 1), deliveriesHasMore: true, deliveriesLoadingMore: true, onMoreDeliveries: fn() },
  play: async ({ canvasElement, args }) => {
    const more = within(canvasElement).getByRole('button', { name: 'Show older deliveries' });
    await expect(more).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(more);
    await expect(args.onMoreDeliveries).not.toHaveBeenCalled();
  },
};

/** Switched off after a delivery failed every try: it says so; switching it on sends what waits. */
export const SwitchedOff: Story = {
  args: { selectedId: 2, deliveries: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/a delivery failed every try for about two days/)).toBeVisible();
    await expect(canvas.getByText('Nothing sent yet')).toBeVisible();
    await userEvent.click(canvas.getByRole('switch', { name: 'Send webhooks to this address' }));
    await expect(args.onSwitch).toHaveBeenCalledWith(2, true);
  },
};

/** A new secret, shown this once. */
export const SecretShownOnce: Story = {
  args: { selectedId: 1, newSecret: 'whsec_MfQ2o5h0m9e3ZK7wR1bq1YcVt8uN4sJx6pLd2aGq8A=' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Copy the signing secret' }));
    await expect(dialog.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(args.newSecret);
    await userEvent.click(dialog.getByRole('button', { name: 'I have copied it' }));
    await expect(args.onSecretSeen).toHaveBeenCalled();
  },
};

/** Adding one: the address, what it is for, the events; the provider's refusal beside the address. */
export const AddEndpoint: Story = {
  tags: ['!screen'],
  args: {
    initialEditing: 'new',
    onSave: fn(async (): Promise<SaveProblem | null> => ({
      message: 'Please check the highlighted fields.',
      fields: { url: 'must be an address on the internet, not this machine or a private network' },
    })),
  },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an endpoint' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Address' }), 'https://10.0.0.8/hooks');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Order placed' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));
    await expect(args.onSave).toHaveBeenCalledWith(null, { url: 'https://10.0.0.8/hooks', description: '', events: ['order.created'], enabled: true });
    await expect(await dialog.findByText(/The address must be an address on the internet/)).toBeVisible();
  },
};

/** A new secret is asked once more (the old one signs beside it for a day); so is removing. */
export const RotateAndRemove: Story = {
  tags: ['!screen'],
  args: { selectedId: 1 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'New secret' }));
    const rotate = within(await screen.findByRole('dialog', { name: 'Make a new signing secret?' }));
    await userEvent.click(rotate.getByRole('button', { name: 'Make a new secret' }));
    await expect(args.onRotate).toHaveBeenCalledWith(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove' }));
    const remove = within(await screen.findByRole('dialog', { name: 'Remove this endpoint?' }));
    await userEvent.click(remove.getByRole('button', { name: 'Remove endpoint' }));
    await expect(args.onRemove).toHaveBeenCalledWith(1);
  },
};
