import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { CounterGiftCard } from '#contract/gift-cards-physical';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { CounterGiftCardPanel } from '../../../../src/screens/console/counter/counter-gift-card';
import { STAFF_MEMBER } from '../../../fixtures/console';

const PRINTED: CounterGiftCard = { last4: 'Q7RT', kind: 'physical', state: 'inactive', amount: 0, balance: 0, activated_at: null, expires_at: null };
const ACTIVE: CounterGiftCard = { ...PRINTED, state: 'active', amount: 100_000, balance: 68_000, activated_at: '2026-12-01T02:10:00.000Z' };

/**
 * /merchant/counter, its gift cards (staff and owners; issue 49): a card's number typed, what is on it,
 * and what staff do with it: sell and activate a printed card with the amount paid at the till, take part
 * of it off for a walk-in, or add what is left to a member's wallet; each with its answer or refusal.
 */
const meta = {
  title: 'Console/Counter/Gift cards',
  component: CounterGiftCardPanel,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    result: null,
    offered: '₱500.00, ₱1,000.00 or any amount from ₱200.00 to ₱5,000.00',
    currency: 'PHP',
    locale: 'en-PH',
    timeZone: 'Asia/Manila',
    onCheck: fn(),
    onActivate: fn(),
    onSpend: fn(),
    onAdd: fn(),
    onNext: fn(),
  },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={STAFF_MEMBER} current="counter" title="Counter" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <CounterGiftCardPanel {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof CounterGiftCardPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Waiting for a card: its number typed as printed, in any case, with or without dashes. */
export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await userEvent.type(page.getByLabelText('Gift card number'), 'abcd-efgh-jkmn-pqrs-t');
    await userEvent.click(page.getByRole('button', { name: 'Check gift card' }));
    await expect(args.onCheck).toHaveBeenCalledWith('abcd-efgh-jkmn-pqrs-t');
  },
};

/** A printed card not sold yet: the amount paid at the till activates it. */
export const NotSoldYet: Story = {
  args: { result: { kind: 'found', card: PRINTED } },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Not sold yet')).toBeVisible();
    await userEvent.type(page.getByLabelText('Amount paid (PHP)'), '500');
    await userEvent.click(page.getByRole('button', { name: 'Activate card' }));
    await expect(args.onActivate).toHaveBeenCalledWith(50_000);
  },
};

/** An active card: what is left, part of it taken off for a walk-in, or all of it into a member's wallet. */
export const Found: Story = {
  args: { result: { kind: 'found', card: ACTIVE } },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('₱680.00')).toBeVisible();
    // more than is left: said before anything is sent
    await userEvent.type(page.getByLabelText('Amount to pay with the card (PHP)'), '700');
    await userEvent.click(page.getByRole('button', { name: 'Take off the card' }));
    await expect(page.getByText('There is only ₱680.00 on the card.')).toBeVisible();
    await expect(args.onSpend).not.toHaveBeenCalled();
    await userEvent.type(page.getByLabelText('Member’s phone number'), '0917 555 0101');
    await userEvent.click(page.getByRole('button', { name: 'Add to their wallet' }));
    await expect(args.onAdd).toHaveBeenCalledWith({ phone: '0917 555 0101' });
    await userEvent.type(page.getByLabelText('Code on the member card'), 'K7QM2XHD');
    await userEvent.click(page.getByRole('button', { name: 'Add by member card' }));
    await expect(args.onAdd).toHaveBeenCalledWith({ code: 'K7QM2XHD' });
  },
};

/** Just activated: the payment recorded as taken at the till. */
export const Activated: Story = { args: { result: { kind: 'activated', card: { ...ACTIVE, balance: 100_000 } } } };

/** Part taken off for a walk-in: what is left on the card. */
export const Spent: Story = { args: { result: { kind: 'spent', card: ACTIVE, spent: 32_000 } } };

/** Added to a member's wallet, as gift money. */
export const AddedToWallet: Story = { args: { result: { kind: 'added', amount: 68_000, first_name: 'Ana', balance: 93_000 } } };

/** Refused: a card activated twice, in the provider's words. */
export const Refused: Story = {
  args: { result: { kind: 'refused', title: 'This card is active already', message: 'This gift card was activated already, with ₱1,000.00.' } },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('This card is active already')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Next card' }));
    await expect(args.onNext).toHaveBeenCalled();
  },
};

/** Working: the activation is being saved. */
export const Activating: Story = { args: { result: { kind: 'found', card: PRINTED }, activating: true } };
