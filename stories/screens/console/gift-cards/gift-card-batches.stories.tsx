import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { GiftCardBatch } from '#contract/gift-cards-physical';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { GiftCardBatches } from '../../../../src/screens/console/gift-cards/gift-card-batches';
import { OWNER } from '../../../fixtures/console';

const BATCHES: GiftCardBatch[] = [
  { id: 2, label: 'December 2026', count: 500, activated: 126, created_at: '2026-11-28T03:00:00.000Z' },
  { id: 1, label: 'Front counter', count: 50, activated: 50, created_at: '2026-10-02T01:30:00.000Z' },
];

/**
 * /merchant/gift-cards, its printed cards (owners; issue 49): a batch of card numbers made for the
 * printer, each worth nothing until sold at the counter; each batch with how many were sold and its CSV.
 */
const meta = {
  title: 'Console/Gift cards/Printed cards',
  component: GiftCardBatches,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    batches: BATCHES,
    error: null,
    onRetry: fn(),
    onCreate: fn(async () => null),
    csvHref: (id: number) => `/api/merchant/gift-cards/batches.csv?batch_id=${id}`,
    locale: 'en-PH',
    timeZone: 'Asia/Manila',
  },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="giftCards" title="Gift cards" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <GiftCardBatches {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof GiftCardBatches>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two batches, each with its download; a new batch made from the form. */
export const Batches: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText(/126 sold, 374 not sold yet/)).toBeVisible();
    await expect(page.getAllByRole('link', { name: /Download CSV/ })[0]).toHaveAttribute('href', '/api/merchant/gift-cards/batches.csv?batch_id=2');
    await userEvent.type(page.getByLabelText('Name of the batch'), 'Valentine’s');
    const count = page.getByLabelText('How many cards');
    await userEvent.clear(count);
    await userEvent.type(count, '200');
    await userEvent.click(page.getByRole('button', { name: 'Make card numbers' }));
    await expect(args.onCreate).toHaveBeenCalledWith('Valentine’s', 200);
    await expect(page.getByText(/200 card numbers made/)).toBeVisible();
  },
};

/** None yet: what to do first. */
export const Empty: Story = { args: { batches: [] } };

/** Loading. */
export const Loading: Story = { args: { batches: undefined } };

/** They could not be read: try again. */
export const Failed: Story = { args: { batches: undefined, error: 'The server did not answer.' } };

/** Too many cards at once: said before anything is sent. */
export const TooMany: Story = {
  args: { batches: [] },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await userEvent.type(page.getByLabelText('Name of the batch'), 'Big');
    const count = page.getByLabelText('How many cards');
    await userEvent.clear(count);
    await userEvent.type(count, '5000');
    await userEvent.click(page.getByRole('button', { name: 'Make card numbers' }));
    await expect(page.getByText(/from 1 to 1,000/)).toBeVisible();
    await expect(args.onCreate).not.toHaveBeenCalled();
  },
};
