import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PAUSE_REASONS, type AutoReloadData } from '#contract/saved-card';
import { AutoReloadSection } from '../../../src/screens/wallet/auto-reload-section';
import { noControls } from '../../fixtures/controls';

const limits = { threshold_min: 1, threshold_max: 5_000_000, amount_min: 10_000, amount_max: 5_000_000 };
const none: AutoReloadData = { available: true, card: null, enabled: false, threshold: null, amount: null, paused: null, paused_reason: null, limits };
const card = { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 };
const off: AutoReloadData = { ...none, card, threshold: 20_000, amount: 50_000 };
const on: AutoReloadData = { ...off, enabled: true };

/** The wallet's saved card and auto-reload (issue 49), a lazily loaded part of /profile/wallet. */
const meta = {
  title: 'Screens/Wallet/Auto-reload',
  component: AutoReloadSection,
  tags: ['screen'],
  parameters: { pseudoCheck: true },
  argTypes: noControls('data', 'fieldErrors'),
  args: {
    data: none,
    currency: 'PHP',
    locale: 'en-PH',
    onSaveCard: fn(),
    onRemoveCard: fn(),
    onSave: fn(),
    onRetry: fn(),
  },
  decorators: [
    (Story) => (
      <div className="mx-auto max-w-md p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AutoReloadSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No card saved yet: one button to save one. */
export const NoCardSaved: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save a card' }));
    await expect(args.onSaveCard).toHaveBeenCalledTimes(1);
  },
};

/** Leaving for the payment gateway's page. */
export const LeavingToSaveACard: Story = { args: { savingCard: true } };

/** Back from the gateway's page: the card is being confirmed. */
export const SavingTheCard: Story = { args: { confirming: true } };

/** A card saved, auto-reload off: turning it on sends the line and the amount in minor units. */
export const SavedAndOff: Story = {
  args: { data: off, notice: 'Card saved.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Visa ending in 4242, expires 04/2031')).toBeVisible();
    await userEvent.click(canvas.getByRole('switch', { name: 'Top up from my saved card when my balance runs low' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save auto-reload' }));
    await expect(args.onSave).toHaveBeenCalledWith({ enabled: true, threshold: 20_000, amount: 50_000 });
  },
};

export const On: Story = { args: { data: on } };

/** An amount under the shop's smallest top-up: nothing is sent and the field says why. */
export const AmountTooSmall: Story = {
  args: { data: on },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const add = canvas.getByLabelText('Add (PHP)');
    await userEvent.clear(add);
    await userEvent.type(add, '50');
    await userEvent.click(canvas.getByRole('button', { name: 'Save auto-reload' }));
    await expect(add).toHaveAccessibleDescription(/Enter an amount between ₱100.00 and ₱50,000.00/);
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** The card was declined: paused, with the reason and a way to turn it back on. */
export const PausedDeclined: Story = {
  args: { data: { ...on, paused: 'declined', paused_reason: PAUSE_REASONS.declined } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Turn auto-reload back on' }));
    await expect(args.onSave).toHaveBeenCalledWith({ enabled: true, threshold: 20_000, amount: 50_000 });
  },
};

/** The bank wanted the customer (3-D Secure): paused, with the reason. */
export const PausedNeedsYou: Story = { args: { data: { ...on, paused: 'needs_customer', paused_reason: PAUSE_REASONS.needs_customer } } };

/** A refusal of the last action, said above. */
export const ActionRefused: Story = {
  args: { data: none, actionError: 'Online payments are not available right now. You can still pay from your wallet balance.' },
};

export const Loading: Story = { args: { data: undefined, loading: true } };

export const Error: Story = { args: { data: undefined, error: 'The server did not answer. Check your connection.' } };

/** The shop's payment gateway cannot save cards. */
export const Unavailable: Story = { args: { data: { ...none, available: false } } };
